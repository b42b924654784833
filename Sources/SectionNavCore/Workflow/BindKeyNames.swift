/// Key names for `--bind`: fzf's spelling (`ctrl-r`, `alt-x`, `f5`, `enter`,
/// `btab`, `shift-up`, `x`) or the script's (`C-r`, `M-x`, `S-Up`, `PgDn`).
enum BindKeyNames {
  static let fzfNames: [String: KeyEvent] = [
    "enter": KeyEvent(.enter), "return": KeyEvent(.enter), "esc": KeyEvent(.escape),
    "tab": KeyEvent(.tab), "btab": KeyEvent(.backTab), "shift-tab": KeyEvent(.backTab),
    "space": KeyEvent(.char(" ")), "bspace": KeyEvent(.backspace), "bs": KeyEvent(.backspace),
    "del": KeyEvent(.delete), "insert": KeyEvent(.insert), "home": KeyEvent(.home), "end": KeyEvent(.end),
    "pgup": KeyEvent(.pageUp), "page-up": KeyEvent(.pageUp), "pgdn": KeyEvent(.pageDown),
    "page-down": KeyEvent(.pageDown), "up": KeyEvent(.up), "down": KeyEvent(.down),
    "left": KeyEvent(.left), "right": KeyEvent(.right),
    "shift-up": KeyEvent(.up, modifiers: .shift), "shift-down": KeyEvent(.down, modifiers: .shift),
    "shift-left": KeyEvent(.left, modifiers: .shift), "shift-right": KeyEvent(.right, modifiers: .shift),
    // The terminal sends these control codes for the named keys.
    "ctrl-m": KeyEvent(.enter), "ctrl-i": KeyEvent(.tab), "ctrl-[": KeyEvent(.escape),
    "ctrl-space": KeyEvent(Key.control(0)),  // NUL, as C-@ (and the scripts' C-Space)
    "ctrl-/": KeyEvent(Key.control(0x1F)),  // what terminals send for C-/, as fzf reads it: C-_
  ]

  /// The keys fzf takes `ctrl-`, `alt-` and `shift-` on, in any order and
  /// together (`ctrl-up`, `alt-shift-home`, `ctrl-alt-delete`): terminals
  /// send them as the key's sequence with xterm's modifier parameter.
  static let modifiable: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
    "page-up": .pageUp, "pgup": .pageUp, "page-down": .pageDown, "pgdn": .pageDown, "delete": .delete, "del": .delete,
  ]

  /// `lower` as modifier prefixes on a `modifiable` key, nil otherwise.
  static func modified(_ lower: String) -> KeyEvent? {
    let (modifiers, rest) = Modifiers.leading(
      lower, spelled: [("ctrl-", .control), ("alt-", .alt), ("shift-", .shift)])
    guard !modifiers.isEmpty, let key = modifiable[rest] else { return nil }
    return KeyEvent(key, modifiers: modifiers)
  }

  static func parse(_ name: String, in value: String) throws(UsageError) -> KeyEvent {
    let lower = name.lowercased()
    if name.count == 1, let c = name.first { return KeyEvent(.char(c)) }
    if let event = fzfNames[lower] { return event }
    if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last, c.isASCII, c.isLetter || "@[\\]^_".contains(c) {
      return KeyEvent(.ctrl(c))
    }
    if let event = modified(lower) { return event }
    // fzf's `ctrl-alt-x`: Alt and C-x.
    // (An unknown key is named as written, not by the part after `alt-`.)
    if lower.hasPrefix("ctrl-alt-"), name.count > 9, var inner = try? parse("ctrl-" + name.dropFirst(9), in: value) {
      inner.modifiers.insert(.alt)
      return inner
    }
    if lower.hasPrefix("alt-"), name.count > 4, var inner = try? parse(String(name.dropFirst(4)), in: value) {
      inner.modifiers.insert(.alt)
      return inner
    }
    if let event = try? KeyNames.parse(name) { return event }
    if fzfEvents.contains(lower) {
      throw UsageError(
        "invalid --bind '\(value)': '\(name)' is an fzf event sectionnav does not fire (it fires start, load "
          + "and change)")
    }
    throw UsageError("invalid --bind '\(value)': unknown key '\(name)'")
  }

  /// fzf 0.74's `--bind` events sectionnav does not fire (`BindEvent` has
  /// those it does): named as such when refused, not as unknown keys.
  static let fzfEvents: Set<String> = [
    "resize", "result", "focus", "one", "zero", "multi", "backward-eof", "jump", "jump-cancel", "click-header",
    "click-footer",
  ]
}

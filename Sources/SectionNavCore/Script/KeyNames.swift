/// Key names as written in scripts and shown in help: `j`, `Down`, `PgDn`,
/// `C-d`, `M-x`, `S-Up`, `Tab`, `Enter`, `Esc`, `Space`, `F1`, …
public enum KeyNames {
  static let named: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
    "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
    "insert": .insert, "ins": .insert, "delete": .delete, "del": .delete,
    "enter": .enter, "return": .enter, "ret": .enter, "tab": .tab, "backtab": .backTab, "s-tab": .backTab,
    "backspace": .backspace, "bs": .backspace, "esc": .escape, "escape": .escape, "space": .char(" "),
    // The NUL Ctrl-Space sends, as `C-@`.
    "c-space": Key.control(0),
  ]

  /// Keys a terminal reports with xterm's modifier parameter: `S-Up`,
  /// `C-Left`, `C-S-Home`, `M-C-Delete` (the modifiers in any order).
  static let modifiable: Set<Key> = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete]

  /// `lower` as `c-`, `s-` and `m-` prefixes on a named key (`c-` only on
  /// a `modifiable` one; at least `c-` or `s-`: `M-` on any key is Alt and
  /// the key), nil otherwise.
  static func modified(_ lower: String) -> KeyEvent? {
    let (modifiers, rest) = Modifiers.leading(lower, spelled: [("c-", .control), ("s-", .shift), ("m-", .alt)])
    guard !modifiers.subtracting(.alt).isEmpty, let key = named[rest],
      !modifiers.contains(.control) || modifiable.contains(key)
    else { return nil }
    return KeyEvent(key, modifiers: modifiers)
  }

  public static func parse(_ name: String) throws(CommandError) -> KeyEvent {
    if name.count == 1, let c = name.first { return KeyEvent(.char(c)) }
    // No key's name is longer (`M-C-S-PageDown`): a name of thousands of
    // `M-` took time and memory growing with its square, one call a prefix.
    guard name.utf8.count <= longestName else {
      throw CommandError("unknown key '\(name.prefix(longestName))…'")
    }
    if let key = named[name.lowercased()] { return KeyEvent(key) }
    let lower = name.lowercased()
    if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) {
      return KeyEvent(.function(n))
    }
    if lower.hasPrefix("c-"), name.count == 3, let c = lower.last, let ascii = c.asciiValue {
      // The byte a terminal sends for the chord, read as the terminal's keys
      // are: `key C-m` is Enter, `C-[` Esc, `C-?` DEL (Backspace), `C-h` BS
      // (a key of its own that edits as Backspace unless bound).
      switch ascii {
      case UInt8(ascii: "?"): return KeyEvent(Key.control(0x7F))
      case 0x40...0x5F, 0x61...0x7A: return KeyEvent(Key.control(ascii & 0x1F))
      default: return KeyEvent(.ctrl(c))
      }
    }
    if let event = modified(lower) { return event }
    if lower.hasPrefix("m-"), name.count > 2 {
      var inner = try parse(String(name.dropFirst(2)))
      inner.modifiers.insert(.alt)
      return inner
    }
    // `C-M-x` is `M-C-x`: the modifiers in either order.
    if lower.hasPrefix("c-m-"), name.count > 4 { return try parse("M-C-" + name.dropFirst(4)) }
    throw CommandError("unknown key '\(name)'")
  }

  /// The longest name a key may have.
  static let longestName = 40

  /// The name of a key for help text.
  public static func name(of event: KeyEvent) -> String {
    var base: String
    switch event.key {
    case .char(" "): base = "Space"
    case .char(let c): base = String(c)
    case .ctrl(let c): base = "C-\(c)"
    case .up: base = "Up"
    case .down: base = "Down"
    case .left: base = "Left"
    case .right: base = "Right"
    case .home: base = "Home"
    case .end: base = "End"
    case .pageUp: base = "PgUp"
    case .pageDown: base = "PgDn"
    case .insert: base = "Insert"
    case .delete: base = "Delete"
    case .enter: base = "Enter"
    case .tab: base = "Tab"
    case .backTab: base = "S-Tab"
    case .backspace: base = "Backspace"
    case .escape: base = "Esc"
    case .function(let n): base = "F\(n)"
    }
    if event.modifiers.contains(.shift) && event.key != .backTab { base = "S-" + base }
    if event.modifiers.contains(.control) { base = "C-" + base }
    if event.modifiers.contains(.alt) { base = "M-" + base }
    return base
  }
}

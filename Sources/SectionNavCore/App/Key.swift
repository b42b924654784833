/// A key press, independent of how it arrived (terminal bytes, a script's `key`
/// command or the prompt), so one `update` path serves every source.
public enum Key: Hashable, Sendable {
  /// Printable text: one grapheme (includes space).
  case char(Character)
  /// Control chord `C-x`, stored as the lowercase letter (or `@`, `[`, …).
  case ctrl(Character)
  case up, down, left, right, home, end, pageUp, pageDown, insert, delete
  case enter, tab, backTab, backspace, escape
  case function(Int)
}

/// Modifier keys that accompany a key or a mouse report.
public struct Modifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let shift = Modifiers(rawValue: 1)
  public static let alt = Modifiers(rawValue: 2)
  public static let control = Modifiers(rawValue: 4)

  /// The modifiers `name` starts with, spelled by `prefixes` (`ctrl-`,
  /// `C-`, …) in any order, each once, and the rest of the name.
  static func leading(_ name: String, spelled prefixes: [(String, Modifiers)]) -> (Modifiers, rest: String) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    while let (prefix, modifier) = prefixes.first(where: { rest.hasPrefix($0.0) && !modifiers.contains($0.1) }) {
      modifiers.insert(modifier)
      rest = rest.dropFirst(prefix.count)
    }
    return (modifiers, String(rest))
  }
}

/// A key together with its modifiers.
public struct KeyEvent: Hashable, Sendable {
  public var key: Key
  public var modifiers: Modifiers
  public init(_ key: Key, modifiers: Modifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}

extension Key {
  /// The byte a terminal sends for this key when it is one C0 control byte
  /// or DEL (the inverse of `control(_:)`), else nil.
  public var controlByte: UInt8? {
    switch self {
    case .backspace: return 0x7F
    case .tab: return 0x09
    case .enter: return 0x0D
    case .escape: return 0x1B
    case .ctrl(let c):
      guard let v = c.asciiValue else { return nil }
      switch v {
      case 0x40: return 0x00
      case 0x61...0x7A, 0x5C...0x5F: return v & 0x1F
      default: return nil
      }
    default: return nil
    }
  }

  /// The key a terminal sends as the C0 control byte or DEL `b`: C-h and DEL
  /// are Backspace, C-i Tab, C-m Enter, C-[ Esc; the rest (C-j too) are chords.
  /// The input decoder and a script's `key C-x` both use it, so a script
  /// means what the same keys typed on a terminal mean.
  public static func control(_ b: UInt8) -> Key {
    switch b {
    case 0x00: return .ctrl("@")
    // DEL is what Backspace sends; BS (C-h) is a key of its own, as in fzf
    // (`--bind ctrl-h:…`), that edits as Backspace does unless bound.
    case 0x7F: return .backspace
    case 0x09: return .tab
    // Enter sends CR in raw mode; LF is C-j (down in fzf and in the list).
    case 0x0D: return .enter
    case 0x1B: return .escape
    case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(b + 0x60)))
    default: return .ctrl(Character(Unicode.Scalar((b & 0x1F) + 0x40)))  // 1C–1F: \ ] ^ _
    }
  }
}

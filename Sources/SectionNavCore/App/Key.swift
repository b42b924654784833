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

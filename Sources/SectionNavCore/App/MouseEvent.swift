/// A pointer report in 1-based cell coordinates, column first — the same shape
/// whether it came from an SGR mouse sequence or a script's `click`/`drag`.
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case press, motion, release
    case wheelUp, wheelDown, wheelLeft, wheelRight
  }
  public var kind: Kind
  /// 0 left, 1 middle, 2 right (meaningless for wheel events).
  public var button: Int
  public var column: Int
  public var row: Int
  public var modifiers: Modifiers

  public init(_ kind: Kind, column: Int, row: Int, button: Int = 0, modifiers: Modifiers = []) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}

/// One terminal cell: a single grapheme cluster of display width 1 or 2, the
/// empty string for the right half of a wide grapheme. Text in cells has always
/// been sanitised: no control characters.
public struct Cell: Hashable, Sendable {
  public var text: String
  public var style: Style

  public init(_ text: String = " ", style: Style = .plain) {
    self.text = text
    self.style = style
  }

  public static let blank = Cell()
  /// Right half of a wide grapheme drawn in the cell to its left.
  public var isContinuation: Bool { text.isEmpty }
}

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

  /// A cluster that terminals with older width tables draw at another width
  /// than the two cells it takes here (README: tmux 3.3 draws `❤️` in one
  /// cell and `👍🏽` in four): an emoji made so by VS16, a skin-tone
  /// modifier, a ZWJ sequence, a flag, a keycap. The writer places what
  /// follows one by an absolute move, and draws a row that holds or held
  /// one whole, so that nothing it shifted stays behind.
  public var widthUncertain: Bool {
    guard text.utf8.count > 4 else { return false }  // one scalar, or a mark on a letter
    var scalars = 0
    var marked = false
    for s in text.unicodeScalars {
      scalars += 1
      switch s.value {
      case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF: marked = true
      default: break
      }
    }
    return scalars > 1 && marked
  }
}

/// Where everything sits on a W×H screen (0-based cells): pinned header on the
/// first row, list rows, optional horizontal indicator, `--header` line,
/// status line last (under `--layout=reverse` the status line, the header
/// line, then the rest, top down); the
/// vertical indicator in the last column and the index column just left of it.
/// Degenerate sizes give empty areas, never negative ones.
public struct ScreenLayout: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Row of the pinned header, if there is room for one.
  public let pinnedRow: Int?
  /// First list row and number of list rows (may be 0).
  public let listTop: Int
  public let listHeight: Int
  /// Row of the horizontal indicator, when content is wider than the text area.
  public let horizontalRow: Int?
  /// Status line row (nil only for a 0-height screen).
  public let statusRow: Int?
  /// Row of the `--header` line, if any.
  public let headerRow: Int?
  /// Column of the vertical indicator (nil when the screen is 1 column wide).
  public let verticalColumn: Int?
  /// First column of the index column and its width (0 when hidden).
  public let indexColumn: Int
  public let indexWidth: Int
  /// Columns 0..<textWidth hold list text.
  public let textWidth: Int
  /// Cells before item text: the cursor marker ("> ").
  public static let itemIndent = 2

  /// `chrome`: the prompt line on top under `--layout=reverse`, and the
  /// `--header` row beside it (when at least 4 rows leave room for it).
  public init(width: Int, height: Int, indexLabelWidth: Int, contentWidth: Int, chrome: PickChrome = PickChrome()) {
    self.width = max(0, width)
    self.height = max(0, height)
    let h = self.height
    let w = self.width
    let top = chrome.promptOnTop && h >= 2
    let headerRows = chrome.header != nil && h >= 4 ? 1 : 0
    statusRow = h >= 1 ? (top ? 0 : h - 1) : nil
    headerRow = headerRows == 0 ? nil : top ? 1 : h - 2
    // Rows above the list: the pinned header, under the prompt and header when they are on top.
    let above = top ? 1 + headerRows : 0
    pinnedRow = h >= 2 ? above : nil
    verticalColumn = w >= 2 ? w - 1 : nil
    let available = w - (verticalColumn == nil ? 0 : 1)
    let wantedIndex = indexLabelWidth > 0 ? indexLabelWidth + 1 : 0
    indexWidth = available - wantedIndex >= 1 ? wantedIndex : 0
    textWidth = max(0, available - indexWidth)
    indexColumn = textWidth
    listTop = h >= 2 ? above + 1 : 0
    let itemArea = max(0, textWidth - Self.itemIndent)
    let rowsLeft = max(0, h - 2 - headerRows)
    if contentWidth > itemArea, rowsLeft >= 2 {
      horizontalRow = listTop + rowsLeft - 1
      listHeight = rowsLeft - 1
    } else {
      horizontalRow = nil
      listHeight = rowsLeft
    }
  }

  /// Cells available to item text after the cursor marker.
  public var itemTextWidth: Int { max(0, textWidth - Self.itemIndent) }
  /// Track length of the horizontal indicator: every column but the last.
  public var horizontalTrack: Int { verticalColumn ?? width }

  /// The list row (0-based within the list area) of screen row `row`, if any.
  public func listLine(ofScreenRow row: Int) -> Int? {
    let line = row - listTop
    return line >= 0 && line < listHeight ? line : nil
  }
}

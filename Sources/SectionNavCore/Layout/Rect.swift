/// A rectangle of cells (0-based, column first), possibly empty.
public struct Rect: Sendable, Equatable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public static let empty = Rect(x: 0, y: 0, width: 0, height: 0)

  public var isEmpty: Bool { width == 0 || height == 0 }

  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < x + width && row >= y && row < y + height
  }
}

/// Which way an indicator runs.
public enum Orientation: Sendable, Equatable {
  case vertical, horizontal
}

extension ScreenLayout {
  /// Item rows: the text columns of the list rows (headers and items).
  public var list: Rect { Rect(x: 0, y: listTop, width: textWidth, height: listHeight) }
  /// The section index column, beside the list rows.
  public var index: Rect { Rect(x: indexColumn, y: listTop, width: indexWidth, height: listHeight) }
  /// The vertical indicator's track: the last column, beside the list rows.
  public var verticalTrack: Rect {
    verticalColumn.map { Rect(x: $0, y: listTop, width: 1, height: listHeight) } ?? .empty
  }
  /// The horizontal indicator's track: its row, every column but the last.
  public var horizontalTrackArea: Rect {
    horizontalRow.map { Rect(x: 0, y: $0, width: horizontalTrack, height: 1) } ?? .empty
  }
  /// The pinned header of the top section, over the text columns.
  public var pinned: Rect { pinnedRow.map { Rect(x: 0, y: $0, width: textWidth, height: 1) } ?? .empty }
  /// The status line.
  public var status: Rect { statusRow.map { Rect(x: 0, y: $0, width: width, height: 1) } ?? .empty }

  /// The track of the indicator running `orientation`.
  public func track(_ orientation: Orientation) -> Rect {
    orientation == .vertical ? verticalTrack : horizontalTrackArea
  }
}

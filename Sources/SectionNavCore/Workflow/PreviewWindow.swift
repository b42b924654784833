/// `--preview-window`: where the preview pane goes and how big it is, and the
/// pure split of the screen between the list and the pane. The list is
/// drawn in its own coordinates; `PreviewSplit.listColumn`/`listRow` place
/// it on the screen (after a pane on the left or at the top).
public struct PreviewWindow: Sendable, Equatable {
  public enum Position: String, Sendable {
    case right, bottom, left, top

    /// The pane shares the screen's width with the list (side by side).
    var sideBySide: Bool { self == .right || self == .left }
  }
  public enum Size: Sendable, Equatable {
    case percent(Int)
    case cells(Int)
  }

  public var position = Position.right
  public var size = Size.percent(50)
  /// Start with the pane closed (`toggle-preview` opens it).
  public var hidden = false

  /// The list keeps at least this many columns (right) or rows (bottom).
  static let minimumList = (columns: 20, rows: 4)

  public init() {}

  /// `right:50%`, `bottom:40%`, `hidden`, `right:30:hidden` (tokens split by
  /// `:` or `,`, in any order; `down` and `up` are fzf's names for `bottom`
  /// and `top`; a size is a percentage or a number of cells, border included).
  public init(_ spec: String) throws(UsageError) {
    for token in spec.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init) {
      switch token {
      case "right": position = .right
      case "bottom", "down": position = .bottom
      case "left": position = .left
      case "top", "up": position = .top
      case "hidden": hidden = true
      case "nohidden": hidden = false
      default:
        let number = token.hasSuffix("%") ? token.dropLast() : Substring(token)
        let digits = !number.isEmpty && number.allSatisfy({ $0.isASCII && $0.isNumber })
        if digits && number.count > 4 {
          throw UsageError("invalid --preview-window '\(spec)': size '\(token)' is too large")
        }
        guard digits, let n = Int(number) else {
          throw UsageError(
            "invalid --preview-window '\(spec)': unknown token '\(token)' "
              + "(expected right, bottom, left, top, hidden, N% or N)")
        }
        if token.hasSuffix("%") {
          guard (1...99).contains(n) else {
            throw UsageError("invalid --preview-window '\(spec)': '\(token)' is not within 1%–99%")
          }
          size = .percent(n)
        } else {
          guard n >= 1 else { throw UsageError("invalid --preview-window '\(spec)': size 0") }
          size = .cells(n)
        }
      }
    }
  }

  /// Where the list and the pane go on a `width`×`height` screen.
  public func split(width: Int, height: Int, open: Bool) -> PreviewSplit {
    let whole = PreviewSplit(listWidth: max(0, width), listHeight: max(0, height), pane: nil)
    guard open else { return whole }
    let total = position.sideBySide ? width : height
    let minimum = position.sideBySide ? Self.minimumList.columns : Self.minimumList.rows
    var wanted: Int
    switch size {
    case .percent(let p): wanted = (total * p + 50) / 100
    case .cells(let n): wanted = n
    }
    wanted = min(wanted, total - minimum)
    // The border plus at least one cell of text, or no pane at all.
    guard wanted >= 2 else { return whole }
    let list = total - wanted
    switch position {
    case .right:
      return PreviewSplit(
        listWidth: list, listHeight: height,
        pane: PreviewSplit.Pane(column: list + 1, row: 0, width: wanted - 1, height: height))
    case .bottom:
      return PreviewSplit(
        listWidth: width, listHeight: list,
        pane: PreviewSplit.Pane(column: 0, row: list + 1, width: width, height: wanted - 1))
    case .left:
      return PreviewSplit(
        listWidth: list, listHeight: height, listColumn: wanted,
        pane: PreviewSplit.Pane(column: 0, row: 0, width: wanted - 1, height: height))
    case .top:
      return PreviewSplit(
        listWidth: width, listHeight: list, listRow: wanted,
        pane: PreviewSplit.Pane(column: 0, row: 0, width: width, height: wanted - 1))
    }
  }
}

/// The result of `PreviewWindow.split`.
public struct PreviewSplit: Sendable, Equatable {
  /// The pane's text area; its border is the column or row between it and the list.
  public struct Pane: Sendable, Equatable {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public func contains(column c: Int, row r: Int) -> Bool {
      c >= column && c < column + width && r >= row && r < row + height
    }
  }

  /// The list, index column, indicators and status line use columns
  /// `listColumn..<listColumn + listWidth` and rows `listRow..<listRow + listHeight`.
  public var listWidth: Int
  public var listHeight: Int
  public var listColumn = 0
  public var listRow = 0
  /// nil: no pane (closed, or no room for one).
  public var pane: Pane?

  /// Whether the screen cell (0-based) is the list's.
  public func inList(column: Int, row: Int) -> Bool {
    column >= listColumn && column < listColumn + listWidth && row >= listRow && row < listRow + listHeight
  }
}

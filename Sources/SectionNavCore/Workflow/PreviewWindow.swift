/// `--preview-window`: where the preview pane goes and how big it is, and the
/// pure split of the screen between the list (always at the top left, so
/// list coordinates equal screen coordinates) and the pane.
public struct PreviewWindow: Sendable, Equatable {
  public enum Position: String, Sendable { case right, bottom }
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
  /// `:` or `,`, in any order; `down` is fzf's name for `bottom`; a size is a
  /// percentage or a number of cells, border included).
  public init(_ spec: String) throws(UsageError) {
    for token in spec.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init) {
      switch token {
      case "right": position = .right
      case "bottom", "down": position = .bottom
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
              + "(expected right, bottom, hidden, N% or N)")
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
    let total = position == .right ? width : height
    let minimum = position == .right ? Self.minimumList.columns : Self.minimumList.rows
    var wanted: Int
    switch size {
    case .percent(let p): wanted = (total * p + 50) / 100
    case .cells(let n): wanted = n
    }
    wanted = min(wanted, total - minimum)
    // The border plus at least one cell of text, or no pane at all.
    guard wanted >= 2 else { return whole }
    let list = total - wanted
    if position == .right {
      return PreviewSplit(
        listWidth: list, listHeight: height,
        pane: PreviewSplit.Pane(column: list + 1, row: 0, width: wanted - 1, height: height))
    }
    return PreviewSplit(
      listWidth: width, listHeight: list,
      pane: PreviewSplit.Pane(column: 0, row: list + 1, width: width, height: wanted - 1))
  }
}

/// The result of `PreviewWindow.split`.
public struct PreviewSplit: Sendable, Equatable {
  /// The pane's text area; its border is the column left of it (right) or
  /// the row above it (bottom).
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
  /// `0..<listWidth` and rows `0..<listHeight`.
  public var listWidth: Int
  public var listHeight: Int
  /// nil: no pane (closed, or no room for one).
  public var pane: Pane?
}

/// A W×H grid of cells: what `render` produces and what the terminal writer
/// diffs and `print` dumps. Every row has a display width of exactly `width`.
public struct Frame: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// 0-based column and row; reads outside the frame return a blank cell.
  /// Writing over one half of a wide grapheme turns its other half into a
  /// space, so a frame never holds half a character.
  public subscript(column: Int, row: Int) -> Cell {
    get {
      guard column >= 0, column < width, row >= 0, row < height else { return .blank }
      return cells[row * width + column]
    }
    set {
      guard column >= 0, column < width, row >= 0, row < height else { return }
      let i = row * width + column
      let old = cells[i]
      if old.isContinuation, column > 0, !newValue.isContinuation, !cells[i - 1].isContinuation {
        cells[i - 1].text = " "
      }
      if !old.isContinuation, column + 1 < width, cells[i + 1].isContinuation, !newValue.isContinuation {
        cells[i + 1].text = " "
      }
      cells[i] = newValue
    }
  }

  /// Sets the style of `count` cells from `column` on `row`, keeping their text.
  public mutating func fillStyle(_ style: Style, column: Int, row: Int, count: Int) {
    guard row >= 0, row < height else { return }
    for c in max(0, column)..<min(width, column + count) where c >= 0 {
      cells[row * width + c].style = style
    }
  }

  /// Writes `text` (already sanitised or not: it is sanitised here) starting at
  /// 0-based `column` on `row`, using at most `maxWidth` cells. The first `skip`
  /// cells of the text are scrolled away to the left; a wide grapheme cut by
  /// either edge is drawn as a space. Returns the number of cells written.
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, column: Int, row: Int, maxWidth: Int? = nil, style: Style = .plain,
    skip: Int = 0
  ) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let limit = min(maxWidth ?? (width - column), width - column)
    guard limit > 0 else { return 0 }
    var written = 0
    let (rest, fastSkipped) = TextSanitizer.skipASCII(Substring(text), cells: skip)
    var skipped = fastSkipped
    // Whether the grapheme before was drawn whole.
    var previousDrawn = false
    TextSanitizer.forEachGrapheme(rest) { grapheme in
      let w = grapheme.width
      // A wide cluster's later piece whose piece before was cut off by the
      // left edge: spaces, as a wide grapheme cut there (alone it would
      // join the cell before it).
      let orphan = grapheme.continuesCluster && !previousDrawn
      previousDrawn = false
      if skipped < skip {
        if skipped + w > skip {
          // A wide grapheme cut by the left edge: its visible half is a space.
          let visible = skipped + w - skip
          for _ in 0..<min(visible, limit - written) {
            self[column + written, row] = Cell(" ", style: style)
            written += 1
          }
        }
        skipped += w
        return written < limit
      }
      if written + w > limit {
        // A grapheme that would straddle the right edge becomes spaces.
        while written < limit {
          self[column + written, row] = Cell(" ", style: style)
          written += 1
        }
        return false
      }
      if orphan {
        for k in 0..<w { self[column + written + k, row] = Cell(" ", style: style) }
      } else {
        self[column + written, row] = Cell(grapheme.text, style: style)
        if w == 2 { self[column + written + 1, row] = Cell("", style: style) }
      }
      written += w
      previousDrawn = !orphan
      return written < limit
    }
    return written
  }

  /// The frame as plain text: exactly `height` lines, each right-trimmed.
  public func plainLines() -> [String] {
    (0..<height).map { row in
      var line = ""
      for c in 0..<width {
        line += cells[row * width + c].text
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The frame with SGR codes: style changes are emitted when they occur and
  /// every non-plain line ends with a reset.
  public func ansiLines() -> [String] {
    (0..<height).map { row in
      var line = ""
      var current = Style.plain
      for c in 0..<width {
        let cell = cells[row * width + c]
        if cell.style != current {
          line += cell.style.sgr
          current = cell.style
        }
        line += cell.text
      }
      if current != .plain { line += SGR.reset }
      // Right-trim only trailing unstyled spaces.
      if current == .plain { while line.last == " " { line.removeLast() } }
      return line
    }
  }
}

import SectionNavCore

/// Turns each new frame into the bytes that change the terminal from the
/// previous frame to it — changed cells only, the cheapest cursor moves, colour
/// codes only when the style changes, a scroll region when rows merely moved —
/// inside one DEC synchronized update, so a frame costs one small `write` and
/// never shows half drawn.
public struct ScreenWriter: Sendable {
  /// Whether rows that moved up or down are shifted with a scroll region
  /// rather than redrawn (on unless a terminal is known to get it wrong).
  public var usesScrollRegions = true
  /// `--height`: the screen row frames start at, on the main screen (only
  /// their rows are cleared, scroll regions are not used); nil: full screen.
  public var origin: Int?

  private var previous: Frame?
  private var cursor: CursorPosition?
  private var style: Style?

  public init() {}

  /// The screen row the last frame left the cursor on; nil before one, or
  /// once `invalidate` forgot it.
  public var cursorRow: Int? { cursor.map { $0.row + (origin ?? 0) } }

  /// Forgets what the terminal shows, so the next frame repaints everything
  /// after a clear: after a resize, a prompt, a suspend, or anything else that
  /// wrote to the terminal.
  public mutating func invalidate() {
    previous = nil
    cursor = nil
    style = nil
  }

  /// Whether a frame of this size is drawn as a change to the last one
  /// (else the screen is cleared first).
  public func updates(width: Int, height: Int) -> Bool {
    previous.map { $0.width == width && $0.height == height } ?? false
  }

  /// Something else moved the cursor (a line editor): the next frame places
  /// it with an absolute move first.
  public mutating func forgetCursor() {
    cursor = nil
    style = nil
  }

  /// Something else cleared `row` (a prompt opening on it, drawn with
  /// plain attributes): the next frame redraws only what differs from that.
  public mutating func blank(row: Int) {
    guard var frame = previous, row >= 0, row < frame.height else { return }
    for column in 0..<frame.width { frame[column, row] = .blank }
    previous = frame
    forgetCursor()
  }

  /// The bytes that update the terminal to `frame`; empty when the terminal
  /// already shows it.
  public mutating func render(_ frame: Frame) -> [UInt8] {
    let frame = Self.displayable(frame)
    var body: FrameEmitter
    if let previous, previous.width == frame.width, previous.height == frame.height {
      if previous == frame { return [] }
      body = FrameEmitter(cursor: cursor, style: style, origin: origin ?? 0)
      body.update(from: previous.cells, to: frame)
      if usesScrollRegions, origin == nil, let move = ScrollMove.find(from: previous, to: frame) {
        var scrolled = FrameEmitter(cursor: cursor, style: style)
        let base = scrolled.scroll(previous, by: move)
        scrolled.update(from: base, to: frame)
        if scrolled.bytes.count < body.bytes.count { body = scrolled }
      }
    } else {
      body = FrameEmitter(cursor: nil, style: nil, origin: origin ?? 0)
      if origin == nil { body.clearScreen() } else { body.clearRows(frame.height) }
      body.update(from: Array(repeating: .blank, count: frame.cells.count), to: frame)
    }
    if origin != nil && body.cursor == nil && frame.height > 0 {
      // Inline, the cursor is left on a known row (not in the right edge's
      // limbo): after a resize, where the terminal then says it is tells
      // how far the rows moved (`cursorRow`).
      body.park(at: CursorPosition(column: 0, row: frame.height - 1))
    }
    body.finish()
    previous = frame
    cursor = body.cursor
    style = body.style
    var out: [UInt8] = []
    out.reserveCapacity(body.bytes.count + 16)
    out.append(contentsOf: ControlSequences.beginSynchronizedUpdate)
    out.append(contentsOf: body.bytes)
    out.append(contentsOf: ControlSequences.endSynchronizedUpdate)
    return out
  }
}

extension ScreenWriter {
  /// `frame` as a terminal can show it, so the cursor never drifts: a wide
  /// grapheme must be followed by its right half (else it is drawn as a
  /// space, like one cut by the edge), a right half must follow a wide
  /// grapheme and takes its style, and text of any other width (zero, or more
  /// than one grapheme) is a space. Valid frames come back unchanged.
  static func displayable(_ frame: Frame) -> Frame {
    var result = frame
    let width = frame.width
    let cells = frame.cells
    for row in 0..<frame.height {
      let offset = row * width
      var c = 0
      while c < width {
        let cell = cells[offset + c]
        let cellWidth = displayWidth(cell.text)
        if cellWidth == 2, c + 1 < width, cells[offset + c + 1].isContinuation {
          if cells[offset + c + 1].style != cell.style {
            result[c + 1, row] = Cell("", style: cell.style)
          }
          c += 2
          continue
        }
        if cellWidth != 1 { result[c, row] = Cell(" ", style: cell.style) }
        c += 1
      }
    }
    return result
  }

  /// Cells a cell's text covers; -1 when it is not a single grapheme.
  static func displayWidth(_ text: String) -> Int {
    let count = text.utf8.count
    if count == 1 { return 1 }  // ASCII; a control byte is drawn as U+FFFD
    if count == 0 { return 0 }
    guard let first = text.first, text.count == 1 else { return -1 }
    return CellWidth.of(first)
  }
}

/// 0-based cursor position as the writer believes the terminal has it.
struct CursorPosition: Equatable, Sendable {
  var column: Int
  var row: Int
}

/// Builds the bytes of one frame while tracking where the cursor is and which
/// SGR state is active (nil: unknown).
struct FrameEmitter {
  var bytes: [UInt8] = []
  var cursor: CursorPosition?
  var style: Style?
  /// Screen row of the frame's first row (absolute moves add it).
  var origin = 0

  init(cursor: CursorPosition?, style: Style?, origin: Int = 0) {
    self.cursor = cursor
    self.style = style
    self.origin = origin
    bytes.reserveCapacity(256)
  }

  /// Resets attributes and clears the screen; the cursor goes home.
  mutating func clearScreen() {
    bytes.append(contentsOf: ControlSequences.clearScreen)
    style = .plain
    cursor = CursorPosition(column: 0, row: 0)
  }

  /// Resets attributes and blanks the frame's `count` rows (inline).
  mutating func clearRows(_ count: Int) {
    bytes.append(contentsOf: ControlSequences.resetStyle)
    for row in 0..<count {
      bytes.append(contentsOf: CursorMoves.absolute(CursorPosition(column: 0, row: row + origin)))
      bytes.append(contentsOf: ControlSequences.clearLine)
    }
    style = .plain
    cursor = count > 0 ? CursorPosition(column: 0, row: count - 1) : nil
  }

  /// Moves the cursor to `target` by an absolute move.
  mutating func park(at target: CursorPosition) {
    bytes.append(contentsOf: CursorMoves.absolute(CursorPosition(column: target.column, row: target.row + origin)))
    cursor = target
  }

  /// Leaves the terminal with plain attributes, so nothing bleeds into a
  /// prompt or the shell.
  mutating func finish() {
    if style != .plain {
      bytes.append(contentsOf: ControlSequences.resetStyle)
      style = .plain
    }
  }

  /// Writes every cell of `frame` that differs from `base`, what the terminal
  /// shows now (same size).
  mutating func update(from base: [Cell], to frame: Frame) {
    let width = frame.width
    guard width > 0 else { return }
    let cells = frame.cells
    var dirty = [Bool](repeating: false, count: width)
    for row in 0..<frame.height {
      let offset = row * width
      var changed = false
      for c in 0..<width {
        let d = base[offset + c] != cells[offset + c]
        dirty[c] = d
        changed = changed || d
      }
      if !changed { continue }
      // A row where the terminal may have drawn a cluster wider or narrower
      // than here (`Cell.widthUncertain`), before or now, is drawn whole:
      // cells it shifted are not what `base` says (stale text stayed at the
      // row's end when the emoji scrolled out of view).
      if Self.holdsUncertainWidth(base[offset..<(offset + width)])
        || Self.holdsUncertainWidth(cells[offset..<(offset + width)])
      {
        for c in 0..<width { dirty[c] = true }
      }
      // A changed right half of a wide grapheme is redrawn through its left half.
      for c in stride(from: 1, to: width, by: 1)
      where dirty[c] && cells[offset + c].isContinuation && !cells[offset + c - 1].isContinuation {
        dirty[c - 1] = true
      }
      var c = 0
      while c < width {
        let cell = cells[offset + c]
        if !dirty[c] || (cell.isContinuation && c > 0 && !cells[offset + c - 1].isContinuation) {
          c += 1
          continue
        }
        move(to: CursorPosition(column: c, row: row), row: cells[offset..<(offset + width)])
        c += write(cell, column: c, row: row, cells: cells[offset..<(offset + width)])
      }
    }
  }

  /// Writes one cell at the cursor; returns how many columns it covers.
  private mutating func write(_ cell: Cell, column c: Int, row: Int, cells: ArraySlice<Cell>)
    -> Int
  {
    StyleTransition.append(from: style, to: cell.style, into: &bytes)
    style = cell.style
    let width = cells.count
    let start = cells.startIndex
    let advance: Int
    if cell.isContinuation {
      bytes.append(0x20)  // a right half with no left half: draw a space
      advance = 1
    } else {
      if cell.widthUncertain {
        // Both cells blank in the cell's style first (a terminal that draws
        // the emoji in one cell shows the second so, the cursor row's
        // highlight unbroken), then back to the first.
        bytes.append(contentsOf: [0x20, 0x20])
        bytes.append(contentsOf: CursorMoves.absolute(CursorPosition(column: c, row: row + origin)))
      }
      Self.appendVisible(cell.text, into: &bytes)
      advance = c + 1 < width && cells[start + c + 1].isContinuation ? 2 : 1
    }
    // At the right edge the cursor is in the terminal's "pending wrap" limbo;
    // after a cluster of uncertain width, where the terminal put it is not known.
    let known = c + advance < width && !cell.widthUncertain
    cursor = known ? CursorPosition(column: c + advance, row: row) : nil
    return advance
  }

  /// Whether a cell of `row` holds a cluster of uncertain width.
  static func holdsUncertainWidth(_ row: ArraySlice<Cell>) -> Bool {
    row.contains { $0.widthUncertain }
  }

  /// Moves the cursor to `target`, on the row whose cells are `cells`: the
  /// shortest of an absolute move, a relative one, or rewriting the few
  /// unchanged cells in between.
  private mutating func move(to target: CursorPosition, row cells: ArraySlice<Cell>) {
    if cursor == target { return }
    let moveBytes = CursorMoves.cheapest(from: cursor, to: target, origin: origin)
    if let from = cursor, from.row == target.row, from.column < target.column,
      target.column - from.column <= 8,
      let fill = gapFill(cells, from: from.column, to: target.column),
      fill.count <= moveBytes.count
    {
      bytes.append(contentsOf: fill)
    } else {
      bytes.append(contentsOf: moveBytes)
    }
    cursor = target
  }

  /// The bytes that redraw the unchanged cells `start..<end` in the current
  /// style, or nil when that would need a style change.
  private func gapFill(_ cells: ArraySlice<Cell>, from start: Int, to end: Int) -> [UInt8]? {
    var fill: [UInt8] = []
    for c in start..<end {
      let cell = cells[cells.startIndex + c]
      guard cell.style == style else { return nil }
      if cell.isContinuation {
        if c == start { return nil }  // cannot start inside a wide grapheme
        continue
      }
      Self.appendVisible(cell.text, into: &fill)
    }
    return fill
  }

  /// Shifts the rows of `move`'s region on the terminal and returns what the
  /// screen shows afterwards (`old` moved, blank rows scrolled in).
  mutating func scroll(_ old: Frame, by move: ScrollMove) -> [Cell] {
    let width = old.width
    let height = old.height
    if style != .plain {
      // Rows scrolled in take the current background: make it the default.
      bytes.append(contentsOf: ControlSequences.resetStyle)
      style = .plain
    }
    let wholeScreen = move.top == 0 && move.bottom == height - 1
    if !wholeScreen {
      bytes.append(contentsOf: ControlSequences.csi)
      CursorMoves.appendDecimal(move.top + 1, into: &bytes)
      bytes.append(0x3B)
      CursorMoves.appendDecimal(move.bottom + 1, into: &bytes)
      bytes.append(0x72)  // r: DECSTBM, which also homes the cursor
      cursor = nil
    }
    // An index (ESC D) on the bottom margin scrolls up; a reverse index
    // (ESC M) on the top margin scrolls down. Unlike SU/SD they work on every
    // terminal, the Linux console included.
    let edge = CursorPosition(column: 0, row: move.shift > 0 ? move.bottom : move.top)
    bytes.append(contentsOf: CursorMoves.cheapest(from: cursor, to: edge))
    for _ in 0..<abs(move.shift) {
      bytes.append(contentsOf: move.shift > 0 ? ControlSequences.index : ControlSequences.reverseIndex)
    }
    if wholeScreen {
      cursor = edge
    } else {
      bytes.append(contentsOf: ControlSequences.resetScrollRegion)
      cursor = nil
    }
    var cells = old.cells
    for row in move.top...move.bottom {
      let source = row + move.shift
      let target = row * width
      if source >= move.top, source <= move.bottom {
        let from = source * width
        cells.replaceSubrange(target..<(target + width), with: old.cells[from..<(from + width)])
      } else {
        cells.replaceSubrange(
          target..<(target + width), with: repeatElement(Cell.blank, count: width))
      }
    }
    return cells
  }

  /// Appends cell text, replacing any control character (C0, DEL, C1) with
  /// U+FFFD: cell text is sanitised upstream, this is the last line of defence.
  static func appendVisible(_ text: String, into out: inout [UInt8]) {
    var previous: UInt8 = 0
    var clean = true
    for b in text.utf8 {
      if b < 0x20 || b == 0x7F || (previous == 0xC2 && b >= 0x80 && b <= 0x9F) {
        clean = false
        break
      }
      previous = b
    }
    if clean {
      out.append(contentsOf: text.utf8)
      return
    }
    var safe = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      safe.append(UTF8Scalar.isControl(scalar) ? "\u{FFFD}" : scalar)
    }
    out.append(contentsOf: String(safe).utf8)
  }
}

/// Cursor-movement sequences and their costs.
enum CursorMoves {
  /// The shortest byte sequence from `from` (nil: unknown) to `to`.
  /// `origin` is the screen row of row 0 (inline), for absolute moves.
  static func cheapest(from: CursorPosition?, to: CursorPosition, origin: Int = 0) -> [UInt8] {
    var best = absolute(CursorPosition(column: to.column, row: to.row + origin))
    guard let from else { return best }
    func consider(_ candidate: [UInt8]) {
      if candidate.count < best.count { best = candidate }
    }
    // Only ESC-led sequences: no CR or LF, whose effect depends on terminal
    // modes (and a line feed on the last row would scroll).
    if from.row == to.row {
      consider(sequence(to.column + 1, "G"))
    } else if to.column == 0, to.row > from.row {
      consider(sequence(to.row - from.row, "E"))
    }
    // Relative moves, down or up then across: the next row of a column
    // that did not scroll (the index, the scroll bar) is 5 bytes, not 8 or
    // 9. One row down is an index (ESC D), 2 bytes: it scrolls only on the
    // bottom margin, and no move starts there (the target row is below it,
    // and no scroll region is set while cells are written).
    let vertical =
      to.row == from.row + 1
      ? [0x1B, 0x44]
      : to.row > from.row ? sequence(to.row - from.row, "B") : to.row < from.row ? sequence(from.row - to.row, "A") : []
    let horizontal =
      to.column > from.column
      ? sequence(to.column - from.column, "C") : to.column < from.column ? sequence(from.column - to.column, "D") : []
    if from != to { consider(vertical + horizontal) }
    return best
  }

  /// CUP, with defaults omitted.
  static func absolute(_ to: CursorPosition) -> [UInt8] {
    var out = ControlSequences.csi
    if to.row > 0 || to.column > 0 { appendDecimal(to.row + 1, into: &out) }
    if to.column > 0 {
      out.append(0x3B)
      appendDecimal(to.column + 1, into: &out)
    }
    out.append(0x48)
    return out
  }

  /// `CSI n final`, with n omitted when it is 1 (the default).
  static func sequence(_ n: Int, _ final: Unicode.Scalar) -> [UInt8] {
    var out = ControlSequences.csi
    if n != 1 { appendDecimal(n, into: &out) }
    out.append(UInt8(final.value))
    return out
  }

  static func appendDecimal(_ n: Int, into out: inout [UInt8]) {
    if n >= 10 { appendDecimal(n / 10, into: &out) }
    out.append(UInt8(0x30 + n % 10))
  }
}

import SectionNavCore

/// Where `--height` draws: `rows` rows starting at screen row `top` (0-based),
/// below the line the shell left the cursor on, on the main screen. Pure
/// geometry, so it is tested without a terminal.
public struct InlineRegion: Equatable, Sendable {
  /// First screen row of the region.
  public var top: Int
  public var rows: Int
  /// Where the shell had the cursor, after any scrolling the region caused:
  /// it goes back there when the region is cleared.
  public var cursorRow: Int
  public var cursorColumn: Int
  /// Line feeds to write from the cursor so the region's rows exist (the
  /// screen scrolls up when they would run past the bottom).
  public var lineFeeds: Int

  /// Places `rows` rows below a cursor at `row`, `column` (0-based) on a
  /// terminal `terminalHeight` rows high: from the cursor's row when it is at
  /// the start of a line (the shell has just run the command), else from the
  /// next one (a shell widget keeps its prompt line), as fzf does.
  public static func place(row: Int, column: Int, terminalHeight: Int, rows wanted: Int) -> InlineRegion {
    let height = max(1, terminalHeight)
    let rows = max(1, min(wanted, height))
    let row = max(0, min(row, height - 1))
    let start = column > 0 ? row + 1 : row
    let scroll = max(0, start + rows - height)
    return InlineRegion(
      top: start - scroll, rows: rows, cursorRow: max(0, row - scroll), cursorColumn: column,
      lineFeeds: start - row + rows - 1)
  }

  /// The cursor position report (`ESC [ row ; column R`, 1-based) in `bytes`:
  /// its 0-based position and the byte range it takes (the bytes around it
  /// are keys typed meanwhile), or nil when there is none yet.
  public static func cursorReport(in bytes: [UInt8]) -> (row: Int, column: Int, range: Range<Int>)? {
    var start = 0
    while start + 1 < bytes.count {
      defer { start += 1 }
      guard bytes[start] == 0x1B, bytes[start + 1] == 0x5B else { continue }
      var numbers = [0, 0]
      var which = 0
      var digits = [0, 0]
      var i = start + 2
      while i < bytes.count {
        let b = bytes[i]
        if b >= 0x30 && b <= 0x39 {
          numbers[which] = min(numbers[which] * 10 + Int(b - 0x30), 100_000)
          digits[which] += 1
        } else if b == 0x3B && which == 0 {
          which = 1
        } else {
          break
        }
        i += 1
      }
      if i < bytes.count, bytes[i] == 0x52, which == 1, digits[0] > 0, digits[1] > 0 {
        return (max(0, numbers[0] - 1), max(0, numbers[1] - 1), start..<(i + 1))
      }
    }
    return nil
  }

  /// Bytes that blank the region's rows and put the cursor back where the
  /// shell had it.
  public var clearBytes: [UInt8] {
    var out = ControlSequences.resetStyle
    for row in top..<(top + rows) {
      out += CursorMoves.absolute(CursorPosition(column: 0, row: row)) + ControlSequences.clearLine
    }
    out += CursorMoves.absolute(CursorPosition(column: cursorColumn, row: cursorRow))
    return out
  }
}

import SectionNavCore
import Testing

@testable import TerminalIO

/// `--height`: where the rows go, what the terminal's cursor report says, and
/// that frames drawn at the region's row leave the rows above alone.
@Suite struct InlineRegionTests {
  @Test func placedBelowTheShellsLineScrollingOnlyWhenNeeded() {
    // The shell ran the command: the cursor is at the start of row 3.
    #expect(
      InlineRegion.place(row: 3, column: 0, terminalHeight: 24, rows: 6)
        == InlineRegion(top: 3, rows: 6, cursorRow: 3, cursorColumn: 0, lineFeeds: 5))
    // Near the bottom the screen scrolls up by what does not fit.
    #expect(
      InlineRegion.place(row: 20, column: 0, terminalHeight: 24, rows: 6)
        == InlineRegion(top: 18, rows: 6, cursorRow: 18, cursorColumn: 0, lineFeeds: 5))
    // A shell widget's cursor is mid-line: the region starts on the next line.
    #expect(
      InlineRegion.place(row: 5, column: 7, terminalHeight: 24, rows: 4)
        == InlineRegion(top: 6, rows: 4, cursorRow: 5, cursorColumn: 7, lineFeeds: 4))
    // More rows than the terminal has: all of it.
    let all = InlineRegion.place(row: 10, column: 0, terminalHeight: 12, rows: 40)
    #expect(all.top == 0 && all.rows == 12 && all.cursorRow == 0)
  }

  @Test func cursorReportFoundAmongTypedKeys() {
    let bytes = Array("ab\u{1B}[12;5Rc".utf8)
    let report = InlineRegion.cursorReport(in: bytes)
    #expect(report?.row == 11 && report?.column == 4 && report?.range == 2..<9)
    #expect(InlineRegion.cursorReport(in: Array("\u{1B}[12;".utf8)) == nil)
    #expect(InlineRegion.cursorReport(in: Array("\u{1B}[A\u{1B}[2;1R".utf8))?.row == 1)
  }

  @Test func heightsParsedAsFzfsAndKeptThroughResizes() throws {
    #expect(try InlineHeight.parse("6") == .rows(6))
    #expect(try InlineHeight.parse("40%") == .percent(40))
    // fzf's -N: all but N rows.
    #expect(try InlineHeight.parse("-3") == .allBut(3))
    for bad in ["", "0", "-", "-3%", "--3", "x", "6x", "%", "101%", "0%", "~10"] {
      #expect(throws: UsageError.self, "\(bad)") { try InlineHeight.parse(bad) }
    }
    #expect(InlineHeight.rows(6).rows(terminalHeight: 24) == 6)
    #expect(InlineHeight.rows(60).rows(terminalHeight: 24) == 24)
    #expect(InlineHeight.percent(40).rows(terminalHeight: 30) == 12)
    // fzf's --min-height: a percentage gives at least 10 rows.
    #expect(InlineHeight.percent(40).rows(terminalHeight: 20) == 10)
  }

  @Test func framesDrawnAtTheOriginLeaveTheRowsAboveAlone() {
    var screen = ScreenModel(width: 20, height: 10)
    var writer = ScreenWriter()
    writer.origin = 4
    for n in 0..<3 {
      var frame = Frame(width: 20, height: 6)
      for row in 0..<6 { frame.put("row \(row) frame \(n)", column: 0, row: row) }
      screen.apply(writer.render(frame))
      #expect(screen.failures.isEmpty, "\(screen.failures)")
      for row in 0..<4 { #expect(screen.cells[(row * 20)..<(row * 20 + 20)].allSatisfy { $0.text == "?" }) }
      for row in 0..<6 {
        let shown = screen.cells[((row + 4) * 20)..<((row + 5) * 20)].map(\.text).joined()
        #expect(shown.hasPrefix("row \(row) frame \(n)"), "\(shown)")
      }
    }
  }
}

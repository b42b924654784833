import Testing

@testable import SectionNavCore

@Suite struct PreviewWindowTests {
  @Test func specs() throws {
    #expect(try PreviewWindow("right:50%") == PreviewWindow())
    var bottom = PreviewWindow()
    bottom.position = .bottom
    bottom.size = .percent(40)
    #expect(try PreviewWindow("bottom:40%") == bottom)
    #expect(try PreviewWindow("down,40%") == bottom)
    #expect(try PreviewWindow("hidden").hidden)
    #expect(try PreviewWindow("30:right:hidden").size == .cells(30))
    #expect(try PreviewWindow("left:30%").position == .left && PreviewWindow("up").position == .top)
    #expect(try PreviewWindow("top,10").position == .top)
    #expect(
      throws: UsageError(
        "invalid --preview-window 'middle:50%': unknown token 'middle' "
          + "(expected right, bottom, left, top, hidden, N% or N)")
    ) {
      try PreviewWindow("middle:50%")
    }
    #expect(throws: UsageError("invalid --preview-window 'right:100%': '100%' is not within 1%–99%")) {
      try PreviewWindow("right:100%")
    }
  }

  @Test func rightTakesColumnsWithABorder() throws {
    let split = try PreviewWindow("right:50%").split(width: 80, height: 24, open: true)
    #expect(split.listWidth == 40 && split.listHeight == 24)
    #expect(split.pane == PreviewSplit.Pane(column: 41, row: 0, width: 39, height: 24))
  }

  @Test func bottomTakesRowsWithABorder() throws {
    let split = try PreviewWindow("bottom:40%").split(width: 80, height: 24, open: true)
    #expect(split.listWidth == 80 && split.listHeight == 14)
    #expect(split.pane == PreviewSplit.Pane(column: 0, row: 15, width: 80, height: 9))
  }

  /// fzf's `left` and `up`/`top`: the pane first, its border, then the
  /// list, placed after them on the screen.
  @Test func leftAndTopPutThePaneFirst() throws {
    let left = try PreviewWindow("left:30%").split(width: 80, height: 24, open: true)
    #expect(left.listWidth == 56 && left.listColumn == 24 && left.listRow == 0)
    #expect(left.pane == PreviewSplit.Pane(column: 0, row: 0, width: 23, height: 24))
    let top = try PreviewWindow("up:10").split(width: 80, height: 24, open: true)
    #expect(top.listHeight == 14 && top.listRow == 10 && top.listColumn == 0)
    #expect(top.pane == PreviewSplit.Pane(column: 0, row: 0, width: 80, height: 9))
    #expect(top.inList(column: 5, row: 10) && !top.inList(column: 5, row: 9))
  }

  /// Drawn and clicked where the split puts them: the pane's text at the
  /// left or top, the list after the border, a click on a list row lands on
  /// that row, the wheel over the pane scrolls the pane.
  @Test(arguments: ["left:20", "up:6"])
  func aPaneFirstMovesTheListOnScreen(spec: String) throws {
    var settings = AppSettings()
    settings.preview = try CommandTemplate("show {item}")
    settings.previewWindow = try PreviewWindow(spec)
    var s = AppState(
      list: SectionedList([(title: "A", items: (0..<30).map { "a\($0)" })]), settings: settings, width: 60, height: 20)
    let split = s.previewSplit
    _ = s.handle(.tick(milliseconds: 100))
    guard let id = s.jobs.preview?.id else {
      Issue.record("no preview")
      return
    }
    _ = s.handle(.previewOutput(id: id, Array((0..<40).map { "P\($0)\n" }.joined().utf8)))
    let lines = s.render().plainLines()
    #expect(lines[0].hasPrefix("P0"))
    let headerRow = split.listRow
    #expect(lines[headerRow].dropFirst(split.listColumn).hasPrefix("A"), "\(lines)")
    #expect(lines[headerRow + 1].dropFirst(split.listColumn).hasPrefix("> a0"), "\(lines)")
    // A click on the list's fourth row (a2), in screen coordinates.
    _ = s.handle(.mouse(MouseEvent(.press, column: split.listColumn + 3, row: split.listRow + 4)))
    _ = s.handle(.mouse(MouseEvent(.release, column: split.listColumn + 3, row: split.listRow + 4)))
    #expect(BackgroundWorkTests.cursorText(s) == "a2")
    // The wheel over the pane scrolls it, not the list.
    _ = s.handle(.mouse(MouseEvent(.wheelDown, column: 2, row: 2)))
    #expect(s.previewScroll == 3 && s.offsetY == 0)
  }

  @Test func theListKeepsItsMinimumAndATinyPaneIsNone() throws {
    let narrow = try PreviewWindow("right:90%").split(width: 30, height: 10, open: true)
    #expect(narrow.listWidth == 20 && narrow.pane?.width == 9)
    #expect(try PreviewWindow("right").split(width: 21, height: 10, open: true).pane == nil)
    #expect(try PreviewWindow("bottom").split(width: 40, height: 5, open: true).pane == nil)
    let closed = PreviewWindow().split(width: 80, height: 24, open: false)
    #expect(closed.listWidth == 80 && closed.listHeight == 24 && closed.pane == nil)
  }
}

@Suite struct PreviewTextTests {
  static func plain(_ text: String) -> [String] {
    PreviewText(Array(text.utf8), colors: true).lines.map { $0.map(\.text).joined() }
  }

  @Test func sgrColoursBecomeStyles() {
    let p = PreviewText(Array("a\u{1B}[1;31mred\u{1B}[0m \u{1B}[38;5;208mo\u{1B}[48;2;1;2;3mx\n".utf8), colors: true)
    #expect(p.lines.count == 1)
    let runs = p.lines[0]
    #expect(runs.map(\.text) == ["a", "red", " ", "o", "x"])
    #expect(runs[1].style == Style(foreground: .basic(1), bold: true))
    #expect(runs[2].style == .plain)
    #expect(runs[3].style == Style(foreground: .indexed(208)))
    #expect(runs[4].style == Style(foreground: .indexed(208), background: .rgb(1, 2, 3)))
  }

  @Test func colonSubparametersAndBrightColours() {
    let runs = PreviewText(Array("\u{1B}[38:2::9:8:7;94mx".utf8), colors: true).lines[0]
    #expect(runs[0].style == Style(foreground: .basic(12)))
    let rgb = PreviewText(Array("\u{1B}[38:2::9:8:7mx".utf8), colors: true).lines[0]
    #expect(rgb[0].style == Style(foreground: .rgb(9, 8, 7)))
  }

  /// SGR 58 (underline colour, kitty/VTE/`delta`) takes a colour's arguments:
  /// `58;5;1` is not bold, `58;2;1;3;4` not bold+dim+italic+underline.
  @Test func underlineColourArgumentsAreNotAttributes() {
    for sgr in ["58;5;1", "58;2;1;3;4", "58:5:1", "58:2::1:3:4", "58;5;1;59"] {
      let runs = PreviewText(Array("\u{1B}[\(sgr)mU".utf8), colors: true).lines[0]
      #expect(runs[0].style == .plain, "\(sgr)")
    }
    let after = PreviewText(Array("\u{1B}[58;2;1;3;4;31mU".utf8), colors: true).lines[0]
    #expect(after[0].style == Style(foreground: .basic(1)))
  }

  @Test func everyOtherSequenceIsDropped() {
    let hostile =
      "a\u{1B}[2J\u{1B}[H\u{1B}[10;5Hb\u{1B}]0;title\u{07}c\u{1B}]8;;http://x\u{1B}\\d\u{1B}[?1049h\u{1B}7e\u{1B}(Bf\u{9B}31mg\r\n"
    #expect(Self.plain(hostile) == ["abcdefg"])
    let p = PreviewText(Array(hostile.utf8), colors: true)
    // The C1 CSI (U+009B) is a CSI too: its SGR is kept.
    #expect(p.lines[0].dropLast().allSatisfy { $0.style == .plain })
    #expect(p.lines[0].last == PreviewText.Run(text: "g", style: Style(foreground: .basic(1))))
  }

  @Test func withoutColoursTheStylesGoToo() {
    let p = PreviewText(Array("\u{1B}[31mred\n".utf8), colors: false)
    #expect(p.lines == [[PreviewText.Run(text: "red", style: .plain)]])
  }

  /// A CR before LF (CRs in a row too) ends the line as LF does; one
  /// within a line puts what follows over the line's start, as a terminal
  /// shows it, so progress output shows where it got to (`50%\r100%` read
  /// `50%100%`), each cell in the style it was written in.
  @Test func aCarriageReturnWithinALineWritesOverItsStart() {
    #expect(Self.plain("ab\rcd\r\nx\r\n50%\r100%\r") == ["cd", "x", "100%"])
    #expect(Self.plain("abc\r\r\nline2 abcdef\rXY\n") == ["abc", "XYne2 abcdef"])
    let p = PreviewText(Array("\u{1B}[31mredder\r\u{1B}[0mXY\n".utf8), colors: true)
    #expect(p.lines.count == 1 && p.lines[0].map(\.text) == ["XY", "dder"])
    #expect(p.lines.first.map { $0[0].style == .plain && $0[1].style != .plain } == true)
  }

  @Test func tabsExpandAndControlsReachTheFrameAsStandIns() {
    #expect(Self.plain("a\tb\n\tc") == ["a       b", "        c"])
    var frame = Frame(width: 10, height: 1)
    PreviewText(Array("x\u{07}y".utf8), colors: true).draw(
      into: &frame, pane: PreviewSplit.Pane(column: 0, row: 0, width: 10, height: 1), top: 0)
    let line = frame.plainLines()[0]
    #expect(line.hasPrefix("x") && !line.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func outputIsBounded() {
    let many = String(repeating: "l\n", count: PreviewText.maxLines + 5)
    let p = PreviewText(Array(many.utf8), colors: true)
    #expect(p.lines.count == PreviewText.maxLines && p.truncated)
  }

  @Test func drawClipsToThePane() {
    var frame = Frame(width: 12, height: 3)
    let p = PreviewText(Array("one\ntwo is long\nthree\nfour".utf8), colors: true)
    p.draw(into: &frame, pane: PreviewSplit.Pane(column: 4, row: 1, width: 6, height: 2), top: 1)
    #expect(frame.plainLines() == ["", "    two is", "    three"])
  }
}

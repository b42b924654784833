import Testing

@testable import SectionNavCore

@Suite struct RenderTests {
  /// Every row of a frame is exactly W cells, wide graphemes followed by their continuation.
  static func checkRows(_ frame: Frame) {
    for row in 0..<frame.height {
      var c = 0
      while c < frame.width {
        let cell = frame[c, row]
        #expect(!cell.isContinuation, "orphan continuation at \(c),\(row)")
        let w = CellWidth.of(Character(cell.text.isEmpty ? " " : cell.text))
        if w == 2 {
          #expect(frame[c + 1, row].isContinuation)
          c += 2
        } else {
          c += 1
        }
      }
      #expect(c == frame.width)
    }
  }

  /// A title cut before a wide character ends in `…` right after the last
  /// one that fits, on the pinned header as in the drag bubble (a blank
  /// cell stood between them).
  @Test func aTitleCutAtAWideCharacterEndsInTheEllipsisAtOnce() {
    let title = String(repeating: "漢字", count: 6)
    var state = AppState(
      list: SectionedList([(title: title, items: Array(repeating: "x", count: 30)), (title: "B", items: ["y"])]),
      width: 20, height: 6)
    for _ in 0..<3 { _ = state.handle(.key(KeyEvent(.char("j")))) }
    let pinned = state.render().plainLines()[0]
    #expect(pinned.hasSuffix("漢…") || pinned.hasSuffix("字…"), "\(pinned.debugDescription)")
    #expect(title.hasPrefix(String(pinned.dropLast())), "\(pinned.debugDescription)")
  }

  static let mixed = SectionedList([
    ("Wide", ["漢字かな交じり文の行", "emoji 👩‍👩‍👧‍👦 family", "e\u{301}te\u{301} combining", "\u{301}lone mark"]),
    ("Controls", ["esc\u{1B}[31mred", "bell\u{07}", "c1\u{9B}31m", "bidi\u{202E}txet", "del\u{7F}"]),
  ])

  @Test(arguments: [(80, 24), (20, 8), (7, 5), (13, 3), (2, 2), (1, 1)])
  func rowsHaveExactWidth(width: Int, height: Int) throws {
    var s = AppState(list: Self.mixed, width: width, height: height)
    Self.checkRows(s.render())
    for x in 0..<6 {
      _ = try s.run("scroll-to \(Double(x) / 5) 0")
      Self.checkRows(s.render())
    }
  }

  @Test func controlCharactersNeverReachTheFrame() {
    let s = AppState(list: Self.mixed, width: 60, height: 16)
    let text = s.render().plainLines().joined(separator: "\n")
    for scalar in text.unicodeScalars where scalar != "\n" {
      let v = scalar.value
      #expect(!(v < 0x20 || (v >= 0x7F && v < 0xA0) || (0x202A...0x202E).contains(v)))
    }
    #expect(text.contains("esc␛[31mred"))
  }

  /// A title or query starting with a mark, written after the program's
  /// own text on the status or query line, sits on `◌` as it does in rows:
  /// it fused with the space or `&` before it, and the line came out a
  /// cell short in the terminal (its last cell lost).
  @Test(arguments: [false, true])
  func aLeadingMarkAfterTheProgramsTextSitsOnADottedCircle(pick: Bool) throws {
    var settings = AppSettings()
    settings.pick = pick
    var s = AppState(
      list: SectionedList([(title: "\u{93E}sec", items: ["x"])]), settings: settings, width: 40, height: 6)
    if !pick { #expect(s.render().plainLines().last?.hasPrefix(" \u{25CC}\u{93E}sec ") == true) }
    _ = try s.run(pick ? "type \u{93E}" : "filter \"\u{93E}\"")
    let lines = s.render().plainLines()
    #expect(lines.contains { $0.contains((pick ? "> " : "&") + "\u{25CC}\u{93E}") }, "\(lines)")
  }

  @Test func wideCharacterCutByLeftEdgeIsASpace() {
    var frame = Frame(width: 6, height: 1)
    frame.put("漢字かな", column: 0, row: 0, skip: 1)
    #expect(frame.plainLines()[0] == " 字か")
    var edge = Frame(width: 5, height: 1)
    edge.put("漢字かな", column: 0, row: 0)
    #expect(edge.plainLines()[0] == "漢字")
    #expect(edge[4, 0].text == " ")
  }

  @Test func layoutShowsPinnedHeaderIndexIndicatorAndStatus() throws {
    var s = TestData.state(width: 40, height: 12)
    _ = try s.run("goto S03 s3-4 top")
    let lines = s.render().plainLines()
    #expect(lines.count == 12)
    #expect(lines[0].hasPrefix("S03"))
    #expect(lines[1].hasPrefix("> s3-4"))
    #expect(lines[11].contains("S03"))
    // Items, not rows (headers are not counted), and no offsets.
    #expect(lines[11].contains("item 35/200"))
    #expect(!lines[11].contains("(0,"))
    // Vertical indicator: the last column holds track or thumb on every list row.
    for row in 1...10 {
      let last = lines[row].last.map(String.init) ?? ""
      #expect(["│", "█", "▀", "▔"].contains(last) || (0x2581...0x2588).contains(last.unicodeScalars.first!.value))
    }
  }

  /// Every row fits: no vertical indicator at all (issue 24 #10: it was a
  /// solid full-height bar); one row more and the track and thumb are back.
  @Test func noVerticalIndicatorWhenEveryRowFits() {
    // 12 rows: pinned header, 10 list rows, status line.
    let fits = AppState(list: SectionedList([("A", (1...9).map { "a\($0)" })]), width: 30, height: 12)
    let lines = fits.render().plainLines()
    for row in 1...10 { #expect(!(lines[row].last.map { "│█▀▔".contains($0) } ?? false), "row \(row): \(lines[row])") }
    let over = AppState(list: SectionedList([("A", (1...10).map { "a\($0)" })]), width: 30, height: 12)
    #expect(over.render().plainLines()[1...10].contains { $0.last.map { "│█".contains($0) } ?? false })
  }

  @Test func horizontalIndicatorOnlyWhenContentIsWider() {
    let narrow = TestData.state(width: 40, height: 12)
    #expect(narrow.layout.horizontalRow == nil)
    let wide = AppState(list: SectionedList([("W", [String(repeating: "x", count: 100)])]), width: 40, height: 12)
    #expect(wide.layout.horizontalRow == 10)
    #expect(wide.maxOffsetX == 100 - wide.layout.itemTextWidth)
  }

  /// A filter keeps only short items: the horizontal extent and indicator
  /// are theirs, not the whole data's (`$` scrolled them out of sight, and
  /// the indicator stayed), for strings held whole and for JSON Lines read
  /// from bytes (CJK: more bytes than cells).
  @Test func aFilterOfShortItemsHasNoHorizontalExtent() throws {
    let long = String(repeating: "中", count: 60)
    var options = LoadOptions(keepOrder: true)
    options.format = .jsonLines
    let lines = "\"short one\"\n\"\(long)\"\n\"short two\"\n"
    let loaded = try ItemLoader.load(ByteBuffer(string: lines), options: options).list
    for list in [SectionedList([("W", ["short one", long, "short two"])]), loaded] {
      var s = AppState(list: list, width: 40, height: 12)
      #expect(s.maxOffsetX == 120 - s.layout.itemTextWidth)
      _ = try s.run("filter short")
      #expect(s.list.itemCount == 2)
      #expect(s.maxOffsetX == 0)
      #expect(s.layout.horizontalRow == nil)
      _ = try s.run("filter 中")
      #expect(s.maxOffsetX == 120 - s.layout.itemTextWidth)
    }
  }

  @Test func ansiFrameCarriesThemeStylesAndPlainDoesNot() {
    let s = TestData.state(width: 40, height: 12)
    let ansi = s.render().ansiLines().joined()
    let plain = s.render().plainLines().joined()
    #expect(ansi.contains("\u{1B}["))
    #expect(!plain.contains("\u{1B}"))
  }

  @Test func helpScreenListsTheKeyTable() throws {
    var s = TestData.state(width: 80, height: 40)
    _ = try s.run("key ?")
    let text = s.render().plainLines().joined(separator: "\n")
    for binding in KeyBindings.table { #expect(text.contains(binding.help)) }
    _ = try s.run("key x")
    #expect(!s.showHelp)
  }

  /// At 80×24 the key table is taller than the screen: Space turns the page,
  /// so every binding can be read; any other key closes.
  @Test func helpTallerThanTheScreenIsPaged() throws {
    var s = TestData.state(width: 80, height: 24)
    _ = try s.run("key ?")
    var text = ""
    var pages = 0
    while s.showHelp && pages < 10 {
      let lines = s.render().plainLines()
      #expect(lines.count == 24)
      text += lines.dropLast().joined(separator: "\n") + "\n"
      pages += 1
      #expect(lines.last?.hasPrefix(" help \(pages)/") == true, "\(lines.last ?? "")")
      _ = try s.run("key Space")
    }
    #expect(pages >= 2)
    #expect(!s.showHelp)
    for binding in KeyBindings.table { #expect(text.contains(binding.help), "\(binding.help)") }
    #expect(text.contains("mouse"))
    // Another key closes from any page; the next `?` starts at page 1 again.
    for line in ["key ?", "key Space", "key x"] { _ = try s.run(line) }
    #expect(!s.showHelp)
    _ = try s.run("key ?")
    #expect(s.render().plainLines().last?.hasPrefix(" help 1/") == true)
  }
}

@Suite struct FrameOverlayTests {
  @Test func overwritingHalfAWideGraphemeLeavesNoOrphan() {
    var frame = Frame(width: 6, height: 1)
    frame.put("漢字か", column: 0, row: 0)
    frame.put("x", column: 1, row: 0)  // right half of 漢
    frame.put("y", column: 2, row: 0)  // left half of 字
    #expect(frame.plainLines()[0] == " xy か")
    RenderTests.checkRows(frame)
  }

  /// A cluster drawn in pieces (`काििि`: `का` `िि` `ि`) scrolled past its
  /// first piece shows spaces for the rest, as a wide grapheme cut by the
  /// edge does: alone, a piece that starts with a mark would join the cell
  /// before it (FuzzCompositor).
  @Test func aClusterCutByTheLeftEdgeLeavesNoPieceToJoinTheCellBefore() {
    let cluster = "\u{915}\u{93E}\u{93F}\u{93F}\u{93F}"
    for skip in 1...4 {
      var frame = Frame(width: 9, height: 1)
      frame.put(cluster + "|", column: 1, row: 0, skip: skip)
      let texts = (0..<9).map { frame[$0, 0].text }
      let startsWithMark = texts.contains { text in
        text.unicodeScalars.first.map { [.spacingMark, .nonspacingMark].contains($0.properties.generalCategory) }
          == true
      }
      #expect(!startsWithMark, "\(skip): \(texts)")
      #expect(frame.plainLines()[0].hasSuffix("|"), "\(skip)")
    }
    var whole = Frame(width: 9, height: 1)
    whole.put(cluster + "|", column: 0, row: 0)
    #expect(whole.plainLines()[0] == cluster + "|")
  }
}

@Suite struct BlankTitleTests {
  @Test func blankTitlesGetAHeaderAndAHashEntry() throws {
    var s = AppState(list: SectionedList([("  ", ["a"]), ("B", ["b"])]), width: 30, height: 8)
    let lines = s.render().plainLines()
    #expect(lines[0].hasPrefix("(untitled)"))  // pinned; its header row is under it
    #expect(s.index.entries.map(\.label) == ["#", "B"])
    _ = try s.run("goto \"  \"")
    #expect(s.cursor! == (0, 0))
  }
}

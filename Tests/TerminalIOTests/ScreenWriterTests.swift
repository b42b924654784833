import SectionNavCore
import Testing

@testable import TerminalIO

/// A frame whose every row is distinct text (row number then letters).
private func textFrame(width: Int, height: Int, firstLine: Int = 0) -> Frame {
  var frame = Frame(width: width, height: height)
  for row in 0..<height { frame.put(line(firstLine + row, width: width), column: 0, row: row) }
  return frame
}

private func line(_ n: Int, width: Int) -> String {
  let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  var text = "item \(n) "
  var k = n
  while text.count < width {
    text.append(letters[k % letters.count])
    k = (k &* 31 &+ 7) & 0xFFFF
  }
  return text
}

/// A list-like frame: pinned header, scrolling rows, an index column and a
/// scroll bar on the right that do not move, a status line.
private func listFrame(width: Int, height: Int, top: Int) -> Frame {
  var frame = Frame(width: width, height: height)
  let bold = Style(foreground: .basic(3), bold: true)
  frame.put("Section \(top / 10)", column: 0, row: 0, style: bold)
  for row in 1..<(height - 1) {
    let n = top + row - 1
    if n % 10 == 0 {
      frame.put("Section \(n / 10)", column: 0, row: row, maxWidth: width - 3, style: bold)
    } else {
      frame.put(line(n, width: width - 3), column: 0, row: row, maxWidth: width - 3)
    }
    frame.put(
      String(Character(Unicode.Scalar(UInt8(65 + row % 26)))), column: width - 2, row: row,
      style: Style(foreground: .basic(4)))
    frame.put(
      row == 1 + top % (height - 2) ? "▐" : "│", column: width - 1, row: row,
      style: Style(foreground: .indexed(8)))
  }
  frame.put("row \(top + 1)/1000", column: 0, row: height - 1, style: Style(reverse: true))
  return frame
}

/// Number of SGR sequences (`ESC [ … m`) in `bytes`.
private func sgrCount(_ bytes: [UInt8]) -> Int {
  var count = 0
  var i = 0
  while i < bytes.count {
    if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
      var j = i + 2
      while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
      if j < bytes.count, bytes[j] == 0x6D { count += 1 }
      i = j + 1
    } else {
      i += 1
    }
  }
  return count
}

/// Renders frames through a writer into a model terminal, checking after
/// each that the screen shows exactly the frame.
private struct Harness {
  var writer = ScreenWriter()
  var screen: ScreenModel

  init(width: Int, height: Int) { screen = ScreenModel(width: width, height: height) }

  /// Whether every frame so far was shown exactly.
  var ok = true

  @discardableResult
  mutating func show(_ frame: Frame, _ comment: String = "") -> [UInt8] {
    let bytes = writer.render(frame)
    screen.apply(bytes)
    let failures = screen.failures
    screen.failures.removeAll()
    let difference = screen.firstDifference(from: ScreenWriter.displayable(frame))
    let open = screen.synchronized
    #expect(failures.isEmpty, "\(failures.prefix(3)) \(comment)")
    #expect(
      difference == nil,
      "\(difference ?? "") \(comment) after \(String(decoding: bytes, as: UTF8.self).debugDescription)"
    )
    #expect(!open, "synchronized update left open")
    ok = ok && failures.isEmpty && difference == nil && !open
    return bytes
  }
}

@Suite struct ScreenWriterTests {
  @Test func firstFrameIsAFullRepaintInsideASynchronizedUpdate() {
    var harness = Harness(width: 80, height: 24)
    let bytes = harness.show(textFrame(width: 80, height: 24))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}[?2026h"))
    #expect(text.hasSuffix("\u{1B}[?2026l"))
    #expect(text.contains("\u{1B}[2J"))
  }

  /// A terminal with an older width table (tmux 3.3) draws `👍🏽` in four
  /// cells: what follows it on the row is placed by an absolute move, so it
  /// stands where the frame has it, and once the emoji has scrolled out of
  /// view the whole row is drawn again (the text it had shifted stayed at
  /// the row's end, `…FGHIJ    IJ`, for as long as the row did not change there).
  @Test func aRowWithAnEmojiOfUncertainWidthLeavesNothingBehind() {
    var writer = ScreenWriter()
    var screen = ScreenModel(width: 30, height: 3)
    screen.olderWidthTable = true
    func show(_ text: String) {
      var frame = Frame(width: 30, height: 3)
      frame.put(text, column: 0, row: 0)
      frame.put("second row", column: 0, row: 1)
      screen.apply(writer.render(frame))
      let shown = ScreenWriter.displayable(frame)
      let after = text.contains("👍🏽") ? 6 : text.contains("❤️") ? 3 : 0  // the emoji's own cells differ
      for c in after..<30 {
        #expect(screen.cells[c] == shown.cells[c], "column \(c) of '\(text)'")
      }
      #expect(screen.cells[30..<60] == shown.cells[30..<60])
    }
    // `❤️` in one cell: its second cell is blanked, not left as it was.
    show("abcdefgh")
    show("a❤️ 0123456789")
    #expect(screen.cells[2].text == " ")
    show("a 👍🏽 0123456789ABCDEFGHIJ")
    // On the cursor row the second cell keeps the row's highlight.
    var highlighted = Frame(width: 30, height: 3)
    highlighted.put("> ❤️ heart", column: 0, row: 0, style: Style(reverse: true))
    screen.apply(writer.render(highlighted))
    #expect(screen.cells[3] == Cell(" ", style: Style(reverse: true)))
    #expect(screen.cells[5].text == "h" && screen.cells[5].style == Style(reverse: true))
    show("👍🏽 0123456789ABCDEFGHIJ")
    show("123456789ABCDEFGHIJ")
    show("3456789ABCDEFGHIJ")
    #expect(screen.failures.isEmpty, "\(screen.failures.prefix(3))")
  }

  @Test func anIdenticalFrameWritesNothing() {
    var harness = Harness(width: 80, height: 24)
    let frame = textFrame(width: 80, height: 24)
    harness.show(frame)
    #expect(harness.show(frame).isEmpty)
    #expect(harness.show(frame).isEmpty)
  }

  @Test func oneChangedCellWritesAFewBytes() {
    var harness = Harness(width: 120, height: 40)
    var frame = textFrame(width: 120, height: 40)
    harness.show(frame)
    frame[57, 21] = Cell("#")
    let bytes = harness.show(frame)
    #expect(
      bytes.count <= 30,
      "\(bytes.count) bytes: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
  }

  @Test func nearbyChangesOnARowShareOneCursorMove() {
    var harness = Harness(width: 80, height: 24)
    var frame = textFrame(width: 80, height: 24)
    harness.show(frame)
    frame[10, 5] = Cell("#")
    frame[12, 5] = Cell("#")
    let bytes = harness.show(frame)
    let text = String(decoding: bytes, as: UTF8.self)
    // The unchanged cell between is rewritten instead of moving over it.
    #expect(text.contains("#\(frame[11, 5].text)#"), "\(text.debugDescription)")
  }

  @Test(arguments: [(120, 40), (80, 24)])
  func scrollingOneRowCostsFarLessThanARepaint(_ size: (Int, Int)) {
    let (width, height) = size
    var harness = Harness(width: width, height: height)
    let full = harness.show(textFrame(width: width, height: height))
    let down = harness.show(textFrame(width: width, height: height, firstLine: 1))
    let up = harness.show(textFrame(width: width, height: height, firstLine: 0))
    #expect(down.count * 4 < full.count, "scroll \(down.count) vs repaint \(full.count)")
    #expect(up.count * 4 < full.count, "scroll back \(up.count) vs repaint \(full.count)")
  }

  @Test(arguments: [(120, 40), (80, 24)])
  func scrollingAListWithFixedColumnsCostsFarLessThanARepaint(_ size: (Int, Int)) {
    let (width, height) = size
    var harness = Harness(width: width, height: height)
    let full = harness.show(listFrame(width: width, height: height, top: 100))
    for top in [101, 102, 105, 104, 100, 130] {
      let bytes = harness.show(listFrame(width: width, height: height, top: top), "top \(top)")
      if top == 101 || top == 104 {
        #expect(bytes.count * 4 < full.count, "top \(top): \(bytes.count) vs \(full.count)")
      }
    }
  }

  /// The program's own screen (header, index column, scroll bar, status
  /// line), one row down with C-e: a quarter of a repaint or less, though
  /// every row of the index column must be drawn again after the scroll.
  @Test(arguments: [(80, 24), (120, 40)])
  func theListScrolledByOneRowCostsAQuarterOfARepaint(_ size: (Int, Int)) throws {
    let (width, height) = size
    let words = [
      "alfa", "Bravo", "charlie", "Delta", "echo", "Foxtrot", "golf", "Hotel", "india", "Juliett", "kilo", "Lima",
      "mike", "November", "oscar", "Papa", "quebec", "Romeo", "sierra", "Tango", "uniform", "Victor", "whiskey",
      "Xray", "yankee", "Zulu",
    ]
    // Sections of many items, as in the benchmark's (the middle of one fills the screen).
    let sections = (0..<300).map { s in
      let items = (0..<100).map { i in "\"\(words[(s + i) % 26]) \(words[(s * 7 + i) % 26]) \(s * 7919 % 100_003)\"" }
      return "\"\(words[s * 11 % 26]) \(s)\": [" + items.joined(separator: ", ") + "]"
    }
    let list = try JSONIndexer.load(Array(("{" + sections.joined(separator: ", ") + "}").utf8))
    var state = AppState(list: list, width: width, height: height)
    _ = state.handle(.command(try #require(try CommandParser.parse("scroll-to 0 0.5"))))
    var harness = Harness(width: width, height: height)
    harness.show(state.render())
    _ = state.handle(.command(try #require(try CommandParser.parse("key C-e"))))
    let scroll = harness.show(state.render(), "C-e")
    var fresh = ScreenWriter()
    let repaint = fresh.render(state.render())
    #expect(scroll.count * 4 < repaint.count, "C-e \(scroll.count) B, repaint \(repaint.count) B")
  }

  @Test func withoutScrollRegionsTheResultIsTheSame() {
    var harness = Harness(width: 60, height: 20)
    harness.writer.usesScrollRegions = false
    harness.show(listFrame(width: 60, height: 20, top: 0))
    let bytes = harness.show(listFrame(width: 60, height: 20, top: 1))
    #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}D"))
  }

  @Test func coloursAreSentOnlyWhenTheStyleChanges() {
    var harness = Harness(width: 40, height: 10)
    var frame = Frame(width: 40, height: 10)
    let red = Style(foreground: .basic(1))
    for row in 0..<10 {
      frame.put(String(repeating: "r", count: 40), column: 0, row: row, style: red)
    }
    // Reset before the clear, red once, reset at the end.
    #expect(sgrCount(harness.show(frame)) == 3)
    // New text in the same colour on several rows: red once more, reset.
    for row in [2, 5, 7] { frame.put("changed", column: 3, row: row, style: red) }
    #expect(sgrCount(harness.show(frame)) == 2)
    // A plain cell between red ones: only the switches.
    frame[10, 4] = Cell("p")
    frame[20, 4] = Cell("q", style: red)
    let bytes = harness.show(frame)
    #expect(sgrCount(bytes) <= 4, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
  }

  @Test func styleChangesUseTheShorterOfResetOrDifference() {
    var out: [UInt8] = []
    StyleTransition.append(
      from: Style(foreground: .rgb(1, 2, 3), bold: true), to: Style(foreground: .rgb(1, 2, 3)),
      into: &out)
    #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[22m")
    out = []
    StyleTransition.append(
      from: Style(bold: true, underline: true), to: Style(dim: true), into: &out)
    #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[0;2m")
    out = []
    StyleTransition.append(from: .plain, to: .plain, into: &out)
    #expect(out.isEmpty)
  }

  @Test func wideGraphemesAdvanceTheCursorByTwo() {
    var harness = Harness(width: 20, height: 3)
    var frame = Frame(width: 20, height: 3)
    harness.show(frame)
    frame.put("漢字x", column: 2, row: 1)
    let bytes = harness.show(frame)
    #expect(String(decoding: bytes, as: UTF8.self).contains("漢字x"))
    // The cursor is known to be after "x" (2 + 2 + 2 + 1 columns): one step back.
    frame[6, 1] = Cell("y")
    let text = String(decoding: harness.show(frame), as: UTF8.self)
    #expect(text == "\u{1B}[?2026h\u{1B}[Dy\u{1B}[?2026l", "\(text.debugDescription)")
  }

  @Test func wideGraphemesReplacingNarrowOnesAndBack() {
    var harness = Harness(width: 10, height: 2)
    var frame = Frame(width: 10, height: 2)
    frame.put("abcdefghij", column: 0, row: 0)
    harness.show(frame)
    frame.put("漢", column: 3, row: 0)
    harness.show(frame)
    frame.put("x", column: 4, row: 0)  // the right half of 漢 only
    frame[3, 0] = Cell(" ")
    harness.show(frame)
    frame.put("😀😀😀😀😀", column: 0, row: 1)
    harness.show(frame)
    frame.put("a😀b", column: 1, row: 1)
    harness.show(frame)
  }

  @Test func aWideGraphemeWithoutItsRightHalfIsDrawnAsASpace() {
    var frame = Frame(width: 6, height: 1)
    frame.put("漢字", column: 0, row: 0)
    #expect(ScreenWriter.displayable(frame) == frame)
    frame[1, 0] = Cell("x")  // overwrites the right half of 漢
    frame[3, 0] = Cell("y", style: Style(bold: true))  // and of 字
    var harness = Harness(width: 6, height: 1)
    harness.show(frame)
    #expect(harness.screen.cells.map(\.text) == [" ", "x", " ", "y", " ", " "])
  }

  @Test func controlCharactersInCellsNeverReachTheTerminal() {
    var writer = ScreenWriter()
    var frame = Frame(width: 10, height: 2)
    frame[0, 0] = Cell("\u{1B}")
    frame[1, 0] = Cell("\u{7}")
    frame[2, 0] = Cell("\u{9B}")
    frame[3, 0] = Cell("\u{7F}")
    frame[4, 0] = Cell("\r")
    let bytes = writer.render(frame)
    #expect(sgrCount(bytes) >= 1)
    var screen = ScreenModel(width: 10, height: 2)
    screen.apply(bytes)
    #expect(screen.failures.isEmpty, "\(screen.failures)")
    #expect(screen.cells[0].text == "\u{FFFD}")
    #expect(screen.cells[1].text == "\u{FFFD}")
    #expect(screen.cells[3].text == "\u{FFFD}")
    #expect(
      !bytes.contains(0x9B) && !bytes.contains(0x07) && !bytes.contains(0x7F)
        && !bytes.contains(0x0D))
  }

  @Test func outputHasNoControlBytesButEscapeSequences() {
    var writer = ScreenWriter()
    var all: [UInt8] = []
    for top in [0, 1, 2, 5, 3, 40] {
      all += writer.render(listFrame(width: 50, height: 12, top: top))
    }
    for (i, b) in all.enumerated() where b < 0x20 || b == 0x7F {
      #expect(b == 0x1B, "control byte \(b) at \(i)")
    }
  }

  @Test func aSizeChangeRepaintsEverything() {
    var writer = ScreenWriter()
    _ = writer.render(textFrame(width: 80, height: 24))
    let bytes = writer.render(textFrame(width: 100, height: 30))
    var screen = ScreenModel(width: 100, height: 30)
    screen.apply(bytes)
    #expect(screen.shows(textFrame(width: 100, height: 30)))
    #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2J"))
  }

  @Test func invalidateRepaintsEverything() {
    var harness = Harness(width: 30, height: 8)
    let frame = textFrame(width: 30, height: 8)
    harness.show(frame)
    harness.writer.invalidate()
    harness.screen = ScreenModel(width: 30, height: 8)  // whatever a prompt left behind
    let bytes = harness.show(frame)
    #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2J"))
  }

  @Test func degenerateSizesDoNotCrash() {
    var writer = ScreenWriter()
    for (w, h) in [(0, 0), (1, 1), (0, 5), (5, 0), (1, 1), (2, 1), (1, 2)] {
      var frame = Frame(width: w, height: h)
      frame.put("漢x", column: 0, row: 0)
      _ = writer.render(frame)
      _ = writer.render(frame)
    }
  }

  @Test(arguments: [7, 8, 9, 10] as [UInt64])
  func randomFrameSequencesAlwaysLeaveTheScreenShowingTheFrame(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let width = 30
    let height = 12
    var harness = Harness(width: width, height: height)
    let texts = ["a", "b", "c", " ", "漢", "字", "😀", "é", "─", "ж"]
    let styles = [
      Style.plain, Style(foreground: .basic(1)), Style(background: .basic(4)), Style(bold: true),
      Style(dim: true, underline: true), Style(foreground: .indexed(200), reverse: true),
      Style(foreground: .rgb(1, 2, 3), background: .basic(9), italic: true),
    ]
    func randomLine() -> String {
      String(
        (0..<Int.random(in: 0...width, using: &random)).map { _ in
          Character(texts.randomElement(using: &random)!)
        })
    }
    var frame = Frame(width: width, height: height)
    var scrolls = 0
    defer { #expect(scrolls > 0, "the scroll-region path was never taken") }
    for step in 0..<300 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0:  // scatter a few cells
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          frame.put(
            randomLine().prefix(3), column: Int.random(in: 0..<width, using: &random),
            row: Int.random(in: 0..<height, using: &random),
            style: styles.randomElement(using: &random)!)
        }
      case 1, 2:  // shift a band of rows up or down, new rows at the edge
        let top = Int.random(in: 0..<(height - 1), using: &random)
        let bottom = Int.random(in: (top + 1)..<height, using: &random)
        let shift =
          Int.random(in: 1...(bottom - top), using: &random)
          * (Bool.random(using: &random) ? 1 : -1)
        let old = frame
        for row in top...bottom {
          let source = row + shift
          for c in 0..<width {
            frame[c, row] = source >= top && source <= bottom ? old[c, source] : .blank
          }
          if source < top || source > bottom {
            frame.put(
              randomLine(), column: 0, row: row, style: styles.randomElement(using: &random)!)
          }
        }
      case 3:  // restyle a span
        frame.fillStyle(
          styles.randomElement(using: &random)!, column: Int.random(in: 0..<width, using: &random),
          row: Int.random(in: 0..<height, using: &random),
          count: Int.random(in: 1...10, using: &random))
      default:  // rewrite a line
        let row = Int.random(in: 0..<height, using: &random)
        frame.fillStyle(.plain, column: 0, row: row, count: width)
        for c in 0..<width { frame[c, row] = .blank }
        frame.put(randomLine(), column: 0, row: row, style: styles.randomElement(using: &random)!)
      }
      let bytes = harness.show(frame, "seed \(seed) step \(step)")
      if bytes.indices.contains(where: {
        bytes[$0] == 0x1B && $0 + 1 < bytes.count && [0x44, 0x4D].contains(bytes[$0 + 1])
      }) {
        scrolls += 1
      }
      if !harness.ok { return }
    }
  }
}

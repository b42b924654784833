import Testing

@testable import SectionNavCore

@Suite struct TextSanitizerTests {
  static let bidiControls: [UInt32] = [
    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
  ]

  /// A joiner ending a cluster is left out: it joins nothing in it, and a
  /// terminal may join the next cell to it (`&` ZWJ ZWJ then the caret,
  /// typed in a query, drew two cells off in tmux and the damage stayed).
  /// A joiner inside an emoji sequence stays.
  @Test func aJoinerEndingAClusterIsLeftOut() {
    let texts = TextSanitizer.displayGraphemes("&\u{200D}\u{200D}▏a\u{200D}").map(\.text)
    #expect(texts == ["&", "▏", "a"])
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(TextSanitizer.displayGraphemes(family).map(\.text) == [family])
    #expect(TextSanitizer.width("&\u{200D}x") == 2)
  }

  @Test func everyC0ControlBecomesItsControlPicture() {
    for v in UInt32(0)..<0x20 {
      let s = Unicode.Scalar(v)!
      #expect(TextSanitizer.replacement(for: s) == String(Unicode.Scalar(0x2400 + v)!))
      #expect(TextSanitizer.visible("a\(Character(s))b") == "a\(Character(Unicode.Scalar(0x2400 + v)!))b")
    }
    #expect(TextSanitizer.visible("\u{1B}[31mred") == "␛[31mred")
    #expect(TextSanitizer.visible("tab\there") == "tab␉here")
    #expect(TextSanitizer.visible("a\r\nb") == "a␍␊b")
  }

  @Test func deleteBecomesItsPicture() {
    #expect(TextSanitizer.visible("x\u{7F}") == "x␡")
  }

  @Test func everyC1ControlIsReplaced() {
    for v in UInt32(0x80)...0x9F {
      let text = "a" + String(Character(Unicode.Scalar(v)!)) + "b"
      let shown = TextSanitizer.visible(text)
      #expect(!TextSanitizer.isSafe(text))
      #expect(shown == "a\u{FFFD}b")
    }
  }

  @Test(arguments: bidiControls)
  func bidiControlsAreReplaced(_ v: UInt32) {
    let text = "abc" + String(Character(Unicode.Scalar(v)!)) + "def"
    #expect(TextSanitizer.visible(text) == "abc\u{FFFD}def")
  }

  @Test func lineAndParagraphSeparatorsAreShown() {
    #expect(TextSanitizer.visible("a\u{2028}b\u{2029}c") == "a␤b␤c")
  }

  @Test func nothingUnsafeSurvives() {
    var all = String.UnicodeScalarView()
    for v in UInt32(0)..<0xA0 { all.append(Unicode.Scalar(v)!) }
    for v in Self.bidiControls + [0x2028, 0x2029] { all.append(Unicode.Scalar(v)!) }
    let shown = TextSanitizer.visible(String(all))
    #expect(TextSanitizer.isSafe(shown))
    for s in shown.unicodeScalars {
      #expect(!(s.value < 0x20 || (0x7F...0x9F).contains(s.value)))
    }
    for g in TextSanitizer.displayGraphemes(String(all)) {
      #expect(TextSanitizer.isSafe(g.text))
      #expect(g.width == 1 || g.width == 2)
    }
  }

  @Test func safeTextIsUnchanged() {
    for text in ["plain", "日本語", "é", "👨‍👩‍👧", "עברית", "العربية", ""] {
      #expect(TextSanitizer.isSafe(text))
      #expect(TextSanitizer.visible(text) == text)
    }
  }

  @Test func displayGraphemesKeepClustersWhole() {
    let g = TextSanitizer.displayGraphemes("e\u{0301}日👍🏽")
    #expect(g.map(\.text) == ["e\u{0301}", "日", "👍🏽"])
    #expect(g.map(\.width) == [1, 2, 2])
  }

  @Test func aLoneCombiningMarkIsDrawnOnADottedCircle() {
    let g = TextSanitizer.displayGraphemes("\u{0301}x")
    #expect(g == [.init(text: "\u{25CC}\u{0301}", width: 1), .init(text: "x", width: 1)])
    #expect(TextSanitizer.width("\u{0301}x") == 2)
  }

  @Test func aControlFollowedByAMarkStaysVisible() {
    // A control never combines (Unicode breaks after it): the picture and the
    // lone mark on its dotted circle, and width agrees with what is drawn.
    let g = TextSanitizer.displayGraphemes("\u{1B}\u{0301}")
    #expect(g.map(\.text) == ["␛", "\u{25CC}\u{0301}"])
    #expect(TextSanitizer.width("\u{1B}\u{0301}") == 2)
  }

  @Test func invisibleFormatCharactersAreLeftOut() {
    let g = TextSanitizer.displayGraphemes("a\u{200B}b\u{2060}c")
    #expect(g.map(\.text) == ["a", "b", "c"])
    #expect(TextSanitizer.width("a\u{200B}b") == 2)
  }

  @Test func widthMatchesTheDrawnGraphemes() {
    for text in ["héllo", "日本", "\u{1B}[0m", "\u{0301}", "a\u{200B}", "🇯🇵 flag", "\u{85}\u{202E}x"] {
      let sum = TextSanitizer.displayGraphemes(text).reduce(0) { $0 + $1.width }
      #expect(TextSanitizer.width(text) == sum, "\(text.debugDescription)")
    }
  }

  // Found by FuzzCompositor: cells whose text fuses with a neighbour's in the
  // terminal (the row then has fewer grapheme clusters, and cells, than W).

  @Test func aLoneSpacingMarkIsDrawnOnADottedCircle() {
    // U+0EB3 joins whatever comes before it (here the cursor marker's space).
    let g = TextSanitizer.displayGraphemes("\u{0EB3}3")
    // Lao's AM has a cell of its own where terminals draw it (tmux: `◌ຳ3` is 3 cells).
    #expect(g == [.init(text: "\u{25CC}\u{0EB3}", width: 2), .init(text: "3", width: 1)])
    #expect(TextSanitizer.width("\u{0EB3}3") == 3)
  }

  @Test func aTrailingPrependedMarkIsClosedByADottedCircle() {
    // U+0D4E (dot reph) joins whatever comes after it.
    let g = TextSanitizer.displayGraphemes("x\u{0D4E}")
    #expect(g.map(\.text) == ["x", "\u{0D4E}\u{25CC}"])
    #expect(" \(g[1].text) ".count == 3)
  }

  // (A woman ending in a joiner no longer fuses with the next woman: the
  // joiner is left out, see `aJoinerEndingAClusterIsLeftOut`.)
  @Test(arguments: ["\u{1F1E6}\u{200B}\u{1F1E7}", "\u{1F1E6}\u{2060}\u{1F1E7}", "\u{1100}\u{2060}\u{AC00}"])
  func anInvisibleCharacterThatKeepsTwoClustersApartIsShown(_ text: String) {
    let g = TextSanitizer.displayGraphemes(text)
    #expect(g.count == 3)
    #expect(g[1] == .init(text: "\u{25CC}", width: 1))
    #expect(Array(g.map(\.text).joined()) == g.flatMap { Array($0.text) })
    #expect(TextSanitizer.width(text) == g.reduce(0) { $0 + $1.width })
  }

  /// `drawn` asks two tables whether a letter fuses with a cluster before
  /// or after it (`joinsLetterBefore`, `joinsLetterAfter`) where it broke
  /// `"a" + s` and `s + "a"` into graphemes: for every scalar they must say
  /// what that breaking says, or a mark would lose its `◌` and join the
  /// cell before it on screen.
  @Test func theLetterJoinTablesAreWhatGraphemeBreakingSays() {
    var wrong: [String] = []
    for v in UInt32(0x80)...0x10FFFF {
      guard let s = Unicode.Scalar(v), v < 0x30000 || v >= 0xE0000 || v % 64 == 0 else { continue }
      let text = String(s)
      if TextSanitizer.joinsLetterBefore(s) != TextSanitizer.fuse("a", text) {
        wrong.append("before U+\(String(v, radix: 16))")
      }
      if TextSanitizer.joinsLetterAfter(s) != TextSanitizer.fuse(text, "a") {
        wrong.append("after U+\(String(v, radix: 16))")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    #expect(TextSanitizer.joinsLetterBefore("\u{301}") && TextSanitizer.joinsLetterAfter("\u{600}"))
  }

  @Test func drawnGraphemesNeverFuseWithEachOtherOrTheirNeighbours() {
    let samples = [
      "\u{0EB3}\u{0EB3}3", "a\u{200B}\u{0E33}", "\u{0D4E}", "\u{1F1E6}\u{FEFF}\u{1F1E7}\u{1F1E8}",
      "\u{0903}x", "\u{1160}\u{11A8}", "e\u{301}\u{200B}\u{301}", "\u{1100}\u{200B}\u{1161}",
    ]
    for text in samples {
      let parts = [" "] + TextSanitizer.displayGraphemes(text).map(\.text) + [" "]
      // Only the pieces of a cluster wider than two cells (`TextSanitizer.pieces`) join up again.
      let clusters = Array(parts.joined()).flatMap { g in
        g.utf8.count >= 6 && CellWidth.of(g) > 2 ? TextSanitizer.pieces(g).map(\.text) : [String(g)]
      }
      #expect(clusters == parts.flatMap { Array($0).map(String.init) }, "\(text.debugDescription)")
      #expect(TextSanitizer.width(text) == TextSanitizer.displayGraphemes(text).reduce(0) { $0 + $1.width })
    }
  }
}

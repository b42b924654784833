import Testing

@testable import SectionNavCore

@Suite struct CellWidthTests {
  @Test func asciiAndLatinAreOneCellEach() {
    #expect(CellWidth.of("hello, world") == 12)
    #expect(CellWidth.of("Ærøskøbing façade") == 17)
    #expect(CellWidth.of("") == 0)
  }

  @Test func cjkAndFullwidthAreTwoCells() {
    #expect(CellWidth.of("日本語") == 6)
    #expect(CellWidth.of("中文abc") == 7)
    #expect(CellWidth.of("ＡＢ") == 4)  // fullwidth Latin
    #expect(CellWidth.of("ｱｲ") == 2)  // halfwidth katakana
    #expect(CellWidth.of("\u{20000}\u{2A6DF}") == 4)  // CJK extension B
    #expect(CellWidth.of("\u{30000}") == 2)  // plane 3, newer than the table's Unicode
    // An ideograph of plane 2 with a vowel sign is no emoji sequence: 2 + 1, as tmux draws it.
    #expect(CellWidth.of("\u{20000}\u{093F}") == 3)
    // A text-style emoji keeps a spacing mark's cell (tmux: 2); a wide one stays 2.
    #expect(CellWidth.of(Character("\u{1F000}\u{093F}")) == 2)
    #expect(CellWidth.of(Character("\u{00A9}\u{093F}")) == 2)
    #expect(CellWidth.of(Character("\u{1F44D}\u{093F}")) == 2)
    #expect(CellWidth.of(Character("\u{00A9}\u{0301}")) == 1)
  }

  @Test func hangulSyllablesAndJamoClustersAreTwoCells() {
    #expect(CellWidth.of("한국어") == 6)
    // Conjoining jamo L V T form one syllable cluster: the medial and final take no room.
    let composed: Character = "\u{1100}\u{1161}\u{11A8}"
    #expect(CellWidth.of(composed) == 2)
    #expect(CellWidth.of(Unicode.Scalar(0x1161)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0x11A8)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0xD7B0)!) == 0)
  }

  @Test func emojiSequencesAreOneTwoCellCluster() {
    let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    #expect(family.count == 1)
    #expect(CellWidth.of(family) == 2)
    #expect(CellWidth.of("🏳️‍🌈") == 2)  // flag with VS16 and ZWJ
    #expect(CellWidth.of("👍🏽") == 2)  // skin tone
    #expect(CellWidth.of("🇯🇵🇫🇷") == 4)  // two flags
    #expect(CellWidth.of("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == 2)  // tag sequence
    #expect(CellWidth.of("😀x") == 3)
  }

  /// The halfwidth voiced marks `ﾞ` `ﾟ` extend a grapheme in Unicode but
  /// take a cell of their own in terminals (wcwidth 1): `ｶﾞｲﾄﾞ` is five
  /// cells, drawn as three graphemes (`ｶﾞ` and `ﾄﾞ` wide ones), and a row
  /// holding it is as wide as the screen (it ran two cells past it).
  @Test func halfwidthVoicedMarksTakeACellOfTheirOwn() {
    #expect(CellWidth.of("ｶﾞｲﾄﾞ") == 5)
    #expect(CellWidth.of(Character("ﾊﾟ")) == 2)
    let drawn = TextSanitizer.displayGraphemes("ｶﾞｲﾄﾞ")
    #expect(drawn.map(\.text) == ["ｶﾞ", "ｲ", "ﾄﾞ"] && drawn.map(\.width) == [2, 1, 2])
    let state = TestData.state(SectionedList([(title: "ﾊﾞｯｸ", items: ["ｶﾞｲﾄﾞ"]), ("abc", ["x"])]), width: 20, height: 5)
    let frame = state.render(width: 20, height: 5)
    for row in 0..<frame.height {
      let cells = (0..<frame.width).map { frame[$0, row] }
      let terminalWidth = cells.reduce(0) { $0 + ($1.text.isEmpty ? 0 : CellWidth.of($1.text)) }
      #expect(terminalWidth == 20, "row \(row): \(cells.map(\.text).joined())")
    }
  }

  @Test func keycapsAndVariationSelectors() {
    #expect(CellWidth.of("1\u{FE0F}\u{20E3}") == 2)  // keycap 1️⃣
    #expect(CellWidth.of("#\u{FE0F}\u{20E3}") == 2)
    #expect(CellWidth.of("1\u{20E3}") == 1)  // text keycap, no VS16
    #expect(CellWidth.of("\u{2764}") == 1)  // ❤ text default
    #expect(CellWidth.of("\u{2764}\u{FE0F}") == 2)  // VS16 makes it an emoji
    #expect(CellWidth.of("\u{2764}\u{FE0E}") == 1)  // VS15 keeps it text
    #expect(CellWidth.of("\u{00A9}\u{FE0F}") == 2)  // ©️
    #expect(CellWidth.of("\u{231A}") == 2)  // ⌚ emoji default
    #expect(CellWidth.of("a\u{FE0F}") == 1)  // VS16 on a non-emoji does nothing
  }

  @Test func combiningMarksTakeNoCell() {
    #expect(CellWidth.of("e\u{0301}") == 1)
    #expect(CellWidth.of("a\u{0301}\u{0302}\u{0323}") == 1)
    #expect(CellWidth.of("Zalgo\u{0336}\u{0337}") == 5)
    #expect(CellWidth.of("\u{0915}\u{094D}\u{0937}") == 2)  // Devanagari conjunct क्ष: a cell a consonant
    #expect(CellWidth.of("\u{200B}") == 0)  // zero width space
    #expect(CellWidth.of(Unicode.Scalar(0x0301)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0x20DD)!) == 0)  // enclosing circle
  }

  @Test func aLoneCombiningMarkHasNoWidthOfItsOwn() {
    let lone: Character = "\u{0301}"
    #expect(CellWidth.of(lone) == 0)
  }

  @Test func controlsHaveNoWidth() {
    #expect(CellWidth.of(Unicode.Scalar(0x1B)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0x85)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0xAD)!) == 1)  // soft hyphen: drawn like glibc
  }

  /// Every scalar the Swift runtime (a newer Unicode than the table's) calls
  /// Emoji_Presentation is two cells: no emoji overlaps its neighbour.
  @Test func everyEmojiPresentationScalarIsWide() {
    var narrow: [String] = []
    for v in UInt32(0x2000)...0x1FFFF {
      guard let s = Unicode.Scalar(v), s.properties.isEmojiPresentation else { continue }
      if CellWidth.of(s) != 2 { narrow.append(String(v, radix: 16)) }
    }
    #expect(narrow.isEmpty, "narrow emoji: \(narrow)")
  }

  @Test func everyCombiningMarkIsZero() {
    var wide: [String] = []
    for v in UInt32(0x300)...0x1FFFF {
      guard let s = Unicode.Scalar(v) else { continue }
      switch s.properties.generalCategory {
      case .nonspacingMark, .enclosingMark:
        if s.properties.age != nil, s.properties.age! <= (14, 0), CellWidth.of(s) != 0 {
          wide.append(String(v, radix: 16))
        }
      default: break
      }
    }
    #expect(wide.isEmpty, "marks with width: \(wide)")
  }

  @Test func tableIsSortedAndDisjoint() {
    let t = CellWidth.table
    #expect(!t.isEmpty)
    for i in t.indices {
      #expect(t[i].low <= t[i].high)
      if i > 0 { #expect(t[i - 1].high < t[i].low) }
    }
  }

  /// Indic text is as wide as terminals that measure by `wcwidth` draw it
  /// (xterm, tmux, VTE; tmux 3.3's cursor after each, 2026-12-06): a
  /// spacing vowel sign takes a cell of its own (two in one syllable: two
  /// cells), and each consonant of a conjunct — one grapheme since Unicode
  /// 15.1 — too; a nasal sign (Mn) does not; a ZWJ joins what follows it
  /// into the cell (tmux).
  @Test func indicTextIsAsWideAsTerminalsDrawIt() {
    let tmux = [
      "कि": 2, "क्ष": 2, "स्त्री": 4, "கை": 2, "कं": 1, "ক্ষ": 2, "हिन्दी": 5, "क्षि": 3, "বাংলা": 5, "কোং": 3,
      "കാം": 3, "కుం": 3, "କାଂ": 3, "กำ": 2, "น้ำ": 2, "ນ້ຳ": 2, "ൎമ്മ": 3, "क्\u{200D}ष": 1,
      // A ZWJ joins only the scalar after it into its cell; what follows
      // adds its own (a whole cluster as one cell cut the vowel signs off).
      "क्\u{200D}षि": 2, "क्\u{200D}ष्ट": 2, "ক্\u{200D}ষা": 2, "ന്\u{200D}ന്റെ": 3, "द्\u{200D}धำ": 2,
      "അവന്\u{200D}റെ": 4,
      // Prepended concatenation marks take a cell, as glibc's wcwidth gives them.
      "\u{600}y": 2, "x\u{600}\u{600}\u{600}y": 5,
    ]
    for (text, cells) in tmux {
      #expect(TextSanitizer.width(text) == cells, "\(text)")
      let drawn = TextSanitizer.displayGraphemes(text)
      #expect(drawn.map(\.text).joined() == text && drawn.allSatisfy { $0.width >= 1 }, "\(text): \(drawn)")
    }
  }
}

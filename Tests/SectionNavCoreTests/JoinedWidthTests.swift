import Testing

@testable import SectionNavCore

/// `TextWidth.joinedCells` measures clusters from bytes by the rule the
/// sanitizer draws them with: wherever it answers, it must give what
/// grapheme breaking gives (`TextSanitizer.displayGraphemes`), or rows
/// holding marks or emoji would be cut or padded wrongly; and it must
/// answer for the text people have, or loading such text falls back to
/// grapheme breaking item by item (42 MB/s).
@Suite struct JoinedWidthTests {
  /// Scalars of every join class: letters of several scripts, marks that
  /// attach (nonspacing, spacing, a virama), controls and format characters
  /// after which nothing attaches, jamo, prepended marks, emoji with their
  /// modifiers, selectors, ZWJ and regional indicators, tags.
  static let pool: [Unicode.Scalar] = [
    "a", "Z", " ", "1", "#", "\t", "\n", "\r", "\u{1B}", "\u{85}", "\u{AD}", "é", "\u{301}", "\u{308}", "\u{20E3}",
    "क", "ष", "\u{94D}", "\u{93F}", "\u{940}", "\u{902}", "\u{9BE}", "ก", "\u{E33}", "\u{E31}", "เ", "한",
    "\u{1100}", "\u{1161}", "\u{11A8}", "中", "Ａ", "ｶ", "\u{FF9E}", "👍", "\u{1F3FD}", "❤", "\u{FE0F}", "\u{FE0E}",
    "\u{FE00}", "👨", "👩", "\u{200D}", "\u{1F1EB}", "\u{1F1F7}", "©", "\u{200B}", "\u{200C}", "\u{2060}", "\u{200E}",
    "\u{202E}", "\u{2028}", "\u{600}", "\u{D4E}", "\u{FEFF}", "\u{E0067}", "\u{E007F}", "🏴", "\u{102B}", "\u{BC8}",
    "\u{302E}", "\u{FFFD}", "\u{1D165}", "\u{11000}", "\u{11038}", "\u{DC6}", "\u{DCA}",
  ]

  /// Cells as the sanitizer draws `text`, by grapheme breaking.
  static func drawn(_ text: String) -> Int { TextSanitizer.displayGraphemes(text).reduce(0) { $0 + $1.width } }

  /// How a test writes text: raw UTF-8, a JSON string's body with every
  /// non-ASCII scalar as `\uXXXX`, or with every scalar so (`\u0031`).
  enum Writing: CaseIterable { case raw, escaped, everyScalarEscaped }

  static func joined(_ text: String, escapes: Bool = false) -> Int? {
    joined(text, escapes ? .escaped : .raw)
  }

  static func joined(_ text: String, _ writing: Writing) -> Int? {
    let body = writing == .raw ? text : jsonBody(text, everyScalar: writing == .everyScalarEscaped)
    let bytes = Array(body.utf8)
    return bytes.withUnsafeBufferPointer { TextWidth.joinedCells($0.baseAddress!, $0.count, escapes: writing != .raw) }
  }

  /// `text` as a JSON string's body: quotes, backslashes and controls
  /// escaped, and every other non-ASCII scalar (or every scalar) written
  /// `\uXXXX` (pairs past U+FFFF).
  static func jsonBody(_ text: String, everyScalar: Bool = false) -> String {
    var out = ""
    for s in text.unicodeScalars {
      switch s {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default:
        if s.value < 0x20 || s.value >= 0x80 || everyScalar {
          for unit in String(s).utf16 {
            let hex = String(unit, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          }
        } else {
          out.unicodeScalars.append(s)
        }
      }
    }
    return out
  }

  @Test func everyPairAndTripleIsMeasuredAsDrawnOrLeftToGraphemeBreaking() {
    var wrong: [String] = []
    var measured = 0
    func check(_ scalars: [Unicode.Scalar]) {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      let text = String(view)
      for writing in Writing.allCases {
        guard let cells = Self.joined(text, writing) else { continue }
        measured += 1
        let expected = Self.drawn(text)
        if cells != expected && wrong.count < 20 {
          wrong.append("\(scalars.map { String($0.value, radix: 16) }) \(writing): \(cells) vs \(expected)")
        }
      }
    }
    for a in Self.pool {
      for b in Self.pool {
        check([a, b])
        for c in Self.pool where (a.value &+ b.value &+ c.value) % 7 == 0 { check([a, b, c]) }
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
    // Most of these have a mark or emoji the bytes settle: a rule that
    // answered nil for everything would pass the comparison above.
    #expect(measured > 30_000)
  }

  @Test func randomTextOfEveryClassIsMeasuredAsDrawn() {
    var random = SeededGenerator(seed: 22)
    var wrong: [String] = []
    for _ in 0..<20_000 {
      var view = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 12 + 1) { view.append(Self.pool[Int(random.next() % UInt64(Self.pool.count))]) }
      let text = String(view)
      for writing in Writing.allCases {
        if let cells = Self.joined(text, writing), cells != Self.drawn(text), wrong.count < 20 {
          let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
          wrong.append("\(scalars) \(writing): \(cells) vs \(Self.drawn(text))")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }

  /// Where the bytes cannot tell a stretch, the widest-row pass still
  /// needs an upper bound that holds (else a row is cut) and is tight (else
  /// every such item is decoded: 30 MB in 3.5 s): only that stretch is
  /// bounded scalar by scalar, and measuring goes on after it.
  @Test func aStretchTheBytesCannotTellIsBoundedAndMeasuringGoesOnAfterIt() {
    var random = SeededGenerator(seed: 23)
    var wrong: [String] = []
    var tighter = 0
    var (slack, inexact) = (0, 0)
    var (drawnTotal, leastTotal) = (0, 0)
    for _ in 0..<20_000 {
      var view = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 24 + 1) { view.append(Self.pool[Int(random.next() % UInt64(Self.pool.count))]) }
      let text = String(view)
      let drawn = Self.drawn(text)
      for writing in Writing.allCases {
        let body = writing == .raw ? text : Self.jsonBody(text, everyScalar: writing == .everyScalarEscaped)
        let bytes = Array(body.utf8)
        let (joined, scalars) = bytes.withUnsafeBufferPointer {
          let p = $0.baseAddress!
          return (
            TextWidth.joinedBound(p, $0.count, escapes: writing != .raw),
            TextWidth.cells(p, $0.count, escapes: writing != .raw, joining: false).cells
          )
        }
        let (bound, exact) = (joined.cells, joined.exact)
        // The lower bound holds too: else the widest-row pass skips the widest row.
        if exact ? bound != drawn : bound < drawn || joined.least > drawn, wrong.count < 20 {
          let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
          wrong.append("\(scalars) \(writing): \(joined.least)...\(bound) vs \(drawn)")
        }
        if !exact && bound < scalars { tighter += 1 }
        // Given a floor, a row that may beat it is measured as without one;
        // one that cannot is left with a bound no more than the floor.
        let floor = drawn + Int(random.next() % 9) - 4
        let against = bytes.withUnsafeBufferPointer {
          TextWidth.joinedBound($0.baseAddress!, $0.count, escapes: writing != .raw, floor: floor)
        }
        if against.cells > floor ? against != joined : against.cells < drawn || against.least > drawn, wrong.count < 20
        {
          wrong.append(
            "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(writing) floor \(floor): \(against)")
        }
        if !exact { slack += bound - joined.least; drawnTotal += drawn; leastTotal += joined.least }
        inexact += exact ? 0 : 1
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
    // A bound that gave up at the first such stretch would pass the check above.
    #expect(tighter > 10_000)
    // So would a lower bound of nothing, which skips no row: a few cells
    // apart, in text that is mostly such stretches.
    #expect(inexact > 10_000 && leastTotal * 4 > drawnTotal)
    // In text people write, a stray piece costs the lower bound a cell or two.
    let words = ["café", "हिन्दी", "한글", "日本語", "ภาษาไทย", "👍🏽", "naïve", "north", "தமிழ்", "👨‍👩‍👧", "স্ত্রী"]
    let strays = [
      "\u{301}ok", "x\u{200D}y", "zero\u{200B}width", "\u{600}1234", "क\u{200D}", "\u{FEFF}bom", "\u{1161}\u{11A8}",
    ]
    for round in 0..<200 {
      var text = ""
      var pieces = 0
      for k in 0..<40 {
        let stray = k % 7 == round % 7
        pieces += stray ? 1 : 0
        text += (stray ? strays[(k + round) % strays.count] : words[(k * 3 + round) % words.count]) + " "
      }
      let bytes = Array(text.utf8)
      let measured = bytes.withUnsafeBufferPointer { TextWidth.joinedBound($0.baseAddress!, $0.count, escapes: false) }
      let drawn = Self.drawn(text)
      #expect(measured.least <= drawn && measured.least >= drawn - 3 * pieces, "\(text)")
      // A row well short of the floor is measured only part of the way.
      let (short, beats) = bytes.withUnsafeBufferPointer {
        (
          TextWidth.joinedBound($0.baseAddress!, $0.count, escapes: false, floor: drawn * 3 / 2),
          TextWidth.joinedBound($0.baseAddress!, $0.count, escapes: false, floor: drawn - 1)
        )
      }
      #expect(short.cells <= drawn * 3 / 2 && short.cells > measured.cells && short.least <= drawn, "\(text)")
      #expect(beats == measured, "\(text)")
    }
    // A lone mark before accented text: one cell of slack at most, not one a mark.
    let text = "\u{301}" + String(repeating: "e\u{301} ", count: 40)
    let bytes = Array(text.utf8)
    let bound = bytes.withUnsafeBufferPointer { TextWidth.cells($0.baseAddress!, $0.count, escapes: false) }
    #expect(!bound.exact && bound.cells <= Self.drawn(text) + 1 && Self.drawn(text) == 81)
    // After a Prepend, a letter joins it: measuring goes on only after that.
    let prepended = Array("\u{600}a\u{301}\u{301}\u{301}bc".utf8)
    let after = prepended.withUnsafeBufferPointer { TextWidth.joinedBound($0.baseAddress!, $0.count, escapes: false) }
    #expect(!after.exact && after.cells >= Self.drawn("\u{600}a\u{301}\u{301}\u{301}bc"))
  }

  /// Jamo clusters are measured by their classes (GB6–GB8), each class at
  /// the cells `CellWidth` gives its scalars: a class the rules and the
  /// table disagree on would misalign every row of decomposed Korean.
  @Test func hangulClassesAreTheRulesAndTheWidthsOfTheirScalars() {
    var wrong: [String] = []
    for v in UInt32(0x1100)...0xD7FF {
      let kind = TextWidth.hangulClass(v)
      guard kind != 0, let s = Unicode.Scalar(v) else { continue }
      if CellWidth.spacingWidth(s) != (kind == 2 || kind == 3 ? 0 : 2) {
        wrong.append("width U+\(String(v, radix: 16))")
      }
      // Each class joins after the classes the rules say, and only those.
      for (before, b) in [("\u{1100}", 1), ("\u{1161}", 2), ("\u{11A8}", 3), ("\u{AC00}", 4), ("\u{AC01}", 5)]
        as [(String, UInt8)]
      {
        if ((before + String(s)).count == 1) != TextWidth.hangulJoins(b, kind) {
          wrong.append("U+\(String(v, radix: 16)) after \(b)")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20))")
  }

  @Test func textPeopleWriteIsMeasuredFromItsBytes() {
    let texts = [
      "cafe\u{301} nai\u{308}ve", "हिन्दी क्षत्रिय स्त्री", "বাংলা ভাষা", "മലയാളം", "ภาษาไทย กำลัง", "தமிழ் கை",
      "👍🏽 thumbs", "family 👨‍👩‍👧", "🇫🇷 France 🇩🇪", "❤️ love", "1️⃣ first", "ｶﾞｲﾄﾞ", "Tiếng Việt", "العربية",
      // Korean decomposed (NFD), as macOS writes file names: 한글 파일.txt
      "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} \u{1111}\u{1161}\u{110B}\u{1175}\u{11AF}.txt",
    ]
    for text in texts {
      #expect(Self.joined(text) == Self.drawn(text), "\(text)")
      #expect(Self.joined(text, escapes: true) == Self.drawn(text), "\(text) escaped")
      // The one width rule's entry point says it is exact too.
      let bytes = Array(text.utf8)
      let cells = bytes.withUnsafeBufferPointer { TextWidth.cells($0.baseAddress!, $0.count, escapes: false) }
      #expect(cells.exact && cells.cells == Self.drawn(text), "\(text)")
    }
  }

  @Test func whatOnlyGraphemeBreakingCanTellIsLeftToIt() {
    // A mark with nothing to attach to is drawn on `◌`; after a control or
    // an invisible format character likewise; prepended marks join in ways
    // the bytes do not follow; a trailing ZWJ is dropped.
    for text in [
      "\u{301}a", "a\u{200B}\u{301}", "\t\u{301}", "\u{600}1", "a\u{200D}", "a\u{1F3FD}",
    ] {
      #expect(Self.joined(text) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}

import Testing

@testable import SectionNavCore

/// The scan measures items from their bytes; these check it against the
/// reference (decode, then `TextSanitizer.width`) item by item.
@Suite struct ItemWidthTests {
  /// `TextWidth.cells` of raw UTF-8 (or broken) bytes.
  static func cells(_ bytes: [UInt8], joining: Bool = true) -> TextWidth.Cells {
    bytes.isEmpty
      ? .exact(0)
      : bytes.withUnsafeBufferPointer { TextWidth.cells($0.baseAddress!, $0.count, escapes: false, joining: joining) }
  }

  /// Every scalar the one width rule (`TextWidth`) calls exact is drawn as
  /// a grapheme of that width on its own and between neighbours of every
  /// kind it also calls exact (letters, CJK, Hangul syllables, controls,
  /// CR and LF, emoji, bidi controls); the others get an upper bound. The
  /// reference is the grapheme path (`forEachGrapheme`), not `width`, which
  /// itself now asks `TextWidth` first.
  @Test func scalarsCalledExactHaveThatWidthInAnyContext() {
    func reference(_ s: String) -> Int {
      var total = 0
      TextSanitizer.forEachGrapheme(s) {
        total += $0.width
        return true
      }
      return total
    }
    let neighbours = ["a", "王", "\u{1E00}", "\u{3041}", "\u{AC00}", "\r", "\n", "\u{1B}", "\u{1F600}", "\u{202E}", "é"]
    var checked = 0
    for v in UInt32(0)..<0x3_0000 {
      guard let scalar = Unicode.Scalar(v) else { continue }
      let w = TextWidth.scalar(v)
      let alone = reference(String(Character(scalar)))
      #expect(abs(w) >= alone, "U+\(String(v, radix: 16))")
      guard w > 0 else { continue }
      checked += 1
      #expect(w == alone, "U+\(String(v, radix: 16))")
      // Each scalar between one pair of neighbours, the pairs taking turns
      // (every pair for every scalar would take minutes).
      let before = neighbours[Int(v) % neighbours.count]
      let after = neighbours[Int(v) / neighbours.count % neighbours.count]
      let s = before + String(Character(scalar)) + after
      #expect(reference(s) == reference(before) + w + reference(after), "U+\(String(v, radix: 16))")
    }
    #expect(checked > 150_000)
  }

  /// The byte walk agrees with the grapheme path on random text of exact
  /// scalars, and is an upper bound on text with joining ones.
  @Test(arguments: [4, 5, 6] as [UInt64]) func textMeasuredFromBytesAgreesWithGraphemes(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let pool: [UInt32] = [
      0x61, 0x09, 0x0D, 0x0A, 0x7F, 0x85, 0xE9, 0x300, 0x301, 0x4E2D, 0xAC00, 0x1100, 0x1161, 0x200D, 0xFE0F, 0x1F600,
      0x1F1E6, 0x202E, 0x2028, 0x200B, 0x0600, 0x0E33,
    ]
    for _ in 0..<2000 {
      var s = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...8, using: &rng) { s.append(Unicode.Scalar(pool.randomElement(using: &rng)!)!) }
      let text = String(s)
      var reference = 0
      TextSanitizer.forEachGrapheme(text) {
        reference += $0.width
        return true
      }
      let bytes = Array(text.utf8)
      let measured = Self.cells(bytes)
      let (cells, exact) = (measured.cells, measured.exact)
      if exact { #expect(cells == reference, "\(text.unicodeScalars.map { $0.value })") }
      #expect(cells >= reference, "\(text.unicodeScalars.map { $0.value })")
      #expect(measured.least <= reference, "\(text.unicodeScalars.map { $0.value })")
      #expect(TextSanitizer.width(text) == reference)
    }
  }

  /// Longer text, where the walk takes eight bytes at a time (ASCII and
  /// two-byte scalars) and the last few as one word: exact on valid text
  /// of exact scalars, and on broken UTF-8 (a lead without its
  /// continuation, a stray continuation, a cut-off scalar) an upper bound
  /// that says it is one.
  @Test(arguments: [7, 8, 9] as [UInt64]) func wordsAtATimeAgreeWithGraphemes(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let pool: [UInt32] = [0x61, 0x20, 0x5C, 0x22, 0x09, 0x7F, 0xE9, 0xC5, 0x2BF, 0x3A9, 0x416, 0x4E2D, 0x1F600, 0x85]
    for round in 0..<3000 {
      var s = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...40, using: &rng) { s.append(Unicode.Scalar(pool.randomElement(using: &rng)!)!) }
      var bytes = Array(String(s).utf8)
      if round % 3 == 0, !bytes.isEmpty {
        // Break it: a lone lead, a stray continuation, or the text cut mid-scalar.
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch round % 4 {
        case 0: bytes.insert(0xC3, at: at)
        case 1: bytes.insert(0xA9, at: at)
        default: bytes.removeLast()
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let valid = Array(text.utf8) == bytes
      let measured = Self.cells(bytes)
      let (cells, exact) = (measured.cells, measured.exact)
      let width = TextSanitizer.width(text)
      if valid { #expect(exact && cells == width, "\(bytes)") } else { #expect(!exact && cells >= width, "\(bytes)") }
      #expect(measured.least <= width, "\(bytes)")
    }
  }

  /// Runs of three-byte scalars (CJK and its neighbours, E0 and ED's edge
  /// forms, joining and narrow ones among them), walked a run at a time,
  /// give the cells and exactness of the rule taken scalar by scalar; and
  /// broken three-byte forms (overlong, surrogate, cut, stray) an upper
  /// bound that says it is one.
  @Test(arguments: [10, 11, 12] as [UInt64]) func threeByteRunsAgreeWithTheRuleScalarByScalar(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let pool: [UInt32] = [
      0x4E2D, 0x6587, 0x5B57, 0x3000, 0x3041, 0x3099, 0x303F, 0x4DC0, 0x9FFF, 0xAC00, 0xD7A3, 0xD7FF, 0x800, 0xFFFD,
      0xFF21, 0xFF61, 0xE000, 0x200D, 0x2028, 0x61, 0x20, 0xE9, 0x1F600,
    ]
    let broken: [[UInt8]] = [
      [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xE4], [0xB8], [0xEF, 0xBF, 0x41],
    ]
    for round in 0..<3000 {
      var scalars: [UInt32] = []
      for _ in 0..<Int.random(in: 0...40, using: &rng) {
        // Mostly CJK, in runs.
        scalars.append(
          round % 2 == 0 && Bool.random(using: &rng)
            ? 0x4E00 + UInt32.random(in: 0..<0x5200, using: &rng)
            : pool.randomElement(using: &rng)!)
      }
      var bytes = Array(String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! })).utf8)
      let valid = round % 3 != 0
      if !valid {
        bytes.insert(contentsOf: broken[round % broken.count], at: Int.random(in: 0...bytes.count, using: &rng))
      }
      let measured = Self.cells(bytes, joining: false)
      let (cells, exact) = (measured.cells, measured.exact)
      if valid {
        let widths = scalars.map { TextWidth.scalar($0) }
        #expect(cells == widths.reduce(0) { $0 + abs($1) }, "\(scalars)")
        #expect(exact == widths.allSatisfy { $0 > 0 }, "\(scalars)")
      } else {
        #expect(!exact && cells >= TextSanitizer.width(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
      }
    }
  }

  /// For each random string item, written with random escapes: the width
  /// the scan reports is exact when it says so and never too small.
  @Test(arguments: [1, 2, 3] as [UInt64]) func stringItemsMeasuredFromTheirBytes(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<400 {
      let s = LazyDecodingTests.randomString(&rng) + (Bool.random(using: &rng) ? "café 中" : "Ωmega\u{E9}")
      let literal = LazyDecodingTests.randomlyEscaped(s, &rng)
      let body = Array(literal.utf8.dropFirst().dropLast())
      let measured = body.withUnsafeBufferPointer { TextWidth.cells($0.baseAddress!, $0.count, escapes: true) }
      let (cells, exact) = (measured.cells, measured.exact)
      let width = TextSanitizer.width(s)
      if exact { #expect(cells == width, "\(literal)") } else { #expect(cells >= width, "\(literal)") }
      #expect(measured.least <= width, "\(literal)")
      // And the load as a whole, with a shorter item beside it.
      #expect(try load("{\"a\": [\"x\", \(literal)]}").maxItemWidth == max(1, width), "\(literal)")
      // Beside a plain item one cell narrower: the scan skips measuring an
      // escaped item whose bound is no wider than that, so the bound must hold.
      let narrower = String(repeating: "x", count: max(0, width - 1))
      #expect(try load("{\"a\": [\"\(narrower)\", \(literal)]}").maxItemWidth == width, "\(literal)")
    }
  }

  @Test func itemFieldValuesAreMeasuredByTheScan() throws {
    let json = #"{"a": [{"n": "caf\u00e9 \"q\" 中", "x": "a much longer other field"}, {"x": 1, "n": 1234567890123}]}"#
    #expect(try load(json, LoadOptions(itemField: "n")).maxItemWidth == 13)
    let single = #"{"a": [{"n": "caf\u00e9 \"q\" 中", "x": "a much longer other field"}]}"#
    #expect(try load(single, LoadOptions(itemField: "n")).maxItemWidth == 11)
    // The last of repeated names wins, as in the display.
    #expect(try load(#"{"a": [{"n": "abc", "n": "ab"}]}"#, LoadOptions(itemField: "n")).maxItemWidth == 2)
    // An object without the field shows (and measures) as compact JSON.
    #expect(try load(#"{"a": [{ "m" : "é" }]}"#, LoadOptions(itemField: "n")).maxItemWidth == 9)
  }

  /// An object shown by its field is measured only when the field's bytes
  /// could make it the widest row; in either order, the widest is the drawn one.
  @Test func objectsByFieldAreAsWideAsTheirWidestDrawnRow() throws {
    let items = [
      #"{"n": "中文中文", "x": "a much longer other field than any name"}"#, #"{"n": "abcdefgh"}"#,
      #"{"n": "caf\u00e9 \"q\""}"#, #"{"n": null, "m": 1}"#, #"{"n": {"k": [1, 2]}}"#,
      #"{"m": "no field here"}"#, #"{"n": 123456789}"#,
    ]
    for order in [items, items.reversed()] {
      let list = try load("{\"s\": [" + order.joined(separator: ", ") + "]}", LoadOptions(itemField: "n"))
      var widest = 0
      for i in 0..<list.itemCount(0) { widest = max(widest, TextSanitizer.width(list.itemText(section: 0, item: i))) }
      #expect(list.maxItemWidth == widest)
    }
  }

  /// A string item (an array of strings, JSON Lines of strings) is measured
  /// only when its body's bytes less what its escapes save could beat the
  /// widest row so far. Escapes of every width (`\u00e9` one cell, `\u4e2d`
  /// two, `\u0301` none, a surrogate pair two), raw non-ASCII, random lengths
  /// and orders, one thread or two, grouped or not: the widest is the drawn one.
  @Test func stringItemsAreAsWideAsTheirWidestDrawnRow() throws {
    let pieces = [
      "a", "word ", #"\u00e9"#, #"\u4e2d"#, "中", #"\u0301"#, #"\n"#, #"\""#, #"\ud83d\ude00"#, #"\u0009"#, "é",
      #"\\"#, #"\u1100"#, #"\u10ff"#, "\u{1F600}",
    ]
    // Pieces whose cells the bound tells exactly: rows of nearly one width
    // then differ by a cell, and a bound one too tight loses the widest.
    let exact = ["a", #"\u00e9"#, #"\""#, #"\n"#, #"\\"#]
    for seed in UInt64(1)...12 {
      var random = OracleRandom(seed: seed)
      let tight = seed % 2 == 0
      let strings = (0..<300).map { _ in
        let count = tight ? 20 + random.below(4) : random.below(random.chance(10) ? 120 : 20)
        return "\"" + (0..<count).map { _ in random.pick(tight ? exact : pieces) }.joined() + "\""
      }
      let lines = random.chance(50)
      let text = lines ? strings.joined(separator: "\n") : "[" + strings.joined(separator: ", ") + "]"
      var options = LoadOptions()
      options.format = lines ? .jsonLines : .json
      if random.chance(50) { options.groupBy = .initial }
      for parallel in [false, true] {
        let list = try ItemLoader.loadHalves(
          ByteBuffer(string: text), options: options, parallel: parallel, minimumSplitSize: 64
        ).result.list
        var widest = 0
        for section in 0..<list.sectionCount {
          for i in 0..<list.itemCount(section) {
            widest = max(widest, TextSanitizer.width(list.itemText(section: section, item: i)))
          }
        }
        #expect(list.itemCount == strings.count, "seed \(seed)")
        #expect(list.maxItemWidth == widest, "seed \(seed), \(lines ? "lines" : "array"), parallel \(parallel)")
      }
    }
  }

  /// A string item taken from its object by `--path` (`.list[].name`, the
  /// objects' own loop) is bounded by its own escapes, not by those of a
  /// string scanned before it (`meta`'s, which save 50 bytes): the widest
  /// row is the drawn one, in either order of the items.
  @Test func pathItemsAreBoundedByTheirOwnEscapes() throws {
    let meta = String(repeating: #"\u00e9"#, count: 10)
    let names = [#""ab""#, #""éééééé""#, #""c\u00e9\u4e2d""#]
    for order in [names, names.reversed()] {
      let objects = order.map { "{\"id\": 1, \"name\": \($0)}" }
      let text = "{\"meta\": \"\(meta)\", \"list\": [" + objects.joined(separator: ", ") + "]}"
      var options = LoadOptions()
      options.path = try JSONPath(".list[].name")
      let list = try ItemLoader.load(ByteBuffer(string: text), options: options).list
      var widest = 0
      for i in 0..<list.itemCount(0) { widest = max(widest, TextSanitizer.width(list.itemText(section: 0, item: i))) }
      #expect(list.itemCount == 3)
      #expect(widest == 6)
      #expect(list.maxItemWidth == widest, "\(order)")
    }
  }

  /// Rows only a bound measures (a stray joiner in every item: a lone
  /// mark, a ZWJ after a letter, a zero-width space): a row's lower bound
  /// raises the bar, so rows that cannot be the widest wait for nothing —
  /// every row waited, and every one was measured (60 MB at 500 MB/s) —
  /// and the widest found is still the widest drawn, in any order, on the
  /// sectioned scan's path too.
  @Test(arguments: [1, 2, 3] as [UInt64]) func rowsWithAStrayJoinerEachWaitOnlyWhenTheyMayBeWidest(seed: UInt64)
    throws
  {
    var rng = SeededGenerator(seed: seed)
    let words = ["café", "हिन्दी", "한글", "日本語", "ภาษาไทย", "👍🏽", "north", "தமிழ்", "x\u{200D}y", "\u{301}ok"]
    let strays = ["x\u{200D}y", "zero\u{200B}width", "\u{600}1234", "\u{FEFF}bom", "\u{200B}\u{301}"]
    var texts: [String] = []
    for _ in 0..<400 {
      var words = (0..<Int.random(in: 1...60, using: &rng)).map { _ in words.randomElement(using: &rng)! }
      words.insert(strays.randomElement(using: &rng)!, at: Int.random(in: 0...words.count, using: &rng))
      texts.append(words.joined(separator: " "))
    }
    let widths = texts.map { TextSanitizer.width($0) }
    var rows = ItemWidth.Rows()
    for (i, text) in texts.enumerated() {
      let cells = Self.cells(Array(text.utf8))
      #expect(
        !cells.exact && cells.least <= widths[i] && cells.cells >= widths[i],
        "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(cells) \(widths[i])")
      rows.note(item: i, offset: i, length: 0, cells)
    }
    #expect(rows.resolve { offset, _ in widths[offset] }.cells == widths.max())
    #expect(rows.pending.count < texts.count / 4, "\(rows.pending.count) of \(texts.count) rows wait")
    // Loaded, on one core and split in two (each half its own bar, then
    // taken together), with the widest row where it falls and then last.
    var options = LoadOptions(keepOrder: true, itemField: "m")
    options.format = .jsonLines
    options.groupBy = try GroupBy(option: "initial")
    var tsv = LoadOptions(keepOrder: true)
    tsv.format = .tsv
    tsv.groupBy = try GroupBy(option: "initial")
    let widest = widths.firstIndex(of: widths.max()!)!
    for texts in [texts, texts.enumerated().filter { $0.offset != widest }.map(\.element) + [texts[widest]]] {
      // Sections of 50 items, so the scan's halves split between them.
      let sections = stride(from: 0, to: texts.count, by: 50).map { start in
        "\"s\(start)\": [" + texts[start..<min(start + 50, texts.count)].map { "\"" + $0 + "\"" }.joined(separator: ",")
          + "]"
      }
      // Item data: JSON Lines by a field, and TSV rows, whose measuring may stop short of the bar.
      let lines = texts.map { "{\"m\": \"" + $0 + "\"}" }.joined(separator: "\n")
      let table = "m\n" + texts.joined(separator: "\n")
      for parallel in [false, true] {
        let sectioned = try JSONIndexer.loadHalves(
          ByteBuffer(string: "{" + sections.joined(separator: ",\n") + "}"), options: LoadOptions(), progress: nil,
          parallel: parallel,
          minimumSplitSize: 0)
        #expect(sectioned.list.maxItemWidth == widths.max(), "parallel \(parallel)")
        #expect(sectioned.halves == (parallel ? 2 : 1))
        for (text, options) in [(lines, options), (table, tsv)] {
          let load = try ItemLoader.loadHalves(
            ByteBuffer(string: text), options: options, parallel: parallel, minimumSplitSize: 0)
          #expect(load.result.list.maxItemWidth == widths.max(), "parallel \(parallel)")
          #expect(load.halves == (parallel ? 2 : 1))
        }
      }
    }
  }
}

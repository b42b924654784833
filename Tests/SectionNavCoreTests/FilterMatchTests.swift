import Testing

@testable import SectionNavCore

/// The filter's matching rules, on every kind of item store: what survives a
/// query is what an fzf user expects from the same extended-syntax query.
@Suite struct FilterMatchTests {
  static let json = """
    {"Apple Watch": ["Apple Watch Ultra", "Apple Watch Series 9"],
     "iPad": ["iPad Air", "iPad Pro", "iPad mini"],
     "Écoles": ["\\u00c9cole Polytechnique", "école normale", "Ecole 42"],
     "Cities": ["Zürich", "Zurich Airport", "Łódź", "MÜNCHEN", "Tab\\tseparated"],
     "Music": ["music.mp3", "  music.flac  ", "Core Go", "core.rb", "lib.py"]}
    """

  static func survivors(
    _ query: String, literal: Bool = false, titles: Bool = false, sort: Bool = false, in list: SectionedList? = nil
  ) throws -> [String] {
    let list = try list ?? load(json, LoadOptions(keepOrder: true))
    var options = MatchOptions(literal: literal)
    options.titles = titles
    var run = FilterRun(query: FilterQuery(query, options: options), list: list, sort: sort)
    while !run.advance(budget: 2) {}
    let view = run.result().view()
    return contents(view).flatMap { $0.dropFirst() }
  }

  @Test func fuzzyIsASubsequence() throws {
    #expect(try Self.survivors("ipdr") == ["iPad Air", "iPad Pro"])
    #expect(try Self.survivors("wtchult") == ["Apple Watch Ultra"])
  }

  @Test func termsAreAndedOverTheItemText() throws {
    #expect(try Self.survivors("watch ultra") == ["Apple Watch Ultra"])
    #expect(try Self.survivors("ipad air") == ["iPad Air"])
    // "cities" is only the section's title: titles are not matched unless asked.
    #expect(try Self.survivors("cities").isEmpty)
  }

  /// `--nth section,item`: a term may match the title the data gave; a
  /// negated term then excludes by the title too.
  @Test func titlesMatchOnlyWhenAsked() throws {
    #expect(try Self.survivors("cities 42", titles: true).isEmpty)
    #expect(try Self.survivors("cities zurich", titles: true) == ["Zürich", "Zurich Airport"])
    #expect(try Self.survivors("music !mp3", titles: true) == ["  music.flac  ", "Core Go", "core.rb", "lib.py"])
    #expect(try Self.survivors("!watch", titles: true).contains("iPad Air"))
    #expect(try !Self.survivors("!apple", titles: true).contains("Apple Watch Series 9"))
  }

  /// Titles sectionnav made up (initials, `#`, `(none)`) never match, even
  /// under `--nth section,item`: `a$` keeps the items ending in `a`, not every
  /// item filed under `A`.
  @Test func derivedTitlesNeverMatch() throws {
    let lines = LineInput.load(Array("apple\nbanana\nokra\n".utf8), delimiter: nil, keepOrder: true)
    #expect(try Self.survivors("a$", in: lines) == ["banana", "okra"])
    #expect(try Self.survivors("a$", titles: true, in: lines) == ["banana", "okra"])
    #expect(try Self.survivors("!a$", titles: true, in: lines) == ["apple"])
  }

  /// A field whose value is the text `(none)` titles a section the data
  /// named, which `--nth section,item` matches like any other; only the
  /// section of items missing the field is sectionnav's (and beside it the
  /// text is shown quoted).
  @Test func aFieldValueReadingNoneIsTheDatasTitle() throws {
    var options = LoadOptions(itemField: "id")
    options.format = .jsonLines
    options.keepOrder = true
    options.groupBy = try GroupBy(option: "f")
    let named = #"{"f":"(none)","id":"a"}"# + "\n" + #"{"f":"x","id":"b"}"# + "\n"
    let list = try ItemLoader.load(ByteBuffer(string: named), options: options).list
    #expect(try Self.survivors("none", titles: true, in: list) == ["a"])
    let missing = named + #"{"id":"c"}"# + "\n"
    let both = try ItemLoader.load(ByteBuffer(string: missing), options: options).list
    #expect(both.sections.map(\.title) == [#""(none)""#, "x", "(none)"])
    #expect(try Self.survivors("none", titles: true, in: both) == ["a"])
  }

  @Test func extendedOperators() throws {
    #expect(try Self.survivors("'mini") == ["iPad mini"])
    #expect(try Self.survivors("'ipdr").isEmpty)
    // Prefix and suffix ignore surrounding blanks, as in fzf.
    #expect(try Self.survivors("^music.") == ["music.mp3", "  music.flac  "])
    #expect(try Self.survivors("^lib") == ["lib.py"])
    #expect(try Self.survivors(".mp3$") == ["music.mp3"])
    #expect(try Self.survivors("flac$") == ["  music.flac  "])
    #expect(try Self.survivors("^core.rb$") == ["core.rb"])
    #expect(try Self.survivors("music !mp3") == ["  music.flac  "])
    #expect(try Self.survivors("rb$ | py$") == ["core.rb", "lib.py"])
    // fzf's own example: ^core AND (go$ OR rb$ OR py$).
    #expect(try Self.survivors("^core go$ | rb$ | py$") == ["Core Go", "core.rb"])
    #expect(try Self.survivors("!^i ipad").isEmpty)
    #expect(try Self.survivors("!'mx mini") == ["iPad mini"])
    #expect(try Self.survivors("tab\\ sep").isEmpty)
  }

  /// fzf 0.74's syntax corners: `'word'` is exact at word boundaries, `!'x`
  /// a negated fuzzy term, a leading or repeated `|` the text `|`.
  @Test func syntaxCornersAsFzfReadsThem() throws {
    let list = SectionedList([
      (title: "T", items: ["/usr/bin", "usrx", "my usr", "a|b", "user", "a_usr_b"])
    ])
    #expect(try Self.survivors("'usr'", in: list) == ["/usr/bin", "my usr", "a_usr_b"])
    #expect(try Self.survivors("!'usr'", in: list) == ["usrx", "a|b", "user"])
    #expect(try Self.survivors("!'usb", in: list) == ["usrx", "my usr", "a|b", "user"])
    #expect(try Self.survivors("|", in: list) == ["a|b"])
    #expect(try Self.survivors("| b", in: list) == ["a|b"])
    #expect(try Self.survivors("ab | | x", in: list) == [])
    #expect(try Self.survivors("ab | | b", in: list) == ["a|b", "a_usr_b"])
    #expect(try Self.survivors("usrx | ab", in: list) == ["usrx", "a|b", "a_usr_b"])
  }

  @Test func smartCase() throws {
    #expect(try Self.survivors("'pro") == ["iPad Pro"])
    #expect(try Self.survivors("'Pro") == ["iPad Pro"])
    #expect(try Self.survivors("'PRO").isEmpty)
    #expect(try Self.survivors("münchen") == ["MÜNCHEN"])
    #expect(try Self.survivors("'Core") == ["Core Go"])
  }

  @Test func diacriticsFoldUnlessLiteral() throws {
    #expect(try Self.survivors("ecole") == ["École Polytechnique", "école normale", "Ecole 42"])
    #expect(try Self.survivors("zurich") == ["Zürich", "Zurich Airport"])
    #expect(try Self.survivors("lodz") == ["Łódź"])
    // A term with an accent matches as typed (fzf's rule): no folding.
    #expect(try Self.survivors("'école") == ["École Polytechnique", "école normale"])
    #expect(try Self.survivors("'Zü") == ["Zürich"])
    #expect(try Self.survivors("!ü").contains("Zurich Airport"))
    #expect(try !Self.survivors("!ü").contains("Zürich"))
    #expect(try Self.survivors("'Zü", literal: true) == ["Zürich"])
    #expect(try Self.survivors("zurich", literal: true) == ["Zurich Airport"])
    #expect(try Self.survivors("'zürich", literal: true) == ["Zürich"])
  }

  @Test func escapedItemsMatchTheirText() throws {
    // fzf reads a tab typed in the query as a space.
    #expect(try Self.survivors("tab\tsep").isEmpty)
    #expect(try Self.survivors("tab") == ["Tab\tseparated"])
    #expect(try Self.survivors("'\u{E9}cole p") == ["École Polytechnique"])
  }

  @Test func plainStringAndLineStoresAgree() throws {
    let pairs: [(title: String, items: [String])] = [("Cities", ["Zürich", "Zurich Airport", "Basel"])]
    let strings = SectionedList(pairs)
    #expect(try Self.survivors("zurch", in: strings) == ["Zürich", "Zurich Airport"])
    let lines = LineInput.load(Array("Zürich\nZurich Airport\nBasel\n".utf8), delimiter: nil, keepOrder: true)
    #expect(try Self.survivors("zurch", in: lines) == ["Zürich", "Zurich Airport"])
  }

  /// `--literal` folds nothing: no `ß` → `ss`, no ligatures, no accents.
  @Test func literalFoldsNothing() throws {
    let list = SectionedList([(title: "T", items: ["straße", "strasse", "ﬁle", "café"])])
    #expect(try Self.survivors("'strasse", literal: true, in: list) == ["strasse"])
    #expect(try Self.survivors("'file", literal: true, in: list) == [])
    #expect(try Self.survivors("cafe", literal: true, in: list) == [])
    #expect(try Self.survivors("'strasse", in: list) == ["strasse"])
  }

  @Test func sortRanksByScoreThenDataOrder() throws {
    let list = SectionedList([
      (title: "A", items: ["xaxbxcx", "abc", "a-b-c", "zabcz"]),
      (title: "B", items: ["ab c", "abc!"]),
    ])
    // Consecutive matches at the start beat word-boundary ones, which beat gaps.
    let ranked = try Self.survivors("abc", sort: true, in: list)
    #expect(ranked == ["abc", "a-b-c", "zabcz", "xaxbxcx", "abc!", "ab c"])
    // fzf's default tiebreak: the shorter item first, then data order.
    let short = SectionedList([(title: "T", items: ["Tovuz", "to", "To"])])
    #expect(try Self.survivors("to", sort: true, in: short) == ["to", "To", "Tovuz"])
    #expect(try Self.survivors("abc", in: list) == ["xaxbxcx", "abc", "a-b-c", "zabcz", "ab c", "abc!"])
  }

  @Test func aNarrowingQueryFiltersOnlyThePreviousSurvivors() throws {
    let list = try load(Self.json, LoadOptions(keepOrder: true))
    var first = FilterRun(query: FilterQuery("ip"), list: list)
    _ = first.advance(budget: .max)
    let previous = first.result()
    var next = FilterRun(query: FilterQuery("ipa m"), list: list, previous: previous)
    #expect(next.total == previous.itemCount)
    _ = next.advance(budget: .max)
    #expect(contents(next.result().view()).flatMap { $0.dropFirst() } == ["iPad mini"])
    // Adding an AND term (a negation too) narrows.
    #expect(FilterRun(query: FilterQuery("ip !x"), list: list, previous: previous).total == previous.itemCount)
    // A new OR, or editing earlier text, starts from every item.
    for widening in ["ip | x", "i", "!ip"] {
      let run = FilterRun(query: FilterQuery(widening), list: list, previous: previous)
      #expect(run.total == list.itemCount, "\(widening)")
    }
  }

  @Test func resultsCost4BytesPerSurvivor() throws {
    let list = try load(Self.json, LoadOptions(keepOrder: true))
    var run = FilterRun(query: FilterQuery("a"), list: list)
    _ = run.advance(budget: .max)
    let r = run.result()
    #expect(MemoryLayout.size(ofValue: r.ordinals.first!) == 4)
    #expect(r.ordinals.count == r.itemCount)
  }

  @Test func parallelPartsGiveTheSameResultAsOneRun() throws {
    let list = try load(Self.json, LoadOptions(keepOrder: true))
    for sort in [false, true] {
      for text in ["a", "o !u", "ri | zu", "'e"] {
        var run = FilterRun(query: FilterQuery(text), list: list, sort: sort)
        _ = run.advance(budget: .max)
        let one = run.result()
        for threads in [1, 2, 3] {
          var parts = FilterRun.parts(query: FilterQuery(text), list: list, sort: sort, parts: threads)
          for i in parts.indices { _ = parts[i].advance(budget: .max) }
          let joined = FilterRun.joined(parts)
          #expect(joined.sections == one.sections, "\(text) sort \(sort) threads \(threads)")
          #expect(joined.ordinals == one.ordinals, "\(text) sort \(sort) threads \(threads)")
        }
      }
    }
  }

  /// The byte scans for plain ASCII items (word-at-a-time, reading past
  /// the text up to `readable`) keep exactly the items fzf's own algorithms
  /// keep, on random text (hits in every position of a word, near the end,
  /// case-folded, blanks around, none at all), for every term kind.
  @Test func byteScansAgreeWithFzfAlgorithms() {
    var rng = SeededGenerator(seed: 7)
    let alphabet = Array("abcAB -x/\t".utf8)
    for _ in 0..<4000 {
      let n = Int(rng.next() % 40)
      var text = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      // Bytes past the text, which word scans may read (`readable`) but never match.
      text += (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      text.append(0)
      let m = 1 + Int(rng.next() % 4)
      let word = String(decoding: (0..<m).map { _ in alphabet[Int(rng.next() % 6)] }, as: UTF8.self)
      for (prefix, suffix) in [("", ""), ("'", ""), ("^", ""), ("", "$"), ("^", "$"), ("'", "'")] {
        let terms = FilterQuery(prefix + word + suffix).groups.flatMap { $0 }
        guard terms.count == 1 else { continue }
        let matcher = FilterMatcher(terms: terms, options: MatchOptions())
        let plan: [Int32] = [1, 0]
        text.withUnsafeBufferPointer { h in
          plan.withUnsafeBufferPointer { plan in
            let scalars = h.prefix(n).map { UInt32($0) }
            let fzf = scalars.withUnsafeBufferPointer {
              FilterMatcher.find(matcher.compiled[0], $0, forward: true, positions: nil) != nil
            }
            let bytes = matcher.match(plan, h.baseAddress!, n, ascii: true, scoring: false) != nil
            let pastText = matcher.match(plan, h.baseAddress!, n, ascii: true, scoring: false, readable: h.count) != nil
            #expect(bytes == fzf, "\(prefix + word + suffix) in \(text)")
            #expect(pastText == fzf, "\(prefix + word + suffix) in \(text)")
          }
        }
      }
    }
  }

  /// Lines filtered in file order (`--filter-print`) give what the
  /// section-by-section pass gives, ranked or not, whole or in parts.
  @Test func fileOrderPassAgreesWithTheSectionPass() {
    var rng = SeededGenerator(seed: 11)
    let words = ["apple", "Banana", "cherry", "äpfel", "zebra", "tab\there", "Éclair", "quokka", "mango"]
    var text = ""
    for _ in 0..<3000 {
      text += words[Int(rng.next() % UInt64(words.count))] + " " + words[Int(rng.next() % UInt64(words.count))]
      text += " \(rng.next() % 1000)\n"
    }
    let list = LineInput.load(Array(text.utf8), delimiter: nil, keepOrder: false)
    for sort in [false, true] {
      for query in ["an", "'apfel !ban", "^z | 7$", "e a"] {
        var sectionPass = FilterRun(query: FilterQuery(query), list: list, sort: sort)
        _ = sectionPass.advance(budget: .max)
        let expected = sectionPass.result()
        // Small windows: many rounds, sections switching every few lines.
        for (parts, window) in [(1, 64), (2, 1000), (1, FilterRun.fileWindow)] {
          var runs = FilterRun.parts(query: FilterQuery(query), list: list, sort: sort, parts: parts)
          for i in runs.indices {
            let done = runs[i].finishInFileOrder(window: window)
            #expect(done)
          }
          let joined = FilterRun.joined(runs)
          #expect(joined.sections == expected.sections, "\(query) sort \(sort)")
          #expect(joined.ordinals == expected.ordinals, "\(query) sort \(sort)")
        }
      }
    }
  }

  /// The quick test on undecoded bytes (`FilterMatcher.mayMatch`) never turns
  /// away an item the full match accepts: random text of ASCII, accented,
  /// upper-case, ligature, wide and invalid bytes and JSON escapes,
  /// against fuzzy and exact terms, plain and case-sensitive, folded or
  /// `--literal`; each item's bytes matched with the test and without it.
  @Test func quickTestOnUnfoldedBytesNeverLosesAMatch() {
    var rng = SeededGenerator(seed: 13)
    let pieces = [
      "a", "b", "s", "S", "f", "i", "o", "e", "1", "0", " ", "ß", "ẞ", "ﬃ", "Œ", "æ", "é", "É", "ǆ", "⑽", "日",
      "😀", "\\u00e9", "\\n", "\\\"", "\u{FF}", "e\u{301}",
    ]
    let words = ["ss", "ffi", "oe", "ae", "e", "sfi", "10", "(1", "ab", "Ss", "dz", "eei", "ue"]
    for literal in [false, true] {
      for _ in 0..<1500 {
        let count = Int(rng.next() % 12)
        let text = (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        var raw = Array(text.utf8)
        if rng.next() % 3 == 0 { raw.append(0xC3) }  // a stray lead byte
        let word = words[Int(rng.next() % UInt64(words.count))]
        for prefix in ["", "'"] {
          let query = FilterQuery(prefix + word, literal: literal)
          let terms = query.groups.flatMap { $0 }
          let matcher = FilterMatcher(terms: terms, options: MatchOptions(literal: literal))
          let plan: [Int32] = [Int32(terms.count)] + terms.indices.map { Int32($0) }
          // The item's text: its JSON string contents unescaped.
          var item: [UInt8] = []
          raw.withUnsafeBufferPointer { JSONValueText.appendUnescaped($0, to: &item) }
          item.withUnsafeBufferPointer { h in
            plan.withUnsafeBufferPointer { plan in
              let p = h.baseAddress ?? UnsafePointer(bitPattern: 1)!
              let folded = matcher.evaluate(plan, matcher.decode(p, h.count), scoring: false)
              #expect(matcher.match(plan, p, h.count, ascii: false, scoring: false) == folded)
              raw.withUnsafeBufferPointer { r in
                let quick = FilterMatcher.mayMatch(plan, matcher.compiled.baseAddress!, r.baseAddress!, r.count)
                #expect(folded == nil || quick, "\(prefix + word) in \(raw)")
              }
            }
          }
        }
      }
    }
  }
}

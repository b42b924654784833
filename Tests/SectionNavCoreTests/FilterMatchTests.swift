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
    _ query: String, literal: Bool = false, sort: Bool = false, in list: SectionedList? = nil
  ) throws -> [String] {
    let list = try list ?? load(json, LoadOptions(keepOrder: true))
    var run = FilterRun(query: FilterQuery(query, literal: literal), list: list, sort: sort)
    while !run.advance(budget: 2) {}
    let view = run.result().view()
    return contents(view).flatMap { $0.dropFirst() }
  }

  @Test func fuzzyIsASubsequence() throws {
    #expect(try Self.survivors("ipdr") == ["iPad Air", "iPad Pro"])
    #expect(try Self.survivors("wtchult") == ["Apple Watch Ultra"])
  }

  @Test func termsAreAndedAndMayMatchTheTitle() throws {
    #expect(try Self.survivors("watch ultra") == ["Apple Watch Ultra"])
    // "ipad" only in the title for... every item here has it; "air" only in one.
    #expect(try Self.survivors("ipad air") == ["iPad Air"])
    #expect(try Self.survivors("cities 42").isEmpty)
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
    // "music" is satisfied by the section title for every item of Music.
    #expect(try Self.survivors("music !mp3") == ["  music.flac  ", "Core Go", "core.rb", "lib.py"])
    #expect(try Self.survivors("rb$ | py$") == ["core.rb", "lib.py"])
    // fzf's own example: ^core AND (go$ OR rb$ OR py$).
    #expect(try Self.survivors("^core go$ | rb$ | py$") == ["Core Go", "core.rb"])
    #expect(try Self.survivors("!^i ipad").isEmpty)
    #expect(try Self.survivors("!'mx mini") == ["iPad mini"])
    #expect(try Self.survivors("tab\\ sep").isEmpty)
  }

  @Test func negationCountsTheTitle() throws {
    // Every Apple Watch item is ruled out by its title.
    #expect(try !Self.survivors("!watch").contains("Apple Watch Ultra"))
    #expect(try Self.survivors("!watch").contains("iPad Air"))
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
    #expect(try Self.survivors("'école") == ["École Polytechnique", "école normale", "Ecole 42"])
    #expect(try Self.survivors("'Zü") == ["Zürich", "Zurich Airport"])
    #expect(try Self.survivors("'Zü", literal: true) == ["Zürich"])
    #expect(try Self.survivors("zurich", literal: true) == ["Zurich Airport"])
    #expect(try Self.survivors("'zürich", literal: true) == ["Zürich"])
  }

  @Test func escapedItemsMatchTheirText() throws {
    #expect(try Self.survivors("tab\tsep") == ["Tab\tseparated"])
    #expect(try Self.survivors("'\u{E9}cole p") == ["École Polytechnique"])
  }

  @Test func plainStringAndLineStoresAgree() throws {
    let pairs: [(title: String, items: [String])] = [("Cities", ["Zürich", "Zurich Airport", "Basel"])]
    let strings = SectionedList(pairs)
    #expect(try Self.survivors("zurch", in: strings) == ["Zürich", "Zurich Airport"])
    let lines = LineInput.load(Array("Zürich\nZurich Airport\nBasel\n".utf8), delimiter: nil, keepOrder: true)
    #expect(try Self.survivors("zurch", in: lines) == ["Zürich", "Zurich Airport"])
  }

  @Test func sortRanksByScoreThenDataOrder() throws {
    let list = SectionedList([
      (title: "A", items: ["xaxbxcx", "abc", "a-b-c", "zabcz"]),
      (title: "B", items: ["ab c", "abc!"]),
    ])
    // Consecutive matches at the start beat word-boundary ones, which beat gaps.
    let ranked = try Self.survivors("abc", sort: true, in: list)
    #expect(ranked == ["abc", "a-b-c", "zabcz", "xaxbxcx", "abc!", "ab c"])
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

  /// The word-at-a-time scans for ASCII terms find exactly the windows the
  /// byte-by-byte scans find, on random text (hits in every position of a
  /// word, near the end, case-folded, none at all).
  @Test func wordScansAgreeWithByteScans() {
    var rng = SeededGenerator(seed: 7)
    let alphabet = Array("abcAB -x/".utf8)
    for _ in 0..<4000 {
      let n = Int(rng.next() % 40)
      var text = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      text.append(0)
      let m = 1 + Int(rng.next() % 4)
      let word = String(decoding: (0..<m).map { _ in alphabet[Int(rng.next() % 5)] }, as: UTF8.self)
      for prefix in ["", "'"] {
        guard let term = FilterQuery(prefix + word).groups.first?.first else { continue }
        text.withUnsafeBufferPointer { h in
          term.pattern.withUnsafeBufferPointer { p in
            term.masks.withUnsafeBufferPointer { k in
              let fast = TermMatch.window(
                term.kind, p.baseAddress!, k.baseAddress!, p.count, h.baseAddress!, n, ascii: true)
              let slow = TermMatch.window(
                term.kind, p.baseAddress!, k.baseAddress!, p.count, h.baseAddress!, n, ascii: false)
              #expect(fast.map { [$0.0, $0.1] } == slow.map { [$0.0, $0.1] }, "\(prefix + word) in \(text)")
            }
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

  /// The quick test on unfolded bytes (`FilterMatcher.mayMatch`) never turns
  /// away an item the folded match accepts: random text of ASCII, accented,
  /// expanding (`ß`, `ﬃ`, `Œ`, `⑽`), wide and invalid bytes and JSON escapes,
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
          let matcher = FilterMatcher(terms: terms, literal: literal)
          let plan: [Int32] = [Int32(terms.count)] + terms.indices.map { Int32($0) }
          // The item's text: its JSON string contents unescaped.
          var item: [UInt8] = []
          raw.withUnsafeBufferPointer { JSONValueText.appendUnescaped($0, to: &item) }
          item.withUnsafeBufferPointer { h in
            plan.withUnsafeBufferPointer { plan in
              let p = h.baseAddress ?? UnsafePointer(bitPattern: 1)!
              var folded: Int32?
              matcher.withHaystack(p, h.count, ascii: false) { lp, ln, cp, cn in
                folded = FilterMatcher.evaluate(plan, matcher.compiled.baseAddress!, lp, ln, cp, cn, scoring: false)
              }
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

  /// Every two-byte scalar folds to at most `FilterMatcher.twoByteWildcard`
  /// ASCII bytes under each rule the filter uses (what the quick test assumes).
  @Test func twoByteScalarsFoldToFewASCIIBytes() {
    for ignoresCase in [false, true] {
      for ignoresAccents in [false, true] {
        let rule = Folding.Rule(ignoresCase: ignoresCase, ignoresAccents: ignoresAccents)
        var most = 0
        for v in UInt32(0x80)..<0x800 {
          guard let scalar = Unicode.Scalar(v) else { continue }
          var out: [UInt8] = []
          var text = String(Character(scalar))
          text.withUTF8 { Folding.fold($0, rule: rule, into: &out) }
          most = max(most, out.filter { $0 < 0x80 }.count)
        }
        #expect(most <= FilterMatcher.twoByteWildcard, "case \(ignoresCase) accents \(ignoresAccents)")
        if ignoresAccents { #expect(most == FilterMatcher.twoByteWildcard) }  // ß → ss
      }
    }
  }

}

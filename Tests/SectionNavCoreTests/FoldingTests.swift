import Testing

@testable import SectionNavCore

@Suite struct FoldingTests {
  @Test func foldsCaseAccentsLigaturesAndUndecomposableLetters() {
    #expect(Folding.fold("Émile") == "emile")
    #expect(Folding.fold("Øresund") == "oresund")
    #expect(Folding.fold("Łódź") == "lodz")
    #expect(Folding.fold("ZOË") == "zoe")
    #expect(Folding.fold("王小明") == "王小明")
    #expect(Folding.fold("Straße STRAẞE") == "strasse strasse")
    #expect(Folding.fold("ﬁne") == "fine")
    #expect(Folding.fold("ΣΟΦΟΣ σοφος") == "σοφοσ σοφοσ")
    #expect(Folding.fold("İstanbul ırmak") == "istanbul irmak")
    #expect(Folding.fold("e\u{301}cole") == "ecole")
    #expect(Folding.fold("ＡＢＣ") == "abc")
    #expect(Folding.fold("Ŋoma") == "noma")
  }

  /// Bytes that exercise every way through the sort keys' fold: ASCII of
  /// both cases and digits, scalars the table folds (to one byte, to two,
  /// to themselves), invalid UTF-8.
  static let foldPieces: [[UInt8]] = [
    Array("A".utf8), Array("z".utf8), Array("Q9".utf8), Array(" ".utf8), Array("0".utf8), Array("ZEBRA".utf8),
    Array("É".utf8), Array("ß".utf8), Array("ẞ".utf8), Array("中".utf8), Array("ﬁ".utf8), Array("Straße".utf8),
    [0xFF], [0x80], [0xC3],
  ]

  /// The sort keys' fold takes eight bytes at a time, the last of them as
  /// one word over bytes it has written (when those eight are ASCII): at
  /// every length and with non-ASCII anywhere, it writes exactly what the
  /// byte-at-a-time fold writes.
  @Test func wordAtATimeFoldWritesWhatTheByteLoopWrites() {
    var random = OracleRandom(seed: 11)
    for _ in 0..<5000 {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(14) { bytes += random.pick(Self.foldPieces) }
      var expected: [UInt8] = []
      bytes.withUnsafeBufferPointer { Folding.fold($0, into: &expected) }
      var out = [UInt8](repeating: 0, count: Folding.capacity(for: bytes.count))
      let written = bytes.withUnsafeBufferPointer { b in
        out.withUnsafeMutableBufferPointer { o in
          b.baseAddress.map { Folding.fold($0, b.count, to: o.baseAddress!) } ?? 0
        }
      }
      #expect(Array(out[..<written]) == expected, "\(bytes)")
    }
  }

  @Test func invalidUTF8IsKeptByteForByte() {
    let bytes: [UInt8] = [0x41, 0xFF, 0xC3, 0x28, 0xE2, 0x82]
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { Folding.fold($0, into: &out) }
    #expect(out == [0x61, 0xFF, 0xC3, 0x28, 0xE2, 0x82])
  }
}

@Suite struct NaturalOrderTests {
  func sorted(_ titles: [String]) -> [String] {
    NaturalOrder.sortedIndices(titles).map { titles[$0] }
  }

  @Test func numbersCompareByValueAndCaseAndAccentsAreIgnored() {
    #expect(sorted(["Item 10", "item 2", "Item 1"]) == ["Item 1", "item 2", "Item 10"])
    #expect(sorted(["Zoë", "zebra", "Émile", "eagle"]) == ["eagle", "Émile", "zebra", "Zoë"])
    #expect(sorted(["Zulu", "Oslo", "Paris", "Øresund"]) == ["Øresund", "Oslo", "Paris", "Zulu"])
    #expect(sorted(["a10b", "a9b", "a09c", "a", "a0", "A 1"]) == ["a", "A 1", "a0", "a9b", "a09c", "a10b"])
    #expect(
      sorted(["x12345678901234567890", "x9", "x123456789012345678901"]) == [
        "x9", "x12345678901234567890", "x123456789012345678901",
      ])
  }

  /// Letters Unicode decomposes for compatibility sort as their expansion
  /// (`ĳ` among the i's, not after z), and digits of every script —
  /// superscripts, Arabic-Indic, Devanagari, full width, circled — are
  /// numbers like ASCII ones.
  @Test func compatibilityLettersAndDigitsOfEveryScriptSortAsTheyRead() {
    #expect(Folding.fold("ĳssel Ǆ ª ℓ") == "ijssel dz a l")
    #expect(sorted(["zoo", "ĳssel", "ideal", "ion"]) == ["ideal", "ĳssel", "ion", "zoo"])
    #expect(Initials.of("Ĳmuiden") == "I")
    #expect(Folding.fold("x² ٣ ३ ３ ① ⁴") == "x2 3 3 3 1 4")
    #expect(sorted(["item 10", "item ٣", "item ²", "item 1"]) == ["item 1", "item ²", "item ٣", "item 10"])
    #expect(sorted(["v١٢", "v9", "v३"]) == ["v३", "v9", "v١٢"])
    #expect(Folding.fold("½") == "½")  // not plain digits: kept
  }

  /// Decisions, as ICU's root collation orders them: symbols before digits
  /// before letters (`#tag` first), and `Þ` a letter of its own after `z`
  /// (as Icelandic files it), not folded into `th`.
  @Test func symbolsBeforeDigitsBeforeLettersAndThornAfterZ() {
    #expect(sorted(["apple", "10 x", "#tag", "Þór", "zebra"]) == ["#tag", "10 x", "apple", "zebra", "Þór"])
  }

  /// A title's key, byte by byte: its fold, each ASCII digit run as `0`,
  /// the run's length without leading zeros (at most 255) and those
  /// digits, two a byte (the first in the high half; a lone last one's low
  /// half 0) — from 255 digits on, as they are.
  /// The key by its definition: from the title's first filed character
  /// (past leading blanks and emoji, as its initial), `/` first when that
  /// is neither a letter nor a whole number, a Hangul syllable's initial
  /// consonant before it, then the fold with its digit runs rewritten.
  static func referenceKey(_ title: String) -> [UInt8] {
    var key: [UInt8] = []
    guard let start = Initials.filedStart(title) else { return [] }
    if let v = title[start].unicodeScalars.first?.value, (0xAC00...0xD7A3).contains(v) {
      key += Array(Initials.of(String(title[start])).utf8)
    } else if !title[start].isLetter && !title[start].isWholeNumber {
      key.append(0x2F)
    }
    var folded: [UInt8] = []
    Array(title[start...].utf8).withUnsafeBufferPointer { Folding.fold($0, into: &folded) }
    var i = 0
    while i < folded.count {
      guard folded[i] >= 0x30, folded[i] <= 0x39 else {
        key.append(folded[i])
        i += 1
        continue
      }
      var end = i
      while end < folded.count, folded[end] >= 0x30, folded[end] <= 0x39 { end += 1 }
      var start = i
      while start < end, folded[start] == 0x30 { start += 1 }
      key += [0x30, UInt8(min(end - start, 255))]
      let digits = folded[start..<end].map { $0 - 0x30 }
      guard digits.count < 255 else {
        key += folded[start..<end]
        i = end
        continue
      }
      for k in stride(from: 0, to: digits.count, by: 2) {
        key.append(digits[k] << 4 | (k + 1 < digits.count ? digits[k + 1] : 0))
      }
      i = end
    }
    return key
  }

  /// Keys are made eight bytes a step (the fold, then up to each digit and
  /// through each run): titles with runs of every length — leading zeros,
  /// runs longer than a word and than 255 digits, runs at either end —
  /// among ASCII and non-ASCII text get the byte-by-byte key.
  @Test func sortKeysAreTheFoldWithDigitRunsRewritten() {
    var random = OracleRandom(seed: 5)
    let pieces =
      FoldingTests.foldPieces.map { String(decoding: $0, as: UTF8.self) } + ["7", "00", "12345678901", "item "]
    for _ in 0..<5000 {
      var title = ""
      for _ in 0..<random.below(12) { title += random.pick(pieces) }
      if random.chance(2) { title += String(repeating: "9", count: 250 + random.below(20)) }
      #expect(NaturalOrder.sortKey(title) == Self.referenceKey(title), "\(title)")
    }
  }

  /// Keys made together (`append(keysOf:)`: room made ahead of them in
  /// blocks, each key written straight into it, the scratch buffer still
  /// holding a longer title's bytes past the current one) are each
  /// title's own key, titles short and long, across many blocks.
  @Test func keysMadeTogetherAreEachTitlesOwnKey() {
    var random = OracleRandom(seed: 11)
    let pieces =
      FoldingTests.foldPieces.map { String(decoding: $0, as: UTF8.self) } + ["7", "00", "12345678901", "item "]
    var titles: [String] = []
    for _ in 0..<4000 {
      var title = ""
      for _ in 0..<random.below(12) { title += random.pick(pieces) }
      if random.chance(20) { title += String(repeating: "9", count: 250 + random.below(20)) }
      if random.below(200) == 0 { title += String(repeating: "long 1 ", count: 1000 + random.below(2000)) }
      titles.append(title)
    }
    var keys = NaturalOrder.SortKeys()
    keys.append("first")
    keys.append(keysOf: titles)
    #expect(keys.count == titles.count + 1)
    #expect(Array(keys.bytes[keys.range(0)]) == Self.referenceKey("first"))
    for (i, title) in titles.enumerated() {
      #expect(Array(keys.bytes[keys.range(i + 1)]) == Self.referenceKey(title), "title \(i): \(title.prefix(40))")
    }
    let room = keys.bytes.count - keys.range(titles.count).upperBound
    #expect(
      room <= 3 * Folding.capacity(for: NaturalOrder.SortKeys.titleLimit) + 8, "room for the keys to come: \(room)")
  }

  /// Keys made from titles' bytes where the data holds them (`append(ascii:)`,
  /// as a scan makes them: an ASCII title with 8 bytes after it is
  /// lower-cased and numbered in one pass; any other from its `String`)
  /// are the keys of the titles as shown — whatever follows a title
  /// (digits that must not lengthen its last number, capitals, non-ASCII,
  /// nothing at the end of the data), invalid UTF-8 in it (shown, and
  /// sorted, as U+FFFD), titles over the 64 KiB limit too, keys from
  /// strings between.
  @Test func keysMadeFromTheDatasBytesAreTheShownTitlesKeys() {
    var random = OracleRandom(seed: 12)
    let pieces: [[UInt8]] =
      FoldingTests.foldPieces
      + ["7", "00", "12345678901", "item ", "ITEM Z", "Straße 12"].map { Array($0.utf8) }
      // A lone continuation byte, a 4-byte scalar cut after 3 (one U+FFFD
      // of as many bytes), a byte never in UTF-8, a lead byte before ASCII.
      + [[0xA6], [0xF0, 0x9F, 0x8C], [0xFF], [0xC3, 0x41]]
    let after: [[UInt8]] = [
      [], [0x22], Array("1234567890".utf8), Array("ABCDEFGHIJ".utf8), [0xC3, 0x89, 0x39], [0xFF],
    ]
    var data: [UInt8] = []
    var titles: [(bytes: [UInt8], offset: Int?)] = []
    for i in 0..<3000 {
      var title: [UInt8] = []
      for _ in 0..<random.below(12) { title += random.pick(pieces) }
      if random.chance(20) { title += Array(repeating: 0x39, count: 250 + random.below(20)) }
      if i == 1500 || random.below(1000) == 0 {
        title += Array(String(repeating: "Long 1 ", count: 9400 + random.below(200)).utf8)
      }
      let fromString = random.chance(20)
      titles.append((title, fromString ? nil : data.count))
      if !fromString {
        data += title
        data += random.pick(after)
      }
    }
    let last = titles.lastIndex { $0.offset != nil }!
    data.removeLast(data.count - titles[last].offset! - titles[last].bytes.count)  // nothing after the last
    var keys = NaturalOrder.SortKeys()
    var fromBytes = 0
    data.withUnsafeBufferPointer { bytes in
      for (title, offset) in titles {
        let shown = String(decoding: title, as: UTF8.self)
        guard let offset else {
          keys.append(shown)
          continue
        }
        let ascii = title.allSatisfy { $0 < 0x80 }
        let keyed = keys.append(ascii: bytes.baseAddress! + offset, count: title.count, readable: bytes.count - offset)
        #expect(keyed == ascii, "keyed from its bytes: \(keyed), ASCII: \(ascii)")
        if keyed { fromBytes += 1 } else { keys.append(shown) }
      }
    }
    #expect(fromBytes > 100)
    #expect(keys.count == titles.count)
    for (i, title) in titles.enumerated() {
      let shown = String(decoding: title.bytes, as: UTF8.self)
      #expect(Array(keys.bytes[keys.range(i)]) == NaturalOrder.sortKey(shown), "title \(i): \(shown.prefix(40))")
    }
    let room = keys.bytes.count - keys.range(titles.count - 1).upperBound
    #expect(
      room <= 3 * Folding.capacity(for: NaturalOrder.SortKeys.titleLimit) + 8, "room for the keys to come: \(room)")
  }

  @Test func equalTitlesStillHaveAFixedOrder() {
    #expect(sorted(["a", "A"]) == ["A", "a"])
    #expect(sorted(["A", "a"]) == ["A", "a"])
    #expect(NaturalOrder.sortedIndices(["same", "same"]) == [0, 1])
  }

  @Test func longKeysSharingAnEightBytePrefixStillCompareInFull() {
    #expect(sorted(["abcdefghZ", "abcdefghA", "abcdefgh"]) == ["abcdefgh", "abcdefghA", "abcdefghZ"])
  }

  /// The index files a title under the letter it sorts among: walking the
  /// sorted titles, the A–Z initials never go back (`Ŋoma` among the N's,
  /// `ß`-words among the S's, `Æ` with the A's).
  @Test func sortOrderAndIndexInitialsAgree() {
    let titles = [
      "Zurich", "Ŋoma", "Nairobi", "Oslo", "Øresund", "Straße", "ßtart", "Sylt", "Ærø", "Aachen", "Łódź", "Lyon",
      "Émile", "Ely", "İzmir", "Istanbul", "ıspanak", "Þórshöfn", "Đà Nẵng", "Dublin", "Ħamrun", "Hamburg",
      "ﬁnland", "Fiji", "Ｚａｇｒｅｂ", "ẞtraße", "Œuvre", "Oeuvre",
    ]
    let sorted = sorted(titles)
    let latin = sorted.map(Initials.of).filter { $0.count == 1 && $0.first!.isASCII && $0.first!.isLetter }
    #expect(latin == latin.sorted(), "\(zip(sorted, sorted.map(Initials.of)).map { "\($0) \($1)" })")
    #expect(Initials.of("Ŋoma") == "N")
    #expect(Initials.of("ßtart") == "S")
    #expect(sorted.firstIndex(of: "Ŋoma")! < sorted.firstIndex(of: "Zurich")!)
    #expect(sorted.firstIndex(of: "Ŋoma")! > sorted.firstIndex(of: "Nairobi")!)
  }

  /// The radix sort on key prefixes (one core, two cores, small buckets)
  /// gives the order a plain comparison of whole keys gives — then title
  /// bytes, then index — on titles that share long prefixes, repeat, are
  /// empty, count up or hold non-ASCII, with `last` picking some to go after;
  /// and the same with the keys in two parts.
  @Test(arguments: [40, 3000, NaturalOrder.parallelCount + 5000])
  func prefixRadixSortMatchesWholeKeyComparison(count: Int) {
    var rng = SeededGenerator(seed: UInt64(count))
    let stems = ["", "a", "A", "abcdefghijklmnopqrstuv", "abcdefghijklmnopqrstuw", "Émile ", "item ", "zz", "Ŋ中 "]
    let titles = (0..<count).map { _ -> String in
      let stem = stems[Int(rng.next() % UInt64(stems.count))]
      switch rng.next() % 4 {
      case 0: return stem
      case 1: return stem + String(rng.next() % 100)
      case 2: return stem + String(rng.next() % 1_000_000_000_000) + "x"
      default: return stem + String(repeating: "b", count: Int(rng.next() % 20))
      }
    }
    let keys = titles.map(NaturalOrder.sortKey)
    let last = { (t: String) in t.hasPrefix("zz") }
    func expected(lastFirst: Bool) -> [Int] {
      titles.indices.sorted { a, b in
        if lastFirst, last(titles[a]) != last(titles[b]) { return !last(titles[a]) }
        if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
        if titles[a] != titles[b] { return titles[a].utf8.lexicographicallyPrecedes(titles[b].utf8) }
        return a < b
      }
    }
    #expect(NaturalOrder.sortedIndices(titles, last: last) == expected(lastFirst: true))
    let (order, repeats) = NaturalOrder.sortedIndicesAndRepeats(
      titles.indices, title: { titles[$0] }, keys: NaturalOrder.SortKeys.of(titles))
    #expect(order == expected(lastFirst: false))
    #expect(repeats == (Set(titles).count < titles.count))
    // Keys made in two parts, the second adopted as a second half's are
    // (not copied): the same order and the same repeats.
    var joined = NaturalOrder.SortKeys.of(titles[..<(count / 3)], collation: nil)
    joined.adopt(NaturalOrder.SortKeys.of(titles[(count / 3)...], collation: nil))
    #expect(joined.laterEnds.count == count - count / 3)
    let (twoParts, twoPartsRepeat) = NaturalOrder.sortedIndicesAndRepeats(
      titles.indices, title: { titles[$0] }, keys: joined)
    #expect(twoParts == order)
    #expect(twoPartsRepeat == repeats)
  }

  /// A bucket of more than `scatterLimit` titles is split in place, the
  /// smaller ones under it through a scratch buffer: both ways give the
  /// order whole keys give (two first letters, each more than the limit;
  /// numbers that repeat, so equal keys meet too).
  @Test func bucketsSplitInPlaceAndThroughScratchSortAlike() {
    var rng = SeededGenerator(seed: 7)
    let count = 2 * (SortEntry.Order.scatterLimit + 5000)
    let titles = (0..<count).map { i in (i % 2 == 0 ? "b " : "C ") + String(rng.next() % 100_000) }
    let keys = titles.map(NaturalOrder.sortKey)
    let expected = titles.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
      return a < b
    }
    #expect(NaturalOrder.sortedIndices(titles) == expected)
  }

  /// Titles alike far past their first 16 key bytes (paths, URLs) sort
  /// by the bytes after them, 16 at a time, in buckets large and small, on
  /// one core and two: the order whole keys give, equal keys by their
  /// index; keys that end inside a shared stretch, or hold a zero where
  /// another has ended, come where their bytes and lengths put them.
  @Test(arguments: [500, NaturalOrder.parallelCount + 3000])
  func titlesAlikeFarPastSixteenBytesSortByTheirWholeKeys(count: Int) {
    var rng = SeededGenerator(seed: 11)
    let stems = [
      "src/Sources/SectionNavCore/Data/Scan/", "src/Sources/SectionNavCore/Data/", "src/Sources/Sect",
      "https://example.org/a/very/long/path/", "",
    ]
    let titles = (0..<count).map { _ in
      let stem = stems[Int(rng.next() % UInt64(stems.count))]
      let tail = rng.next() % 4 == 0 ? "" : "file\(rng.next() % 3000).swift"
      return stem + tail + (rng.next() % 3 == 0 ? "\u{0}" : "")
    }
    let keys = titles.map(NaturalOrder.sortKey)
    let expected = titles.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
      if titles[a].utf8.elementsEqual(titles[b].utf8) { return a < b }
      return titles[a].utf8.lexicographicallyPrecedes(titles[b].utf8)
    }
    let (order, repeats) = NaturalOrder.sortedIndicesAndRepeats(
      titles.indices, title: { titles[$0] }, keys: NaturalOrder.SortKeys.of(titles))
    #expect(order == expected)
    #expect(repeats)
  }

  /// Many titles are read out of the sort on two cores, each taking half:
  /// a title repeated only where the halves meet (sorted places n/2 - 1
  /// and n/2) still counts as repeated, and the order is whole.
  @Test func aRepeatWhereTheTwoHalvesMeetIsFound() {
    let n = NaturalOrder.parallelCount + 2
    let distinct = (0..<n - 1).map { "t \($0)" }
    let repeated = distinct + ["t \(n / 2 - 1)"]
    for (titles, repeats) in [(distinct + ["t \(n - 1)"], false), (repeated, true)] {
      let (order, found) = NaturalOrder.sortedIndicesAndRepeats(
        titles.indices, title: { titles[$0] }, keys: NaturalOrder.SortKeys.of(titles))
      #expect(found == repeats)
      #expect(
        order.map { titles[$0] }
          == titles.sorted { NaturalOrder.sortKey($0).lexicographicallyPrecedes(NaturalOrder.sortKey($1)) })
    }
  }

  /// A title of megabytes (`--group-by` on a field holding a document) sorts
  /// by its first 64 KiB: its key and the folding scratch stay that small,
  /// shorter titles still sort by value, and titles alike that far are
  /// ordered by their text, as equal keys are.
  @Test func hugeTitlesSortByTheirFirst64KiB() {
    let prefix = String(repeating: "é", count: NaturalOrder.SortKeys.titleLimit / 2 + 1)
    let b = prefix + String(repeating: "b", count: 1 << 20)
    let a = prefix + "a"
    var keys = NaturalOrder.SortKeys()
    keys.append(b)
    #expect(keys.range(0).count <= NaturalOrder.SortKeys.titleLimit)
    #expect(keys.scratch.count <= 4 * Folding.capacity(for: NaturalOrder.SortKeys.titleLimit))
    #expect(NaturalOrder.sortedIndices([b, a, "item 10", "item 9"]) == [1, 0, 3, 2])
  }
}

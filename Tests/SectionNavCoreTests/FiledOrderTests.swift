import Testing

@testable import SectionNavCore

/// The README's promise that a title always sorts among the titles of the
/// index entry it files under: sorted, the titles' entries come in runs,
/// one run an entry, `#` first — for titles that start with a blank, an
/// emoji, a symbol of any block, a digit of any form or a letter, loaded
/// the way a file is (the scan keys ASCII titles from the data's bytes,
/// others from their text) and sorted as a list of titles is.
@Suite struct FiledOrderTests {
  static let starts = [
    "", "", "", " ", "  ", "\t", "\u{A0}", "\u{3000}", "🇫🇷 ", "😀", "❤️ ", "#", "$", "~", "^", "`", "|", "{", "@", "_",
    "€", "☃", "§", "©", "→", "½", "㎏", "1", "42 ", "²", "①", "٣", "É", "Ö", "ø", "я", "Ω", "王", "阿", "波", "走", "ß",
    "가", "한", "까", "ㄱ", "ㅎ",
  ]
  static let words = ["anna", "Lisa", "zed", "Fred", "émile", "oskar", "Bo", "x", "", "9lives"]

  static func titles(seed: UInt64, count: Int) -> [String] {
    var r = OracleRandom(seed: seed)
    return (0..<count).map { _ in r.pick(Self.starts) + r.pick(Self.starts) + r.pick(Self.words) + " \(r.below(30))" }
  }

  /// The entries of `filed` in order, each run's first: no entry twice,
  /// `#` (when there) first.
  static func expectRuns(_ filed: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var runs: [String] = []
    for f in filed where runs.last != f { runs.append(f) }
    #expect(Set(runs).count == runs.count, "\(what): entries out of order: \(runs)", sourceLocation: sourceLocation)
    if runs.contains(Initials.other) {
      #expect(runs.first == Initials.other, "\(what): # not first: \(runs)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func titlesSortAmongTheirIndexEntry(seed: UInt64) throws {
    let titles = Self.titles(seed: seed, count: 400)
    // As a list of titles is sorted (`--group-by`, snapshots).
    let order = NaturalOrder.sortedIndices(titles)
    Self.expectRuns(order.map { Initials.of(titles[$0]) }, "sorted titles")
    // As a file's sections are, their keys made in the scan.
    let document = "{" + titles.enumerated().map { JSONText.quoted($1) + ": [\"\($0)\"]" }.joined(separator: ",") + "}"
    let list = try JSONIndexer.load(ByteBuffer(string: document))
    #expect(list.sectionCount == Set(titles).count)
    Self.expectRuns((0..<list.sectionCount).map { Initials.of(list.title($0)) }, "loaded sections")
  }

  /// With a locale's collation: its AlphabeticIndex buckets, leading
  /// blanks and emoji skipped for the key as for the bucket, as in the C
  /// locale (`🇫🇷 France` filed under `#` in every locale but C), and rows
  /// grouped by initial (`--lines`) file where their titles do.
  @Test(arguments: ["sv", "de", "ru", "zh", "zh-Hant", "ja", "ko", "el", "ar"])
  func titlesSortAmongTheirBucketInALocale(locale: String) throws {
    let collation = try LocaleCollation.open(locale)
    let titles = Self.titles(seed: 7, count: 300)
    let order = NaturalOrder.sortedIndices(titles, collation: collation)
    let filed = order.map { collation.label(titles[$0]) }
    var runs: [String] = []
    for f in filed where runs.last != f { runs.append(f) }
    #expect(Set(runs).count == runs.count, "\(locale): buckets out of order: \(runs)")
    for (led, plain) in [("🇫🇷 France", "France"), ("😀 Zebra", "Zebra"), ("❤️ Anna", "Anna"), (" 王", "王")] {
      #expect(collation.label(led) == collation.label(plain), "\(locale): \(led)")
      let text = Array((led + "\n" + plain + "\n").utf8)
      let lines = LineInput.load(text, delimiter: nil, keepOrder: true, collation: collation)
      #expect(lines.sectionCount == 1, "\(locale): \(led) grouped apart from \(plain)")
    }
  }
}

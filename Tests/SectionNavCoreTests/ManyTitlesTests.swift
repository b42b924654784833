import Foundation
import Testing

@testable import SectionNavCore

/// Thousands of distinct titles and group keys, each spelled several ways,
/// so the tables that find a title or a key again (`KeyTable`) grow many
/// times over while equal ones keep arriving: a title must still merge with
/// exactly the titles of the same scalars, on one thread and on two.
@Suite struct ManyTitlesTests {
  /// Spellings of name `m` as a JSON string, and the text each decodes to:
  /// an escape spells the same text, NFD (`e` + U+0301) another.
  static func spellings(_ m: Int) -> [(json: String, text: String)] {
    [
      ("\"k\(m)\"", "k\(m)"), ("\"\\u006b\(m)\"", "k\(m)"), ("\"é \(m)\"", "é \(m)"),
      ("\"\\u00e9 \(m)\"", "é \(m)"), ("\"e\\u0301 \(m)\"", "e\u{301} \(m)"),
    ]
  }

  /// `{"title": ["i0"], …}` with `count` sections named from `names`
  /// names, and the sections a list keeping file order must show: each
  /// title once, where it first came, with the items of all its sections.
  static func sectioned(seed: UInt64, count: Int, names: Int) -> (json: String, expected: [[String]]) {
    var rng = SeededGenerator(seed: seed)
    var order: [[Unicode.Scalar]] = []
    var items: [[Unicode.Scalar]: [String]] = [:]
    var titles: [[Unicode.Scalar]: String] = [:]
    var members: [String] = []
    for k in 0..<count {
      let choices = spellings(Int(rng.next() % UInt64(names)))
      let (json, text) = choices[Int(rng.next() % UInt64(choices.count))]
      let key = Array(text.unicodeScalars)
      if items[key] == nil {
        order.append(key)
        titles[key] = text
      }
      items[key, default: []].append("i\(k)")
      members.append("\(json): [\"i\(k)\"]")
    }
    return ("{" + members.joined(separator: ",\n") + "}", order.map { [titles[$0]!] + items[$0]! })
  }

  /// Where two lists first differ, said briefly (a whole list of
  /// thousands would bury the failure).
  func firstDifference<T: Equatable>(_ ours: [T], _ theirs: [T]) -> String? {
    let shared = min(ours.count, theirs.count)
    let k = (0..<shared).first { ours[$0] != theirs[$0] } ?? shared
    if k == shared && ours.count == theirs.count { return nil }
    func at(_ list: [T]) -> String { k < list.count ? "\(list[k])" : "nothing" }
    return "at \(k) (\(ours.count) against \(theirs.count)): \(at(ours)) against \(at(theirs))"
  }

  func contents(_ list: SectionedList) -> [[String]] {
    (0..<list.sectionCount).map { s in
      [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
    }
  }

  /// Loads `json` keeping file order, on one core and split on two: its
  /// sections must be `expected` (each a title, then its items).
  func expectInFileOrder(
    _ json: String, _ expected: [[String]], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for parallel in [false, true] {
      let (list, _) = try JSONIndexer.loadHalves(
        ByteBuffer(string: json), options: LoadOptions(keepOrder: true), progress: nil, parallel: parallel,
        minimumSplitSize: 0)
      let difference = firstDifference(contents(list), expected)
      #expect(difference == nil, "parallel: \(parallel)", sourceLocation: sourceLocation)
    }
  }

  /// The last: sections enough that their titles are hashed on two cores
  /// (`SectionOrder`), with titles that repeat within and across the halves.
  @Test(arguments: [(1, 20_000), (2, 20_000), (4, NaturalOrder.parallelCount + 3_000)] as [(UInt64, Int)])
  func keepingFileOrderMergesExactlyTheSameTitles(seed: UInt64, count: Int) throws {
    let (json, expected) = Self.sectioned(seed: seed, count: count, names: count / 7)
    try expectInFileOrder(json, expected)
  }

  /// Titles that are all different but one pair, far apart or side by
  /// side: in file order, with sections enough that whether any repeats is
  /// first asked of their hashes alone (`SectionOrder.lastDuplicates`),
  /// the pair still merges and nothing else does.
  @Test(arguments: [nil, (0, NaturalOrder.parallelCount + 99), (500, 501)] as [(Int, Int)?])
  func keepingFileOrderOfManyTitlesMergesTheOnePairThatRepeats(pair: (Int, Int)?) throws {
    let count = NaturalOrder.parallelCount + 100
    let titles = (0..<count).map { k in k == pair?.1 ? "t\(pair!.0) é" : "t\(k) é" }
    let json = "{" + titles.enumerated().map { "\"\($1)\": [\"i\($0)\"]" }.joined(separator: ",\n") + "}"
    var expected: [[String]] = []
    for (k, title) in titles.enumerated() {
      if let pair, k == pair.1 { expected[pair.0].append("i\(k)") } else { expected.append([title, "i\(k)"]) }
    }
    try expectInFileOrder(json, expected)
  }

  /// Sorted, the same sections merge (the sort finds them, not the table).
  @Test func sortingMergesTheSameTitlesAsKeepingOrderDoes() throws {
    let (json, expected) = Self.sectioned(seed: 3, count: 20_000, names: 3_000)
    let list = try JSONIndexer.load(ByteBuffer(string: json))
    let shown = contents(list)
    #expect(Set(shown.map { $0[0] }) == Set(expected.map { $0[0] }))
    #expect(shown.count == expected.count)
  }

  /// JSON Lines `{"id": n, "f": …}` whose `f` takes thousands of values in
  /// every spelling, and as a number beside the string of its digits: a
  /// number written as jq writes it or not (`5.0`, `-0`, 17 digits that a
  /// double rounds, so `10000000000000001` is `10000000000000000`).
  static func jsonLines(seed: UInt64, count: Int, names: Int) -> String {
    var rng = SeededGenerator(seed: seed)
    return (0..<count).map { n in
      let m = Int(rng.next() % UInt64(names))
      let numbers = [
        "\(m)", "\(m).0", "-\(m)", "-\(m)e0", "\(100_000_000_000_000 + m)", "\(100_000_000_000_000 + m).0",
        "\(10_000_000_000_000_000 + m)", "\(10_000_000_000_000_000 + m / 2 * 2)",
      ]
      let values = spellings(m).map(\.json) + numbers + ["\"\(m)\""]
      return "{\"id\":\(n),\"f\":\(values[Int(rng.next() % UInt64(values.count))])}\n"
    }.joined()
  }

  /// Groups as lists of ids, in the order of their first item.
  func groups(_ list: SectionedList) -> [[Int]] {
    (0..<list.sectionCount).map { s in (0..<list.itemCount(s)).map { Int(list.itemText(section: s, item: $0))! } }
      .sorted { $0[0] < $1[0] }
  }

  @Test(
    .enabled(if: Oracle.jq != nil, "jq is not installed (scripts/setup installs it)"), arguments: [1, 2] as [UInt64])
  func thousandsOfGroupKeysAreJQsGroups(seed: UInt64) throws {
    let text = Self.jsonLines(seed: seed, count: 30_000, names: 2_500)
    let lines = try Oracle.jqLines(["-c", "-s", "group_by(.f) | map(map(.id)) | .[]"], input: text)
    let theirs = lines.map { $0.dropFirst().dropLast().split(separator: ",").map { Int($0)! } }.sorted { $0[0] < $1[0] }
    var options = LoadOptions(itemField: "id")
    options.format = .jsonLines
    options.groupBy = try GroupBy(option: "f")
    for (parallel, help) in [(false, SplitHelp.whenBehind), (true, .whenBehind), (true, .always), (true, .front)] {
      let (result, _) = try ItemLoader.loadHalves(
        ByteBuffer(string: text), options: options, parallel: parallel, minimumSplitSize: 0, help: help)
      let difference = firstDifference(groups(result.list), theirs)
      #expect(difference == nil, "parallel: \(parallel), \(help)")
    }
  }

  /// A key that differs on every row (an id), enough of them that the
  /// grouper's titles are let go on another thread once the list is made
  /// (`ItemGroups.releaseTitles`): every row is a section of its own, titled
  /// by its key, and the titles stay whole (long ones, held by reference).
  @Test func aKeyThatDiffersOnEveryRowTitlesEverySection() throws {
    let count = NaturalOrder.parallelCount + 500
    let key = { (n: Int) in "user \(n) of a key long enough to be held by reference" }
    let text = (0..<count).map { "{\"id\":\($0),\"k\":\"\(key($0))\"}\n" }.joined()
    var options = LoadOptions(itemField: "id")
    options.format = .jsonLines
    options.keepOrder = true
    options.groupBy = try GroupBy(option: "k")
    for parallel in [false, true] {
      let (result, _) = try ItemLoader.loadHalves(
        ByteBuffer(string: text), options: options, parallel: parallel, minimumSplitSize: 0)
      let list = result.list
      #expect(list.sectionCount == count)
      let wrong = (0..<list.sectionCount).first {
        list.title($0) != key($0) || list.itemCount($0) != 1 || list.itemText(section: $0, item: 0) != "\($0)"
      }
      #expect(wrong == nil, "parallel: \(parallel), section \(wrong ?? -1)")
    }
  }

  /// More items than a half takes alone, with thousands of keys, each
  /// key's items spread over both halves of the input: every section
  /// holds its items in input order, the earlier half's before the later
  /// half's, on one thread and split (the join maps the later half's
  /// sections, then `SectionTags.layOut` places them all).
  @Test func itemsOfKeysSpreadOverBothHalvesStayInInputOrderInEachSection() throws {
    let count = NaturalOrder.parallelCount + 5_000
    var rng = SeededGenerator(seed: 7)
    let keys = (0..<count).map { _ in Int(rng.next() % 3_000) }
    let text = keys.enumerated().map { "{\"id\":\($0),\"f\":\"k\($1)\"}\n" }.joined()
    var byKey: [Int: [Int]] = [:]
    for (id, key) in keys.enumerated() { byKey[key, default: []].append(id) }
    let theirs = byKey.values.sorted { $0[0] < $1[0] }
    var options = LoadOptions(itemField: "id")
    options.format = .jsonLines
    options.groupBy = try GroupBy(option: "f")
    for parallel in [false, true] {
      let (result, _) = try ItemLoader.loadHalves(
        ByteBuffer(string: text), options: options, parallel: parallel, minimumSplitSize: 0)
      let difference = firstDifference(groups(result.list), theirs)
      #expect(difference == nil, "parallel: \(parallel)")
    }
  }

  /// A key whose bytes are not UTF-8 is titled with U+FFFD in their place,
  /// as jq reads it: keys that read alike merge (jq 1.7.1 gives
  /// `[[1,2,3],[4]]`), however the first of them was found.
  @Test func keysThatAreNotUTF8MergeAsTheyRead() throws {
    let lines: [[UInt8]] = [
      Array(#"{"id":1,"f":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8),
      Array(#"{"id":2,"f":"a"#.utf8) + [0xFE] + Array(#"b"}"#.utf8),
      Array(#"{"id":3,"f":"a\ufffdb"}"#.utf8),
      Array(#"{"id":4,"f":"a"#.utf8) + [0xFF, 0xFE] + Array(#"b"}"#.utf8),
    ]
    var options = LoadOptions(itemField: "id")
    options.format = .jsonLines
    options.groupBy = try GroupBy(option: "f")
    for order in [[0, 1, 2, 3], [2, 0, 1, 3], [3, 1, 0, 2]] {
      let text: [UInt8] = order.flatMap { (k: Int) -> [UInt8] in lines[k] + [0x0A] }
      let (result, _) = try ItemLoader.loadHalves(
        ByteBuffer(text), options: options, parallel: false, minimumSplitSize: 0, help: .whenBehind)
      // Each group's ids in input order, as `groups` lists them.
      let expected = [[1, 2, 3], [4]].map { group in order.map { $0 + 1 }.filter(group.contains) }
      #expect(groups(result.list) == expected.sorted { $0[0] < $1[0] }, "order: \(order)")
    }
  }
}

/// A merge of repeated titles moves each other section back by the items
/// of the runs moved before it (`Scan.MovedRuns`): counted by bucket, the
/// same count a search over all runs gives, for runs spread out, bunched
/// in one bucket, and empty runs sharing a start.
@Suite struct MovedRunsTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func runsBeforeAnItemAreCountedAsASearchCountsThem(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let items = Int(rng.next() % 5000) + 1
    let runs = Int(rng.next() % 300)
    var starts: [Int]
    switch seed {
    case 1: starts = (0..<runs).map { _ in Int(rng.next() % UInt64(items)) }
    case 2: starts = (0..<runs).map { _ in Int(rng.next() % 8) }  // bunched at the front
    case 3: starts = (0..<runs).map { _ in max(0, items - 1 - Int(rng.next() % 3)) }  // empty runs sharing a start
    default: starts = []
    }
    starts.sort()
    let moved = Scan.MovedRuns(starts, items: items)
    let wrong = (0...items).first { item in moved.count(before: item) != starts.filter { $0 < item }.count }
    #expect(wrong == nil, "\(runs) runs in \(items) items: wrong before item \(wrong ?? -1)")
  }
}

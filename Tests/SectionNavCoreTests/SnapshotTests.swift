import Foundation
import Testing

@testable import SectionNavCore

/// A background load's snapshots share the item ranges found so far and
/// place only new sections: what a snapshot shows must stay as it was while
/// the load goes on and after it ends, and be a prefix of the final list.
@Suite struct SnapshotTests {
  /// A section's title and all its items, as the list shows them.
  typealias Contents = [[String]]

  func contents(_ list: SectionedList) -> Contents {
    (0..<list.sectionCount).map { s in
      [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
    }
  }

  func storage(_ list: SectionedList) -> RangeStorage? {
    guard case .json(let items) = list.store else { return nil }
    return items.ranges.storage
  }

  /// About 14 MB: 700 sections of 1 000 items, titles in a scrambled order
  /// (numbers compared as numbers), every 50th title repeated further on
  /// (duplicates merge), some items escaped.
  static let document: String = {
    var rng = SeededGenerator(seed: 13)
    let titles = (0..<700).map { i in i % 50 == 49 ? "Title \(i - 20)" : "Title \(i)" }.shuffled(using: &rng)
    let sections = titles.enumerated().map { k, title in
      "\"\(title)\": ["
        + (0..<1000).map { $0 % 7 == 0 ? "\"é\\\"\(k)-\($0)\"" : "\"item \(k)-\($0)\"" }.joined(separator: ",") + "]"
    }
    return "{" + sections.joined(separator: ",\n") + "}"
  }()

  /// Takes a snapshot at every report and checks, at every later report
  /// and after the end, that the earlier ones still show what they showed.
  @Test(arguments: [false, true], [false, true])
  func snapshotsStayAsTheyWereAndArePrefixesOfTheFinalList(parallel: Bool, keepOrder: Bool) throws {
    var snapshots: [(list: SectionedList, contents: Contents)] = []
    var changed = 0
    let (list, _) = try JSONIndexer.loadHalves(
      ByteBuffer(string: Self.document), options: LoadOptions(keepOrder: keepOrder),
      progress: { _, snapshot in
        for s in snapshots where contents(s.list) != s.contents { changed += 1 }
        let taken = snapshot()
        snapshots.append((taken, contents(taken)))
      }, parallel: parallel)
    #expect(changed == 0)
    #expect(snapshots.count >= 2)
    #expect(snapshots.allSatisfy { contents($0.list) == $0.contents })
    let final = contents(list)
    #expect(final.count == 700 - 700 / 50)
    #expect(
      final.map { $0[0] }
        == (keepOrder
          ? final.map { $0[0] }
          : final.map { $0[0] }.sorted {
            NaturalOrder.areInIncreasingOrder($0, $1)
          }))
    // Each snapshot: its sections in the final list's order, each one's items a prefix of the final ones.
    let place = Dictionary(uniqueKeysWithValues: final.enumerated().map { ($1[0], $0) })
    for s in snapshots.map(\.contents) {
      let places = s.map { place[$0[0]] ?? -1 }
      #expect(!places.contains(-1) && places == places.sorted())
      #expect(s.allSatisfy { final[place[$0[0]]!].starts(with: $0) })
    }
    #expect(snapshots.map { $0.list.itemCount } == snapshots.map { $0.list.itemCount }.sorted())
    #expect(snapshots.dropLast().allSatisfy { $0.list.itemCount < list.itemCount })
  }

  /// `[{"title": "A", "items": [first…], "items": [second…]}]`: the second
  /// array replaces the first, rewriting entries a snapshot already shows.
  @Test func aRepeatedItemsKeyDoesNotChangeWhatASnapshotShows() throws {
    let first = (0..<400_000).map { "\"first \($0)\"" }.joined(separator: ",")
    let second = (0..<300_000).map { "\"second \($0)\"" }.joined(separator: ",")
    let json = #"[{"title": "A", "items": ["# + first + #"], "items": ["# + second + #"]}]"#
    var snapshots: [(list: SectionedList, contents: Contents)] = []
    let list = try JSONIndexer.load(ByteBuffer(string: json)) { _, snapshot in
      let taken = snapshot()
      snapshots.append((taken, contents(taken)))
    }
    let expected = [["A"] + (0..<300_000).map { "second \($0)" }]
    let replaced = contents(list) == expected
    #expect(replaced, "the second array replaces the first")
    let during = snapshots.filter { $0.contents.first?.dropFirst().first == "first 0" }
    let after = snapshots.filter { $0.contents.first?.dropFirst().first == "second 0" }
    #expect(!during.isEmpty && !after.isEmpty)
    // Compared as Bools: a failure would print millions of items.
    #expect(snapshots.allSatisfy { contents($0.list) == $0.contents })
    #expect(snapshots.allSatisfy { $0.contents.count == 1 && $0.contents[0].count > 1 })
    #expect(during.allSatisfy { $0.contents[0].dropFirst().allSatisfy { $0.hasPrefix("first ") } })
    let final = contents(list)[0]
    #expect(after.allSatisfy { final.starts(with: $0.contents[0]) })
  }

  /// The shared ranges go when the last list using them goes — also the
  /// block left behind when a repeated key made the load move its ranges.
  @Test func sharedRangesAreFreedWithTheLastListUsingThem() throws {
    weak var before: RangeStorage?
    weak var final: RangeStorage?
    do {
      let first = (0..<400_000).map { "\"first \($0)\"" }.joined(separator: ",")
      let json = #"[{"title": "A", "items": ["# + first + #"], "items": ["x"]}]"#
      var snapshots: [SectionedList] = []
      let list = try JSONIndexer.load(ByteBuffer(string: json)) { _, snapshot in snapshots.append(snapshot()) }
      before = storage(try #require(snapshots.first))
      final = storage(list)
      #expect(before != nil && final != nil && before !== final)
      snapshots.removeAll()
      #expect(before == nil)
      #expect(list.itemText(section: 0, item: 0) == "x")
    }
    #expect(final == nil)
  }

  /// Ranges shared by a list stay as they were when the builder outgrows its
  /// reservation (it moves) or has none (the address space was refused: it copies).
  @Test(arguments: [true, false])
  func sharedRangesStayWhenTheBuilderMovesOrCopies(reserved: Bool) {
    var builder = reserved ? PackedRangesBuilder(reserving: 16) : PackedRangesBuilder(expected: 16)
    var shared: [PackedRanges] = []
    for i in 0..<20_000 {
      builder.append(offset: i, length: i % 50, plain: i % 3 == 0)
      if i % 3_000 == 0 { shared.append(builder.share(builder.count)) }
    }
    builder.truncate(to: 100)
    for _ in 0..<500 { builder.append(offset: 7, length: 7, plain: false) }
    let final = builder.finish()
    #expect(final.count == 600 && final.offset(99) == 99 && final.offset(599) == 7 && !final.isPlain(599))
    #expect(shared.map(\.count) == [1, 3_001, 6_001, 9_001, 12_001, 15_001, 18_001])
    #expect(
      shared.allSatisfy { list in
        (0..<list.count).allSatisfy {
          list.offset($0) == $0 && list.length($0) == $0 % 50 && list.isPlain($0) == ($0 % 3 == 0)
        }
      })
  }

  /// Sorting sections in steps, as snapshots do, gives the order one sort of
  /// them all gives, and finds every repeated title.
  @Test func sortingInStepsGivesTheOrderOfOneSort() {
    var rng = SeededGenerator(seed: 5)
    let words = [
      "a", "A", "b", "é", "E", "item 2", "item 10", "item 010", "x0", "x00", "abcdefghijklmnopq", "abcdefghijklmnopr",
    ]
    let titles = (0..<2000).map { _ in words.randomElement(using: &rng)! + " \(Int.random(in: 0..<300, using: &rng))" }
    var keys = NaturalOrder.SortKeys()
    for t in titles { keys.append(t) }
    var order: [Int] = []
    var duplicates = false
    var from = 0
    for to in [1, 2, 50, 51, 700, 1999, 2000] {
      duplicates = NaturalOrder.merge(&order, adding: from..<to, titles: { titles[$0] }, keys: keys) || duplicates
      #expect(duplicates == (Set(titles[..<to]).count < to))
      #expect(order == NaturalOrder.sortedIndices(Array(titles[..<to])))
      from = to
    }
  }

  /// A repeated title is found in whichever step brings it — among the
  /// new titles or beside an earlier one, placed one by one or in one pass.
  @Test(arguments: [[1000, 1001], [10, 1001], [600, 1001], [499, 1001]])
  func aRepeatedTitleIsFoundInTheStepThatBringsIt(steps: [Int]) {
    var rng = SeededGenerator(seed: 9)
    let titles = (0..<1000).map { "t\($0)" }.shuffled(using: &rng) + ["t500"]
    var keys = NaturalOrder.SortKeys()
    for t in titles { keys.append(t) }
    var order: [Int] = []
    var found: [Bool] = []
    var from = 0
    for to in steps {
      found.append(NaturalOrder.merge(&order, adding: from..<to, titles: { titles[$0] }, keys: keys))
      from = to
    }
    #expect(found == [false, true])
    #expect(order == NaturalOrder.sortedIndices(titles))
  }

  /// Titles enough to be sorted on two cores (`parallelCount`): a title
  /// repeated within a half, across the halves, or past the 16 bytes the
  /// sort compares as integers is found; titles equal only when folded
  /// ("Eve", "eve") or only in their first 16 bytes are not repeats.
  @Test(arguments: [nil, 3, 40_000, 60_000])
  func aRepeatAmongManyTitlesIsFoundOnTwoCores(repeating: Int?) {
    var rng = SeededGenerator(seed: 13)
    let count = NaturalOrder.parallelCount * 2
    var titles = (0..<count).map { k in
      switch k % 3 {
      case 0: "Eve \(k)"
      case 1: "eve \(k - 1)"
      default: "a title longer than sixteen bytes \(k)"
      }
    }.shuffled(using: &rng)
    if let repeating { titles.append(titles[repeating]) }
    var keys = NaturalOrder.SortKeys()
    for t in titles { keys.append(t) }
    var order: [Int] = []
    let found = NaturalOrder.merge(&order, adding: 0..<titles.count, titles: { titles[$0] }, keys: keys)
    #expect(found == (repeating != nil))
    #expect(order == NaturalOrder.sortedIndices(titles))
  }
}

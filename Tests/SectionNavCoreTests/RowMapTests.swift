import Testing

@testable import SectionNavCore

@Suite struct RowMapTests {
  // Sections of 2, 0 (empty) and 3 items: rows H0 a b | H1 | H2 c d e
  let map = RowMap(itemCounts: [2, 0, 3])

  @Test func totalsCountHeadersAndItems() {
    #expect(map.totalRows == 8)
    #expect(map.sectionCount == 3)
    #expect(map.headerRow(1) == 3)
    #expect(map.row(section: 2, item: 0) == 5)
  }

  @Test func rowLookupAtSectionBoundaries() {
    #expect(map.row(0) == .header(section: 0))
    #expect(map.row(2) == .item(section: 0, item: 1))
    #expect(map.row(3) == .header(section: 1))
    #expect(map.row(4) == .header(section: 2))
    #expect(map.row(7) == .item(section: 2, item: 2))
    #expect(map.row(8) == nil)
    #expect(map.row(-1) == nil)
  }

  @Test func itemNavigationSkipsHeadersAndEmptySections() {
    #expect(map.nextItemRow(from: 3) == 5)
    #expect(map.nextItemRow(from: 0) == 1)
    #expect(map.previousItemRow(from: 4) == 2)
    #expect(map.previousItemRow(from: 0) == nil)
    #expect(map.nextItemRow(from: 8) == nil)
    #expect(map.nearestItemRow(atOrAfter: 100) == 7)
  }

  @Test func emptyMapHasNoRows() {
    let empty = RowMap(itemCounts: [])
    #expect(empty.totalRows == 0)
    #expect(empty.row(0) == nil)
    #expect(empty.nearestItemRow(atOrAfter: 0) == nil)
    let headersOnly = RowMap(itemCounts: [0, 0])
    #expect(headersOnly.nearestItemRow(atOrAfter: 0) == nil)
  }

  /// A list's rows (`init(_ list:)`, its sections read in place) are
  /// those of its sections' item counts: a header and the items of each,
  /// empty sections a header alone, a list of no sections no rows.
  @Test(arguments: [1, 2, 3]) func aListsRowsAreItsSectionsRows(seed: UInt64) {
    var random = CursorInvariantTests.Random(state: seed)
    for size in [0, 1, 7, 300] {
      let pairs = (0..<size).map { s in
        (title: "s\(s)", items: (0..<Int.random(in: 0...4, using: &random)).map { "i\($0)" })
      }
      let list = SectionedList(pairs)
      let rows = RowMap(list)
      let counted = RowMap(itemCounts: pairs.map(\.items.count))
      #expect(rows == counted)
      #expect(rows.totalRows == size + pairs.reduce(0) { $0 + $1.items.count })
      for (s, pair) in pairs.enumerated() where !pair.items.isEmpty {
        let last = pair.items.count - 1
        #expect(rows.row(rows.row(section: s, item: last)) == .item(section: s, item: last))
      }
    }
  }

  @Test func lookupAtScaleIsBinarySearch() {
    // 100 000 sections of 100 items: 10.1 M rows, built from counts only.
    let big = RowMap(itemCounts: Array(repeating: 100, count: 100_000))
    #expect(big.totalRows == 10_100_000)
    #expect(big.row(10_099_999) == .item(section: 99_999, item: 99))
    #expect(big.section(containing: 5_050_000) == 50_000)
  }
}

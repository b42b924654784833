import Testing

@testable import SectionNavCore

/// A list holds at most `SectionedList.maximumItemCount` items (the filter
/// numbers them in 32 bits): a load past it fails with one line naming the
/// source, where the first filter would have trapped.
@Suite struct ItemLimitTests {
  @Test func itemsPastTheLimitAreAnErrorNamingTheSource() throws {
    let list = try JSONIndexer.load(ByteBuffer(string: #"{"a": ["1", "2"], "b": ["3"]}"#))
    #expect(throws: Never.self) { try list.checkItemCount(source: "data.json", limit: 3) }
    #expect(throws: Failure.self) { try list.checkItemCount(source: "data.json", limit: 2) }
    do {
      try list.checkItemCount(source: "<stdin>", limit: 2)
    } catch {
      #expect(error.description == "<stdin>: error: more than 2 items, the most sectionnav lists")
      #expect(error.status == .failure)
    }
  }

  /// A section keeps where its items start, how many it has and whether
  /// its title was made up, apart from one another, up to the most a list
  /// holds: a count at the limit never reads as made up (the filter would
  /// skip its title) and a made-up title never adds to the count.
  @Test(arguments: [0, 1, 70_000, Int(UInt32.max)], [0, 1, 65_536, SectionedList.maximumItemCount])
  func aSectionKeepsItsItemsAndWhetherItsTitleIsMadeUp(firstItem: Int, itemCount: Int) {
    for derived in [false, true] {
      let section = SectionedList.Section(title: "t", firstItem: firstItem, itemCount: itemCount, derived: derived)
      #expect(section.firstItem == firstItem)
      #expect(section.itemCount == itemCount)
      #expect(section.derived == derived)
    }
  }
}

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
}

import Testing

@testable import SectionNavCore

/// `--index-labels FILE` read member by member, as object items are
/// (`JSONLexer.members`): titles decoded, the last of a repeated title
/// kept (as jq keeps the last key), and a label that is not a non-empty
/// string named and placed.
struct IndexLabelsFileTests {
  func parse(_ text: String) throws(LoadError) -> [String: String] {
    try IndexLabelsFile.parse(Array(text.utf8))
  }

  @Test func titlesAreDecodedAndTheLastOfARepeatedOneWins() throws {
    let text = " {\n  \"Caf\\u00e9\" : \"C\" ,\"Mac\":\"M\",\t\"Mac\": \"X\", "
    let labels = try parse(text + "\"say \\\"hi\\\"\": \"\\u4e2d\"\n}\n")
    #expect(labels == ["Café": "C", "Mac": "X", "say \"hi\"": "中"])
    #expect(try parse("{}") == [:])
  }

  @Test(arguments: [
    (#"{"A": "a", "B": 1}"#, LoadError(.notSectioned, line: 1, column: 17, "the label for 'B' is not a string")),
    ("{\"A\": \"a\",\n \"Zoë\": \"\"}", LoadError(.notSectioned, line: 2, column: 9, "the label for 'Zoë' is empty")),
    (#"{"A": ["a"]}"#, LoadError(.notSectioned, line: 1, column: 7, "the label for 'A' is not a string")),
  ])
  func aLabelThatIsNoTextIsNamedWhereItIs(text: String, expected: LoadError) {
    #expect(throws: expected) { try parse(text) }
  }
}

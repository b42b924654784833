import Testing

@testable import SectionNavCore

/// `--index-labels FILE` read member by member, as object items are
/// (`JSONLexer.members`): titles decoded, the last of a repeated title
/// kept (as jq keeps the last key), and a label that is not a non-empty
/// string named and placed.
struct IndexLabelsFileTests {
  func parse(_ text: String) throws(LoadError) -> IndexLabels {
    try IndexLabelsFile.parse(Array(text.utf8))
  }

  @Test func titlesAreDecodedAndTheLastOfARepeatedOneWins() throws {
    let text = " {\n  \"Caf\\u00e9\" : \"C\" ,\"Mac\":\"M\",\t\"Mac\": \"X\", "
    let labels = try parse(text + "\"say \\\"hi\\\"\": \"\\u4e2d\"\n}\n")
    #expect(labels == ["Café": "C", "Mac": "X", "say \"hi\"": "中"])
    #expect(try parse("{}") == [:])
  }

  /// A file that labels NFC `é` and NFD `e` and U+0301 apart (two keys to
  /// jq) keeps both labels, each for its own title.
  @Test func titlesThatOnlyLookAlikeKeepTheirOwnLabels() throws {
    let labels = try parse(#"{"caf\u00e9": "1", "cafe\u0301": "2"}"#)
    #expect(labels["caf\u{E9}"] == "1")
    #expect(labels["cafe\u{301}"] == "2")
    #expect(Set(labels.titles.map { Array($0.unicodeScalars) }).count == 2)
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

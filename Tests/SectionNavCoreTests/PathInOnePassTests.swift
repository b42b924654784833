import Testing

@testable import SectionNavCore

/// A `--path` the scan can follow is settled in its one pass; only what
/// jq's full semantics decide (a repeated key, a missing value) sends the
/// whole input through `PathEvaluation` once it is complete — a second
/// read that also holds a copy of every value (an array of 632 k objects
/// under `--path '.[]'` took 0.7 s and 3.4× the input's memory that way,
/// 0.1 s and 1.2× in the pass).
struct PathInOnePassTests {
  func scanned(_ text: String, path: String) throws -> (needsEvaluation: Bool, items: [String]) {
    var options = LoadOptions()
    options.path = try JSONPath(path)
    let buffer = ByteBuffer(string: text)
    var stream = ItemStream(buffer: buffer, options: options)
    defer { stream.release() }
    try stream.scan(available: buffer.count, eof: true)
    let evaluation = stream.json!.needsEvaluation
    try stream.advance(available: buffer.count, eof: true)
    let list = stream.list()
    let items = (0..<list.sectionCount).flatMap { s in
      (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
    }
    return (evaluation, items)
  }

  @Test func everyElementOfAnEachStepIsTakenInThePass() throws {
    let objects = #"[{"name": "a", "n": 1}, {"name": "b"}, {"n": 3, "name": "c"}]"#
    let each = try scanned(objects, path: ".[]")
    #expect(!each.needsEvaluation)
    #expect(each.items.count == 3)
    let names = try scanned(objects, path: ".[].name")
    #expect(!names.needsEvaluation)
    #expect(names.items.sorted() == ["a", "b", "c"])
    let nested = try scanned(#"{"data": [[1, 2], [3]]}"#, path: ".data[][]")
    #expect(!nested.needsEvaluation)
    #expect(nested.items.sorted() == ["1", "2", "3"])
  }

  /// Input arriving in two pieces, cut at every byte (a pipe): the scan
  /// steps back to its last checkpoint and reads a member again, which is
  /// not a repeated key (it was, and piped `--path '.[].name'` took 3.5×
  /// as long as the same file mapped).
  @Test func aMemberReadAgainAfterACutIsNoRepeat() throws {
    let cases = [
      (#"[{"n": 1, "name": "a", "x": [2]}, {"name": "b\"c"}, {"k": {}, "name": "c"}]"#, ".[].name", 3),
      (#"{"a": 1, "b": {"c": 2}, "d": "e"}"#, ".[]", 3),
      (#"[{"a": 1, "b": 2}, {"b": 3, "a": 4}]"#, ".[][]", 4),
    ]
    for (text, path, count) in cases {
      var options = LoadOptions()
      options.path = try JSONPath(path)
      let buffer = ByteBuffer(string: text)
      for cut in 1..<buffer.count {
        var stream = ItemStream(buffer: buffer, options: options)
        defer { stream.release() }
        try stream.scan(available: cut, eof: false)
        try stream.scan(available: buffer.count, eof: true)
        #expect(!stream.json!.needsEvaluation, "\(path) cut at \(cut)")
        try stream.advance(available: buffer.count, eof: true)
        let list = stream.list()
        #expect((0..<list.sectionCount).map { list.itemCount($0) }.reduce(0, +) == count)
      }
    }
  }

  @Test func aRepeatedKeyStillTakesJqsLastOne() throws {
    let repeated = try scanned(#"{"a": [1], "a": [2, 3]}"#, path: ".a")
    #expect(repeated.needsEvaluation)
    #expect(repeated.items.sorted() == ["2", "3"])
    let inEach = try scanned(#"[{"k": "x", "k": "y"}]"#, path: ".[].k")
    #expect(inEach.needsEvaluation)
    #expect(inEach.items == ["y"])
  }
}

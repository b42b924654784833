import TestScratch
import Testing

/// JSON that is valid but not a list sectionnav can open says what it found
/// and names the option that would open it, in one located line, exit 2
/// (issue 24: "any other document says exactly what it found and what would
/// open it"). Each suggested option really opens it.
@Suite struct JSONShapeErrorTests {
  @Test(arguments: [
    ("42", "found a number", ["--lines"]),
    (#""text""#, "found a string", ["--lines"]),
    ("null", "found null", ["--lines"]),
    (#"{"count":2,"results":["a","b"]}"#, "found a number", ["--path", ".results"]),
    (#"{"a":1,"b":2}"#, "found a number", ["--path", ".[]"]),
    (#"{"data":{"items":["x"]}}"#, "found an object", ["--path", ".data.items"]),
    ("[[1,2],[3]]", "found an array", ["--path", ".[][]"]),
    (#"[{"title":"A","items":["x"]},2]"#, "found a number", ["--path", ".[]"]),
    // An object that is no section among sections: named as a number is.
    (#"[{"title":"A","items":["x"]},{"x":1}]"#, #"a section has no "title" string"#, ["--path", ".[]"]),
    (#"[{"title":"A","items":["x"]},{"title":"B"}]"#, #"section "B" has no "items" array"#, ["--path", ".[]"]),
  ])
  func otherJSONNamesWhatWouldOpenIt(document: String, found: String, opens: [String]) throws {
    let file = Scratch.file(document, suffix: ".json")
    defer { Scratch.remove(file) }
    let r = try Binary.run(["--check", file])
    #expect(r.status == 2)
    #expect(r.stderr.contains(file + ":1:"), "\(r.stderr)")
    #expect(r.stderr.contains("not sectioned data"))
    #expect(r.stderr.contains(found))
    // The option is named: for --path, with the path it takes (or its place holder).
    #expect(r.stderr.contains(opens[0]), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1)
    // … and it opens the document (--lines reads the text of a lone value).
    let opened = try Binary.run(opens + ["--check", file])
    #expect(opened.status == 0, "\(opens): \(opened.stderr)")
  }
}

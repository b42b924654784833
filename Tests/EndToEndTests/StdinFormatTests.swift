import Foundation
import TestScratch
import Testing

/// Standard input with no format option (`ls | sectionnav`, `seq 100 |
/// sectionnav --pick`): JSON when its first non-blank byte can start an
/// object or an array, else lines as fzf reads them (issue 24).
@Suite struct StdinFormatTests {
  /// Plain lines, a word or number alone, and blank input are lines, as in fzf:
  /// what `--filter-print` finds is what `fzf --filter` would.
  @Test(arguments: [
    ("apple\nbanana\ncherry\n", "an", "banana\n"),
    ("  \n\n\tcherry pie\n", "cher", "\tcherry pie\n"),
    ("42\n", "42", "42\n"),
    ("\"quoted\" word\n", "word", "\"quoted\" word\n"),
    ("\u{FEFF}über\nzebra\n", "zeb", "zebra\n"),
  ])
  func plainTextIsReadAsLines(input: String, query: String, output: String) throws {
    let r = try Binary.run(["--filter-print", query], input: input)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == output)
  }

  /// `{`/`[` first is JSON, sectioned or not; `-` is read the same way.
  @Test func jsonIsStillJSON() throws {
    let sectioned = try Binary.run(["--check", "-"], input: "\n [{\"title\":\"A\",\"items\":[\"x\",\"y\"]}]")
    #expect(sectioned.stdout == "1 sections, 2 items\n", "\(sectioned.stderr)")
    let object = try Binary.run(["--filter-print", "x"], input: "{\"a\":[\"x\"]}")
    #expect(object.stdout == "x\n", "\(object.stderr)")
  }

  /// Standard input is `<stdin>` in every message, as in a JSON error's
  /// place (`-: Is a directory` said it another way).
  @Test func standardInputHasOneNameInMessages() throws {
    let directory = try Binary.run(["--check", "-"], redirections: "< /")
    #expect(directory.status == 2 && directory.stderr == "sectionnav: error: <stdin>: Is a directory\n")
    let json = try Binary.run(["--check", "-"], input: "[1,")
    #expect(json.stderr.hasPrefix("<stdin>:1:4: error: "), "\(json.stderr)")
  }

  /// A field no object item has is the same error from a file and from a
  /// pipe, whose sectioned data is indexed as it arrives.
  @Test func aMisspelledFieldOfSectionedDataIsAnErrorFromFileAndPipe() throws {
    let text = "{\"A\": [{\"name\": \"x\"}], \"B\": [\"y\"]}"
    let file = Scratch.file(text, suffix: ".json")
    defer { Scratch.remove(file) }
    let message =
      #"1:8: error: unknown field: --item-field: no item has the field "nmae" (fields of the first object item: "name")"#
    let fromFile = try Binary.run(["--check", "--item-field", "nmae", file])
    #expect(fromFile.status == 2 && fromFile.stderr == "\(file):\(message)\n", "\(fromFile.stderr)")
    let fromPipe = try Binary.run(["--check", "--item-field", "nmae"], input: text)
    #expect(fromPipe.status == 2 && fromPipe.stderr == "<stdin>:\(message)\n", "\(fromPipe.stderr)")
    let right = try Binary.run(["--check", "--item-field", "name"], input: text)
    #expect(right.stdout == "2 sections, 2 items\n", "\(right.stderr)")
  }

  /// An array that is not sectioned data (`curl … | sectionnav`) is the
  /// same list from a pipe as from a file — rows, their order, the note
  /// about `--group-by`, an error and its place — though the pipe's is read
  /// as it arrives.
  @Test(arguments: [
    "[\"b\", \"\\u00e9clair\", 3, \"a\"]",
    "[{\"name\": \"x\", \"kind\": \"k\"}, {\"name\": \"y\"}]",
    "[\"a\",\n \"b\" \"c\"]",
    "[1, 2]\n[3]\n",
    "[{\"name\": \"x\"},\n {\"title\": \"T\", \"items\": [1]}]",
  ])
  func aPlainArrayIsTheSameFromAPipeAsFromAFile(text: String) throws {
    let path = Scratch.file(text, suffix: ".json")
    defer { Scratch.remove(path) }
    let file = try Binary.run(["--filter-print", "", path])
    let pipe = try Binary.run(["--filter-print", ""], input: text)
    #expect(pipe.status == file.status)
    #expect(pipe.stdout == file.stdout)
    // (An error from standard input adds how to read it as lines.)
    let said = file.stderr.replacing(path, with: "<stdin>")
    #expect(pipe.stderr.hasPrefix(said.trimmingCharacters(in: .newlines)), "\(file.stderr) | \(pipe.stderr)")
    #expect(pipe.stderr.split(separator: "\n").count == said.split(separator: "\n").count)
  }

  /// Input that only starts like JSON is an honest JSON error at its spot,
  /// which names the option that reads it as lines.
  @Test func brokenJSONSaysHowToReadLines() throws {
    let r = try Binary.run(["--check"], input: "[INFO] started\n[WARN] slow\n")
    #expect(r.status == 2)
    #expect(r.stderr.contains("<stdin>:1:2:"), "\(r.stderr)")
    #expect(r.stderr.contains("--lines"))
    #expect(r.stderr.split(separator: "\n").count == 1)
    let lines = try Binary.run(["--lines", "--filter-print", "WARN"], input: "[INFO] started\n[WARN] slow\n")
    #expect(lines.stdout == "[WARN] slow\n")
  }

  /// A format option still decides: `--jsonl` over plain text is its error.
  @Test func aFormatOptionIsObeyed() throws {
    let r = try Binary.run(["--jsonl", "--check"], input: "apple\n")
    #expect(r.status == 2)
    #expect(!r.stderr.contains("--lines reads"), "\(r.stderr)")
  }
}

import Testing

@testable import SectionNavCore

/// Scripts and `SECTIONNAV_OPTS` written on Windows: CRLF line ends and a
/// UTF-8 byte-order mark mean the same as LF and nothing.
@Suite struct LineEndingTests {
  @Test func scriptLinesSplitAtCRLFAndLF() {
    #expect(Array(ScriptRunner.lines("goto B\r\nstate\r\n")) == ["goto B", "state", ""])
    #expect(Array(ScriptRunner.lines("a\nb\r\nc")) == ["a", "b", "c"])
    // A lone CR inside a line is not a line end (and stays visible in errors).
    #expect(Array(ScriptRunner.lines("type a\rb\n")) == ["type a\rb", ""])
  }

  @Test func byteOrderMarkAtTheStartIsIgnored() {
    #expect(Array(ScriptRunner.lines("\u{FEFF}key j\r\nstate")) == ["key j", "state"])
    // Only at the very start: elsewhere it is text (and an error where a command is expected).
    #expect(Array(ScriptRunner.lines("key j\n\u{FEFF}state")) == ["key j", "\u{FEFF}state"])
  }

  @Test func crlfScriptRunsEveryCommand() throws {
    var state = AppState(
      list: try load(#"{"A": ["a1"], "B": ["b1", "b2"]}"#), settings: AppSettings(), width: 30, height: 6)
    var out = ""
    let outcome = ScriptRunner.run("\u{FEFF}goto B\r\nkey j\r\nstate\r\n", state: &state) { out += $0 }
    #expect(outcome == .finished)
    #expect(out.contains(#""cursor":{"section":"B","item":"b2"}"#), "\(out)")
  }

  /// Error lines as jq and Python count them: in JSON a lone CR is
  /// whitespace, not a line end (`{"a":\r1}\n{"b":tru}` is wrong on line 2,
  /// where `sed -n 2p` finds it; it was called line 3 of a two-line file);
  /// CSV and TSV records do end there, as Python's `csv` reads them.
  @Test func aLoneCRStartsALineOnlyInCSVAndTSV() throws {
    func location(_ text: String, _ format: LoadOptions.Format) -> String? {
      var options = LoadOptions()
      options.format = format
      do {
        _ = try ItemLoader.load(ByteBuffer(string: text), options: options)
        return nil
      } catch {
        return "\(error.line):\(error.column)"
      }
    }
    #expect(location("{\"a\":\r1}\n{\"b\":tru}\n", .jsonLines) == "2:9")
    #expect(location("[1,\r2,\rtru]", .json) == "1:11")
    #expect(location("a,b\r1,2\r\"x\"y\n", .csv) == "3:4")
    #expect(location("a,b\r\n1,2\r\n\"x\"y\n", .csv) == "3:4")
  }

  @Test func environmentOptionsSplitAtCRLF() throws {
    #expect(try ShellWords.split("--size\r\n40x6\r\n--no-mouse\r") == ["--size", "40x6", "--no-mouse"])
  }
}

import Foundation
import TestScratch
import Testing

/// Bad data and a hostile world: a clear one-line error and exit 2, never a
/// crash, a hang or raw control bytes on the screen.
@Suite struct HostileInputTests {
  static func temp(_ bytes: [UInt8]) throws -> String {
    Scratch.file(bytes, suffix: ".json")
  }

  static func check(_ bytes: [UInt8], options: [String] = []) throws -> Binary.Result {
    let path = try temp(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var r = try Binary.run(["--check"] + options + [path])
    r.stderr = r.stderr.replacingOccurrences(of: path, with: "FILE")
    return r
  }

  @Test(arguments: [
    ("   \n\t  \n", "FILE:3:1: error: invalid JSON: "),
    ("", "FILE:1:1: error: invalid JSON: "),
    ("{\"a\": [\"x\", \"y", "FILE:1:15: error: invalid JSON: "),
    ("{\"a\": [1]}\u{0}", "FILE:1:11: error: invalid JSON: "),
    ("{\"a\": [\"nul\u{0}inside\"]}", "FILE:1:12: error: invalid JSON: "),
    (String(repeating: "[", count: 10_001), "FILE:1:10001: error: invalid JSON: nesting deeper than 10000 levels"),
  ])
  func malformedDataNamesTheSpot(text: String, prefix: String) throws {
    let r = try Self.check(Array(text.utf8))
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix(prefix), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(r.stdout.isEmpty)
  }

  /// A `--path` of tens of thousands of steps that jq's rules must settle
  /// after the scan (its first key missing) is followed without a call per
  /// step: an error located at the document, not a stack overflow — on the
  /// main thread (a file) and on standard input's loading thread alike.
  @Test(arguments: [true, false]) func aPathOfManyStepsIsAnErrorNotACrash(_ piped: Bool) throws {
    let path = String(repeating: ".a", count: 30_000)
    let r =
      piped
      ? try Binary.run(["--check", "--path", path], input: "{}\n")
      : try Self.check(Array("{}\n".utf8), options: ["--path", path])
    #expect(r.status == 2)
    #expect(r.stderr.hasSuffix(":1:1: error: path: the document (.) has no key \"a\"\n"), "\(r.stderr)")
  }

  @Test func invalidUTF8InAStringShowsAsReplacement() throws {
    let path = try Self.temp(Array("{\"Bad\": [\"ok \u{1}".utf8) + [0xFF, 0xC3] + Array("end\", \"fine\"]}".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try Binary.run([path, "--size", "30x5", "--script", "-"], input: "print\n")
    // The raw \u{1} inside a string is a syntax error per RFC 8259.
    #expect(r.status == 2)
    let fixed = try Self.temp(Array("{\"Bad\": [\"ok ".utf8) + [0xFF, 0xC3] + Array("end\", \"fine\"]}".utf8))
    defer { try? FileManager.default.removeItem(atPath: fixed) }
    let shown = try Binary.run([fixed, "--size", "30x5", "--script", "-"], input: "print\n")
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("ok ��end"))
  }

  @Test func aHundredMegabyteItemLoadsAndScrolls() throws {
    var bytes = Array("{\"Huge\": [\"".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 100_000_000)
    bytes += Array("\", \"small\"]}".utf8)
    let path = try Self.temp(bytes)
    bytes = []
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try Binary.run(
      [path, "--size", "40x8", "--script", "-"], input: "key $\nprint\nkey j\nstate\n", timeout: 120)
    #expect(r.status == 0, "\(r.stderr)")
    // `$` scrolled to the right edge of the 100 MB item (the status line no longer shows the offset).
    #expect(r.stdout.contains("\"offset\":{\"x\":99999965,\"y\":0}"))
    #expect(r.stdout.contains("> xxxxxxxx"))
    #expect(r.stdout.contains("\"item\":\"small\""))
  }

  @Test func directoriesAndUnreadablePathsAreOneLineErrors() throws {
    for path in ["Fixtures", "Fixtures/numbers.json/inside", "/nonexistent/data.json"] {
      let r = try Binary.run([path])
      #expect(r.status == 2)
      #expect(r.stderr.hasPrefix("sectionnav: error: \(path): "), "\(r.stderr)")
      #expect(r.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test func withoutATerminalTheUISuggestsScripts() throws {
    // setsid: no controlling terminal, so /dev/tty cannot be opened.
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["-w", Binary.path, "--demo", "numbers"]
    let err = Pipe()
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 2)
    #expect(text.contains("--script"), "\(text)")
    let dumb = try Binary.run(["--demo", "numbers"], environment: ["TERM": "dumb"])
    #expect(dumb.status == 2)
    #expect(dumb.stderr.contains("--script") || dumb.stderr.contains("terminal"), "\(dumb.stderr)")
  }
}

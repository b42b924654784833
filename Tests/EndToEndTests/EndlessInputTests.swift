import Foundation
import TestScratch
import Testing

/// Inputs that never end are read as streams and rejected at their first bad
/// byte, instead of growing in memory until the kernel kills the program.
@Suite struct EndlessInputTests {
  @Test(arguments: [
    (["--check", "/dev/zero"], "/dev/zero:1:1: error: invalid JSON: unexpected U+0000, expected a value\n"),
    (["--check", "--jsonl", "/dev/zero"], "/dev/zero:1:1: error: invalid JSON: unexpected U+0000, expected a value\n"),
    (
      ["--check", "--group-by", "x", "/dev/zero"],
      "/dev/zero:1:1: error: invalid JSON: unexpected U+0000, expected a value\n"
    ),
  ])
  func endlessInvalidInputFailsAtOnce(arguments: [String], message: String) throws {
    let result = try Binary.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr == message)
  }

  /// CSV and TSV from one endless line (`/dev/zero`) stop at a header row of
  /// 64 MiB, not at a quarter of memory with the header held twice over;
  /// `--no-header` takes the line as data: a record, refused at the same
  /// 64 MiB (it grew to a quarter of memory). A short header still reads.
  @Test(arguments: ["--csv", "--tsv"])
  func anEndlessHeaderRowFailsAtItsLimit(format: String) throws {
    let r = try Binary.run([format, "--check", "/dev/zero"])
    #expect(r.status == 2)
    let kind = format.dropFirst(2).uppercased()
    #expect(
      r.stderr
        == "/dev/zero:1:1: error: invalid \(kind): a header row longer than 64 MiB (an endless line?); --no-header reads it as data\n"
    )
    let record = try Binary.run([format, "--no-header", "--check", "/dev/zero"])
    #expect(record.status == 2)
    #expect(record.stderr == "/dev/zero:1:1: error: invalid \(kind): a record longer than 64 MiB (an endless line?)\n")
    let piped = try Binary.run([format, "--check", "-"], input: "name\nx\n")
    #expect(piped.stdout == "1 sections, 1 items\n", "\(piped.stderr)")
  }

  /// `--lines` reads text: `/dev/zero` (one endless line of NULs) and an
  /// image piped in are refused at once as binary data (issue 26 #10).
  @Test func binaryDataIsNotLines() throws {
    let zero = try Binary.run(["--lines", "--check", "/dev/zero"])
    #expect(zero.status == 2)
    #expect(
      zero.stderr
        == "/dev/zero:1:1: error: not text: a NUL byte in the first 64 KiB: binary data, and --lines reads lines of text\n"
    )
    let png = "\u{89}PNG\r\n\u{1A}\n\0\0\0\rIHDR"
    let piped = try Binary.run(["--lines", "--check", "-"], input: png)
    #expect(piped.status == 2)
    #expect(piped.stderr.hasPrefix("<stdin>:3:1: error: not text: a NUL byte"), "\(piped.stderr)")
    let path = Scratch.file(Array("text\n".utf8) + [0, 1, 2])
    defer { Scratch.remove(path) }
    let file = try Binary.run(["--lines", "--check", path])
    #expect(file.status == 2)
    #expect(file.stderr.hasPrefix("\(path):2:1: error: not text: a NUL byte"), "\(file.stderr)")
  }

  /// Under `ulimit -v` below the default reservation, standard input is
  /// read into what the address space allows instead of being refused.
  @Test func standardInputUnderALowAddressSpaceLimit() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -v 4000000 && echo a | exec \"$0\" --lines --check -", Binary.path]
    process.environment = ["XDG_CONFIG_HOME": Binary.noConfigHome, "PATH": "/usr/bin:/bin"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == "1 sections, 1 items\n")
  }

  /// Under a tight `ulimit -v`, memory refused for the item ranges of a
  /// file of many short lines ends the run with one line and status 2, as
  /// C tools' xmalloc does (it trapped, status 132, without a word).
  @Test func refusedMemoryForItemRangesIsAnErrorNotACrash() throws {
    let path = Scratch.file(String(repeating: "y\n", count: 10_000_000), suffix: ".txt")
    defer { Scratch.remove(path) }
    let r = try Binary.run([path], shell: #"ulimit -v 100000 && exec "$0" --lines --check "$1""#)
    let text = r.stderr
    #expect(r.status == 2, "\(text)")
    #expect(text.hasPrefix("sectionnav: error: out of memory: "), "\(text)")
    #expect(text.hasSuffix("(ulimit -v)\n") && text.split(separator: "\n").count == 1, "\(text)")
  }

  /// Under a tiny `ulimit -n` or `ulimit -s` (hard limits: a soft one is
  /// raised), one line and status 2 before anything starts: libdispatch
  /// trapped without an eventfd (a silent SIGILL at the first filter), the
  /// main thread overflowed its stack (a silent SIGSEGV). A soft limit
  /// alone below the need is raised and the run goes on.
  @Test func tooFewFilesOrTooSmallAStackIsAnErrorNotACrash() throws {
    let path = Scratch.file(#"{"A": ["apple", "avocado"]}"#, suffix: ".json")
    defer { Scratch.remove(path) }
    let files = try Binary.run([path], shell: #"ulimit -n 4 && exec "$0" --filter-print a "$1""#)
    #expect(files.status == 2)
    #expect(
      files.stderr
        == "sectionnav: error: only 4 files may be open at once (ulimit -n 4); sectionnav needs at least 16\n")
    let stack = try Binary.run([path], shell: #"ulimit -s 64 && exec "$0" --filter-print a "$1""#)
    #expect(stack.status == 2)
    #expect(
      stack.stderr
        == "sectionnav: error: the stack size limit is 64 KiB (ulimit -s 64); sectionnav needs at least 1024 KiB\n")
    // `--version` and `--help` need no more files.
    let version = try Binary.run([], shell: #"ulimit -n 4 && exec "$0" --version"#)
    #expect(version.status == 0 && version.stdout.hasPrefix("sectionnav "), "\(version.stderr)")
    let soft = try Binary.run([path], shell: #"ulimit -S -n 6 && ulimit -S -s 64 && exec "$0" --filter-print a "$1""#)
    #expect(soft.status == 0 && soft.stdout == "apple\navocado\n", "\(soft.stderr)")
  }

  /// Output past `ulimit -f` is a failed write, one line and status 2, as
  /// a full disk is (SIGXFSZ ended the program without a word, 153).
  @Test func outputPastTheFileSizeLimitIsAnError() throws {
    let path = Scratch.file(String(repeating: "an item of some length\n", count: 2000), suffix: ".txt")
    let out = Scratch.file("", suffix: ".out")
    defer {
      Scratch.remove(path)
      Scratch.remove(out)
    }
    let r = try Binary.run(
      // The signal at its default, as a login shell leaves it (the test runner ignores it).
      [path, out],
      shell: #"ulimit -f 4 && exec env --default-signal=XFSZ "$0" --lines --no-sort --filter-print '' "$1" > "$2""#)
    #expect(r.status == 2)
    #expect(r.stderr == "sectionnav: error: cannot write to standard output: File too large\n")
  }

  @Test func randomBytesAreRejectedNearTheStart() throws {
    let result = try Binary.run(["--check", "/dev/urandom"])
    #expect(result.status == 2)
    #expect(
      result.stderr.range(of: #"^/dev/urandom:\d+:\d+: error: invalid JSON: "#, options: .regularExpression) != nil)
  }
}

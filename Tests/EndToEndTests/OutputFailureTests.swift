import Foundation
import Testing

/// Output that does not arrive is an error: a full disk, a closed standard
/// output or a reader that went away never end in a silent exit 0.
@Suite struct OutputFailureTests {
  static let cases: [[String]] = [
    ["--help"],
    ["--version"],
    ["--check", "Fixtures/contacts.json"],
    ["--demo", "numbers", "--script", "Fixtures/choose.nav"],
  ]

  @Test(arguments: cases)
  func fullDiskIsAnError(arguments: [String]) throws {
    let r = try Binary.run(arguments, redirections: ">/dev/full")
    #expect(r.status == 2)
    #expect(r.stderr == "sectionnav: error: cannot write to standard output: No space left on device\n")
  }

  @Test(arguments: cases)
  func closedStandardOutputIsAnError(arguments: [String]) throws {
    let r = try Binary.run(arguments, redirections: ">&-")
    #expect(r.status == 2)
    #expect(r.stderr == "sectionnav: error: cannot write to standard output: Bad file descriptor\n")
  }

  /// With SIGPIPE ignored (as some parents leave it), a reader that went
  /// away gives EPIPE: quiet, as pipelines expect, but not exit 0.
  @Test func brokenPipeIsQuietButNotSuccess() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let err = Pipe()
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "trap '' PIPE; exec \"$0\" --demo numbers --script Fixtures/choose.nav", Binary.path]
    shell.currentDirectoryURL = Binary.root
    shell.standardOutput = pipe.fileHandleForWriting
    shell.standardError = err
    try shell.run()
    try pipe.fileHandleForWriting.close()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 2)
    #expect(err.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }
}

import Foundation
import TestScratch
import Testing

/// `scripts/install PREFIX` puts a binary that needs no Swift toolchain
/// (the Swift runtime linked in statically; only C libraries) and the man page
/// and completions where man, bash-completion, zsh and fish look for them.
///
/// It runs a release build, which costs about 45 s of both cores of a 2-core
/// machine when cold (later runs rebuild only what changed) — enough to
/// starve the timing-sensitive terminal tests running beside it. So it runs
/// only with `SECTIONNAV_INSTALL_TEST=1`, which `.ci/run` sets for a run of
/// this suite alone before the whole suite. The build goes to
/// `.build/install`, apart from the test run's own `.build` lock.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["SECTIONNAV_INSTALL_TEST"] == "1",
    "a release build: set SECTIONNAV_INSTALL_TEST=1 (.ci/run does)"),
  .timeLimit(.minutes(10)))
struct InstallTests {
  static let swiftRuntime = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"]

  @Test func installedBinaryNeedsNoSwiftRuntime() throws {
    let scratch = try TemporaryPrefix()
    let prefix = scratch.path + "/prefix"
    let temporary = scratch.path + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/bin/bash")
    install.arguments = [Binary.root.appendingPathComponent("scripts/install").path, prefix]
    install.environment = ProcessInfo.processInfo.environment.merging([
      "SECTIONNAV_BUILD_PATH": Binary.root.appendingPathComponent(".build/install").path,
      // SwiftPM's lock files and scratch directories go here, not into /tmp.
      "TMPDIR": temporary,
    ]) { $1 }
    let log = Pipe()
    install.standardOutput = log
    install.standardError = log
    try install.run()
    let output = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    install.waitUntilExit()
    try #require(install.terminationStatus == 0, "scripts/install failed:\n\(output.suffix(2000))")

    for file in [
      "bin/sectionnav", "share/man/man1/sectionnav.1", "share/bash-completion/completions/sectionnav",
      "share/zsh/site-functions/_sectionnav", "share/fish/vendor_completions.d/sectionnav.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) not installed")
    }
    let binary = prefix + "/bin/sectionnav"
    let ldd = try TmuxSession.spawn(["/usr/bin/ldd", binary])
    #expect(ldd.0 == 0)
    let libraries = ldd.1.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(libraries.contains { $0.hasPrefix("libc.so") }, "ldd output:\n\(ldd.1)")
    for line in libraries {
      #expect(!Self.swiftRuntime.contains { line.contains($0) }, "links the Swift runtime: \(line)")
    }
    // It runs with nothing of the toolchain on its paths.
    let run = try TmuxSession.spawn(
      ["/usr/bin/env", "-i", "PATH=/usr/bin:/bin", binary, "--demo", "numbers", "--check"])
    #expect(run.0 == 0 && run.1 == "20 sections, 200 items\n", "\(run)")
  }
}

/// A fresh directory under the test run's scratch root, removed with the value.
final class TemporaryPrefix {
  let path: String

  init() throws {
    path = Scratch.directory("install")
  }

  deinit { Scratch.remove(path) }
}

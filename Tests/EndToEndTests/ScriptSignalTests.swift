import Foundation
import TestScratch
import Testing

/// A script run killed while a command runs (a `--preview` waited for) does
/// not leave the command running or its `{f}` file behind, and still ends
/// by the signal, as a shell expects (README.md, "Hostile input").
@Suite struct ScriptSignalTests {
  /// Whether process `pid` has ended (gone, or a zombie no one reaped yet).
  static func ended(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    // The state follows the command name in parentheses.
    guard let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(close, offsetBy: 2)] == "Z"
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignalEndsTheCommandsAndRemovesTheirFiles(signal: Int32) throws {
    let directory = Scratch.directory("script-signal")
    defer { Scratch.remove(directory) }
    let tmp = directory + "/tmp"
    try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
    let fifo = directory + "/started"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let script = directory + "/run.nav"
    try Data("tick 200\nkey x\n".utf8).write(to: URL(fileURLWithPath: script))
    let argv = [
      Binary.path, "--no-config", "--preview", "cat {f} > /dev/null; echo $$ > '\(fifo)'; exec sleep 1000",
      "--script", script, Binary.root.appendingPathComponent("Fixtures/devices.json").path,
    ]
    // Spawned clean: the test's threads block SIGTERM, and a child would inherit that.
    let pid = try CleanSpawn.spawn(argv, environment: ["TMPDIR": tmp, "PATH": "/usr/bin:/bin"]) { actions in
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    // The preview says it runs: its pid comes through the fifo.
    var wait = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    try #require(poll(&wait, 1, Int32(Patience.seconds * 1000)) == 1, "the preview never started")
    var bytes = [UInt8](repeating: 0, count: 32)
    let n = read(reader, &bytes, bytes.count)
    let child = try #require(
      Int32(String(decoding: bytes[0..<max(0, n)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).count == 1, "the {f} file while it runs")

    kill(pid, signal)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    #expect(status & 0x7f == signal, "ended by signal \(status & 0x7f), status \(status >> 8)")
    let deadline = Date().addingTimeInterval(Patience.seconds)
    while !Self.ended(child) && Date() < deadline { sched_yield() }
    #expect(Self.ended(child), "the preview (pid \(child)) still runs")
    if !Self.ended(child) { kill(child, SIGKILL) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "the {f} file was left")
  }
}

import Foundation
import TestScratch

/// Runs the built `sectionnav` binary the way a user or a pipeline would.
enum Binary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The package root (…/Tests/EndToEndTests/Binary.swift → …).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `shared/` beside the checkout (CI puts a copy there).
  static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

  /// The executable next to the test bundle (swift test builds it as a dependency).
  static let path: String = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("sectionnav").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/sectionnav").path
  }()

  /// Runs with `arguments`, feeding `input` on standard input, in the package root.
  /// `redirections` (sh syntax, e.g. `>/dev/full`, `>&-`, `<&-`) replace the
  /// test's pipes for the descriptors they name. `shell`: a sh command
  /// line run instead, with the binary as `$0` and `arguments` as `$1`…
  /// (for arguments no `String` holds: `"$(printf '\351')"`).
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    timeout: TimeInterval = Patience.seconds,
    redirections: String? = nil, shell: String? = nil
  ) throws -> Result {
    let process = Process()
    if let shell {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", shell, path] + arguments
    } else if let redirections {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", path] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
    }
    process.currentDirectoryURL = root
    var env = ProcessInfo.processInfo.environment
    env["SECTIONNAV_OPTS"] = nil
    env["NO_COLOR"] = nil
    // Never the user's config file: a directory that does not exist, unless the test gives one.
    env["XDG_CONFIG_HOME"] = noConfigHome
    // The C locale's sorting and index whatever the user's locale (fixtures
    // ask for theirs with --locale); character types stay the user's.
    if let all = env.removeValue(forKey: "LC_ALL") { env["LC_CTYPE"] = all }
    env["LC_COLLATE"] = "C"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    // Read both pipes concurrently so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    // A child that exits without reading its input must not kill the test
    // runner with SIGPIPE: ignore the signal and let the write fail.
    _ = ignoreBrokenPipes
    if let input { try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
    try? inPipe.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(2000) }
    if process.isRunning {
      process.terminate()
      group.wait()
      throw TimedOut(arguments: arguments)
    }
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// An absolute `XDG_CONFIG_HOME` with no config file in it (it does not exist).
  static let noConfigHome = root.appendingPathComponent(".build/no-config-home").path

  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  struct TimedOut: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "sectionnav \(arguments.joined(separator: " ")) did not finish in time" }
  }

  /// Parses each `state` line of a script's output.
  static func states(_ stdout: String) -> [[String: Any]] {
    stdout.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("{\"offset\"") else { return nil }
      return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }
  }
}

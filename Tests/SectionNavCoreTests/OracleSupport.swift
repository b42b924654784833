import Foundation
import SectionNavCore
import TestScratch

/// The real programs the data tests compare with (jq 1.6, Python 3's `csv`),
/// found on `PATH`; `scripts/setup` installs them. Suites that need one are
/// skipped, with the reason shown, when it is missing.
enum Oracle {
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static let jq = find("jq")
  static let python = find("python3")

  /// Runs `program` with `arguments`; its standard output (stderr dropped).
  static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// `jq ARGS FILE` over `input` written to a scratch file; output lines.
  static func jqLines(_ arguments: [String], input: String) throws -> [String] {
    let file = Scratch.file(input, suffix: ".json")
    defer { Scratch.remove(file) }
    let result = try run(jq!, arguments + [file])
    return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// Random picks from a seed, so a failure names the seed that repeats it.
struct OracleRandom {
  var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  mutating func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

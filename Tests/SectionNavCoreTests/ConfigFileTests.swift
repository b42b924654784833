import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

/// The config file under the options of `SECTIONNAV_OPTS` and the command line.
@Suite struct ConfigFileTests {
  static func parse(
    _ arguments: [String], env: [String: String] = [:], file text: String
  ) throws(UsageError) -> Configuration {
    try OptionParser.parse(arguments: arguments, environment: env) {
      ConfigFile(path: "/home/u/.config/sectionnav/config", text: text)
    }
  }

  static func errorMessage(_ arguments: [String], env: [String: String] = [:], file text: String) -> String? {
    do {
      _ = try parse(arguments, env: env, file: text)
      return nil
    } catch {
      return error.message
    }
  }

  /// One input format in the whole file, as on one line: `--lines` and
  /// `--csv` on two lines was taken as `--csv` without a word.
  @Test func twoFormatsOnTwoLinesAreAnError() throws {
    let message = Self.errorMessage([], file: "--lines\n--csv\n")
    #expect(message?.contains("config:2") == true && message?.contains("--lines and --csv") == true, "\(message ?? "")")
  }

  @Test func fileComesFirstThenEnvironmentThenCommandLine() throws {
    let file = """
      # my defaults
      --color never
      --index alphabet   # trailing comment
      --colors thumb=red

      --print '{section}: {item}'
      --indicators auto
      """
    let env = ["SECTIONNAV_OPTS": "--index titles --colors track=8"]
    let c = try Self.parse(["--colors", "header=bold", "--indicators", "never"], env: env, file: file)
    #expect(c.color == .never)  // file only
    #expect(c.indexMode == .titles)  // environment beats file
    #expect(c.indicators == .never)  // command line beats file
    #expect(c.printFormat == (try PrintFormat("{section}: {item}")))
    #expect(c.colorSpecs == [try ThemeSpec("thumb=red"), try ThemeSpec("track=8"), try ThemeSpec("header=bold")])
  }

  /// fzf's `--no-reverse` and `--no-height` undo what a config file set.
  @Test func aConfigsReverseAndHeightAreUndoneAsInFzf() throws {
    let c = try Self.parse([], file: "--reverse\n--height 40%\n")
    #expect(c.layout == .reverse && c.inlineHeight != nil)
    let undone = try Self.parse(["--no-reverse", "--no-height"], file: "--reverse\n--height 40%\n")
    #expect(undone.layout == .default && undone.inlineHeight == nil)
  }

  @Test func noConfigSkipsTheFileWithoutReadingIt() throws {
    var asked = false
    let c = try OptionParser.parse(arguments: ["--no-config"], environment: [:]) { () throws(UsageError) in
      asked = true
      return ConfigFile(path: "x", text: "--bogus")
    }
    #expect(!asked && c.noConfig && c.color == .auto)
    #expect(try Self.parse([], env: ["SECTIONNAV_OPTS": "--no-config"], file: "--bogus").noConfig)
  }

  @Test func errorsNameTheFileAndLine() {
    let path = "/home/u/.config/sectionnav/config"
    #expect(Self.errorMessage([], file: "--pick\n\n--colour never\n") == "\(path):3: unknown option '--colour'")
    #expect(Self.errorMessage([], file: "# x\n--print '{item}") == "\(path):2: unterminated single quote")
    #expect(Self.errorMessage([], file: "--size 0x0") == "\(path):1: invalid size '0x0' (expected WxH, 1…1000 each)")
    #expect(Self.errorMessage([], file: "data.json") == "\(path):1: unexpected argument 'data.json'")
    #expect(Self.errorMessage([], file: "--index") == "\(path):1: missing value for --index")
    // A file saved with Windows line ends: each CRLF ends a line, and a comment ends with its line.
    let crlf = "# x\r\n--pick\r\n\r\n--colour never\r\n"
    #expect(Self.errorMessage([], file: crlf) == "\(path):4: unknown option '--colour'")
    #expect(Self.errorMessage([], file: "--pick # c\r\n--colour never") == "\(path):2: unknown option '--colour'")
  }

  @Test func aHashInsideAWordOrQuotesIsText() throws {
    let c = try Self.parse([], file: "--print 'a #{item}'\n--colors thumb=#ff0000 # red\r\n")
    #expect(c.printFormat == (try PrintFormat("a #{item}")))
    #expect(c.colorSpecs == [try ThemeSpec("thumb=#ff0000")])
  }

  @Test func pathFollowsXDGThenHome() {
    #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/sectionnav/config")
    #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config/sectionnav/config")
    #expect(ConfigFile.path(environment: ["HOME": "/h"]) == "/h/.config/sectionnav/config")
    #expect(ConfigFile.path(environment: [:]) == nil)
  }

  @Test func loadReadsTheFileAndSkipsAMissingOne() throws {
    let dir = try TemporaryConfigHome()
    #expect(try ConfigFile.load(environment: dir.environment) == nil)
    try dir.write("--pick\n")
    #expect(try ConfigFile.load(environment: dir.environment)?.text == "--pick\n")
    #expect(try ConfigFile.load(environment: ["HOME": dir.path + "/nonexistent"]) == nil)
  }

  /// A config that permission keeps from us (HOME another user's, under
  /// `sudo` without `-H`) is skipped with a warning, as git does, not the
  /// end of the run; other failures to open it still are.
  @Test func aConfigWeMayNotReadIsSkippedWithAWarning() throws {
    var warnings: [String] = []
    let environment = ["HOME": "/home/other"]
    let skipped = try ConfigFile.load(environment: environment, open: { _ in .failed(EACCES) }) { warnings.append($0) }
    #expect(skipped == nil)
    #expect(warnings == ["/home/other/.config/sectionnav/config: config file skipped: Permission denied"])
    #expect(
      throws: UsageError("/home/other/.config/sectionnav/config: cannot read the config file: Input/output error")
    ) {
      try ConfigFile.load(environment: environment, open: { _ in .failed(EIO) }) { warnings.append($0) }
    }
    #expect(warnings.count == 1)
  }

  @Test func aDirectoryInPlaceOfTheFileIsAnError() throws {
    let dir = try TemporaryConfigHome()
    try FileManager.default.createDirectory(atPath: dir.file, withIntermediateDirectories: true)
    #expect(throws: UsageError("\(dir.file): config file is a directory")) {
      try ConfigFile.load(environment: dir.environment)
    }
  }

  /// A FIFO (whose `open` would wait for a writer forever), a device or a
  /// symbolic link loop in place of the file: a one-line error at once.
  @Test func aFIFODeviceOrLinkLoopInPlaceOfTheFileIsAnError() throws {
    let dir = try TemporaryConfigHome()
    try FileManager.default.createDirectory(atPath: dir.path + "/sectionnav", withIntermediateDirectories: true)
    #expect(mkfifo(dir.file, 0o600) == 0)
    #expect(throws: UsageError("\(dir.file): config file is a FIFO, not a regular file")) {
      try ConfigFile.load(environment: dir.environment)
    }
    unlink(dir.file)
    #expect(symlink("/dev/null", dir.file) == 0)
    #expect(throws: UsageError("\(dir.file): config file is a device, not a regular file")) {
      try ConfigFile.load(environment: dir.environment)
    }
    unlink(dir.file)
    #expect(symlink(dir.file, dir.file) == 0)
    #expect(throws: UsageError("\(dir.file): config file is a symbolic link loop")) {
      try ConfigFile.load(environment: dir.environment)
    }
  }

  @Test func aByteOrderMarkIsSkippedAndBadOrHugeFilesAreErrors() throws {
    let dir = try TemporaryConfigHome()
    try dir.write(bytes: [0xEF, 0xBB, 0xBF] + Array("--pick\n".utf8))
    #expect(try ConfigFile.load(environment: dir.environment)?.text == "--pick\n")
    // Where: the line of the first bad byte, and of a NUL, which no option
    // value can hold (it went into one and cut it there).
    try dir.write(bytes: Array("--pick\n--multi ".utf8) + [0xC3, 0x28])
    #expect(throws: UsageError("\(dir.file):2: config file is not UTF-8 text")) {
      try ConfigFile.load(environment: dir.environment)
    }
    try dir.write(bytes: Array("--pick\n\n--print a".utf8) + [0] + Array("b\n".utf8))
    #expect(throws: UsageError("\(dir.file):3: config file holds a NUL byte")) {
      try ConfigFile.load(environment: dir.environment)
    }
    try dir.write(String(repeating: "# comment\n", count: 7000))
    #expect(throws: UsageError("\(dir.file): config file larger than 64 KiB")) {
      try ConfigFile.load(environment: dir.environment)
    }
  }
}

/// A fresh `XDG_CONFIG_HOME` under /tmp, removed with the value.
final class TemporaryConfigHome {
  let path: String
  var file: String { path + "/sectionnav/config" }
  var environment: [String: String] { ["XDG_CONFIG_HOME": path, "HOME": "/nonexistent"] }

  init() throws {
    path = Scratch.directory("config")
  }

  deinit { Scratch.remove(path) }

  func write(_ text: String) throws { try write(bytes: Array(text.utf8)) }

  func write(bytes: [UInt8]) throws {
    try FileManager.default.createDirectory(atPath: path + "/sectionnav", withIntermediateDirectories: true)
    // Not atomically: Foundation's atomic write leaves a directory behind in /tmp.
    try Data(bytes).write(to: URL(fileURLWithPath: file))
  }
}

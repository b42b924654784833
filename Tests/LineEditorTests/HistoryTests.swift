import Foundation
import Testing

@testable import LineEditor

/// History rules a user notices: no duplicates, newest last, a bounded file
/// that survives restarts and never exists half-written.
@Suite struct HistoryTests {
  @Test func reenteringALineMovesItToTheNewestPosition() {
    var history = History()
    for line in ["goto iPad", "scroll top", "goto iPad", "print"] { history.add(line) }
    #expect(history.entries == ["scroll top", "goto iPad", "print"])
  }

  @Test func blankLinesAreNotKept() {
    var history = History()
    history.add("")
    history.add("   ")
    history.add("quit")
    #expect(history.entries == ["quit"])
  }

  @Test func keepsTheNewestThousandEntries() {
    var history = History()
    for n in 0..<1100 { history.add("tick \(n)") }
    #expect(history.entries.count == 1000)
    #expect(history.entries.first == "tick 100")
    #expect(history.entries.last == "tick 1099")
    // Loading an oversized file obeys the same cap.
    let loaded = History(entries: (0..<1100).map { "tick \($0)" })
    #expect(loaded == history)
  }

  @Test func locationFollowsXDGStateHome() {
    #expect(
      History.path(name: "commands", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/sectionnav/commands_history")
    #expect(
      History.path(name: "search", environment: ["HOME": "/h"])
        == "/h/.local/state/sectionnav/search_history")
    // A relative XDG_STATE_HOME is ignored, as the XDG spec asks.
    #expect(
      History.path(name: "search", environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
        == "/h/.local/state/sectionnav/search_history")
    #expect(History.path(name: "search", environment: [:]) == nil)
  }

  @Test func saveAndLoadRoundTripCreatingDirectories() throws {
    let temp = TemporaryDirectory()
    let path = try #require(History.path(name: "commands", environment: temp.environment))
    var history = History()
    for line in ["goto \"Apple Watch\"", "key C-d", "search ü 日本"] { history.add(line) }
    try history.save(to: path)
    #expect(try History.load(from: path) == history)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "goto \"Apple Watch\"\nkey C-d\nsearch ü 日本\n")
  }

  @Test func missingFileIsAnEmptyHistory() throws {
    let temp = TemporaryDirectory()
    #expect(try History.load(from: temp.path + "/none/commands_history").entries.isEmpty)
  }

  @Test func atomicSaveLeavesNoTemporaryFiles() throws {
    let temp = TemporaryDirectory()
    let path = try #require(History.path(name: "search", environment: temp.environment))
    var history = History()
    for n in 0..<5 {
      history.add("search \(n)")
      try history.save(to: path)
    }
    #expect(temp.contents(of: temp.path + "/sectionnav") == ["search_history"])
    #expect(try History.load(from: path).entries.count == 5)
  }

  @Test func uncreatableDirectoryIsReportedAsOneLine() throws {
    let temp = TemporaryDirectory()
    // A path under a regular file cannot be created, even by root.
    #expect(FileManager.default.createFile(atPath: temp.path + "/file", contents: Data("x".utf8)))
    let path = temp.path + "/file/state/sectionnav/commands_history"
    var history = History()
    history.add("quit")
    #expect(throws: HistoryFileError.self) { try history.save(to: path) }
    do {
      try history.save(to: path)
    } catch {
      #expect(error.operation == .createDirectory)
      #expect(
        error.description.hasPrefix("cannot create history directory \(temp.path)/file/state"))
      #expect(!error.description.contains("\n"))
    }
  }

  /// A history file that is a link to /dev/zero, or a FIFO (whose `open`
  /// would wait for a writer, freezing the prompt), is refused at once as
  /// not a regular file; of a huge one only the last 1 MiB is read.
  @Test func endlessHistoryFileStopsAtTheCap() throws {
    let temp = TemporaryDirectory()
    let path = temp.path + "/commands_history"
    #expect(symlink("/dev/zero", path) == 0)
    #expect(throws: HistoryFileError(.read, path: path, code: 0, notRegular: "a device")) {
      try History.load(from: path)
    }
    let fifo = temp.path + "/fifo_history"
    #expect(mkfifo(fifo, 0o600) == 0)
    let error = #expect(throws: HistoryFileError.self) { try History.load(from: fifo) }
    #expect(error?.description == "cannot read history file \(fifo): it is a FIFO, not a regular file")
    let big = temp.path + "/big_history"
    #expect(
      FileManager.default.createFile(
        atPath: big, contents: Data(repeating: UInt8(ascii: "x"), count: 64 * History.maximumFileSize)))
    #expect(try History.load(from: big).entries.isEmpty)
  }

  /// Entries of up to 4 KiB, a thousand of them, could make a file of
  /// 4 MiB, which the next session refused whole (every entry lost). The
  /// newest entries that fit in 1 MiB are kept and saved; a bigger file
  /// (an older version's) gives its newest entries.
  @Test func theHistoryFitsTheFileItIsReadFrom() throws {
    let lines = (0..<400).map { "goto \($0) " + String(repeating: "x", count: 3900) }
    var history = History()
    for line in lines { history.add(line) }
    let size = history.entries.reduce(0) { $0 + $1.utf8.count + 1 }
    #expect(size <= History.maximumFileSize && size > History.maximumFileSize - 4000)
    #expect(history.entries.last == lines.last)
    let temp = TemporaryDirectory()
    let path = temp.path + "/commands_history"
    try history.save(to: path)
    #expect(try History.load(from: path) == history)

    let old = temp.path + "/old_history"
    #expect(FileManager.default.createFile(atPath: old, contents: Data((lines.joined(separator: "\n") + "\n").utf8)))
    let read = try History.load(from: old)
    #expect(read.entries.last == lines.last && read.entries.count > 200 && read.entries.count < 270)
    #expect(Array(lines.suffix(read.entries.count)) == read.entries)
  }

  /// Lines over 4 KiB are not remembered (`Up` onto a 200 MB line reached
  /// 5.4 GB): neither typed nor read from the file.
  @Test func overlongLinesAreNotKept() throws {
    var history = History()
    history.add("goto A")
    history.add(String(repeating: "y", count: History.maximumEntryLength + 1))
    history.add(String(repeating: "z", count: History.maximumEntryLength))
    #expect(history.entries == ["goto A", String(repeating: "z", count: History.maximumEntryLength)])
    let temp = TemporaryDirectory()
    let path = temp.path + "/search_history"
    let text = "short\n" + String(repeating: "w", count: 100_000) + "\nlast\n"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    #expect(try History.load(from: path).entries == ["short", "last"])
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Data from a pipe is shown as it arrives: the first screen comes before
/// the writer is done, the status says `reading… N items`, and the list grows
/// in place under the cursor.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxStreamingTests {
  /// A writer on a FIFO that the pane's standard input reads.
  final class Feed {
    let fd: Int32
    init(path: String) throws {
      // Opening a FIFO for writing waits for its reader (the program).
      fd = open(path, O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { throw TmuxSession.Failure(description: "cannot open \(path): errno \(errno)") }
    }
    func write(_ text: String) {
      var bytes = Array(text.utf8)[...]
      while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        bytes = bytes.dropFirst(n)
      }
    }
    func close() { Glibc.close(fd) }
  }

  static func line(_ i: Int) -> String {
    "{\"level\": \"\(["info", "warn", "debug"][i % 3])\", \"msg\": \"event \(i)\"}\n"
  }

  @Test func itemsShowBeforeTheWriterCloses() async throws {
    let s = try TmuxSession(
      "mkfifo feed && sectionnav --jsonl --group-by level --item-field msg --keep-order < feed")
    defer { s.close() }
    let fifo = try await s.waitForPath("feed")
    let feed = try Feed(path: fifo)
    // The first half: 30 events.
    for i in 0..<30 { feed.write(Self.line(i)) }
    let early = try await s.waitForStatus("reading… 30 items")
    #expect(early.row(1) == "info")
    #expect(early.row(2).hasPrefix("> event 0 "))
    #expect(early.contains("  event 27"))
    // Move the cursor; the rest must not move it off its item.
    try s.sendKeys("j", "j")
    try await s.waitFor("the cursor on event 6") { $0.row(4).hasPrefix("> event 6 ") }
    for i in 30..<60 { feed.write(Self.line(i)) }
    feed.close()
    let done = try await s.waitFor("the complete list") { !$0.status.contains("reading") && $0.status.contains("/60") }
    #expect(done.row(4).hasPrefix("> event 6 "), "\(done)")
    try s.sendKeys("G")
    try await s.waitFor("the last item") { $0.contains("> event 59 ") }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }

  /// Sectioned JSON shows what has arrived too; the complete input is then
  /// indexed as a file would be.
  @Test func sectionedJSONShowsBeforeItEnds() async throws {
    let s = try TmuxSession("mkfifo feed && sectionnav - < feed")
    defer { s.close() }
    let fifo = try await s.waitForPath("feed")
    let feed = try Feed(path: fifo)
    feed.write("{\"Zebra\": [\"z1\", \"z2\"],\n \"Apple\": [\"a1\",\n")
    let early = try await s.waitForStatus("reading… 3 items")
    #expect(early.row(1) == "Apple" && early.row(2).hasPrefix("> a1"), "\(early)")
    feed.write("\"a2\"], \"Mango\": [\"m1\"]}\n")
    feed.close()
    let done = try await s.waitFor("the complete list") { !$0.status.contains("reading") && $0.contains("  m1") }
    #expect(done.contains("  a2") && done.contains("  z2"))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test func linesStreamToo() async throws {
    let s = try TmuxSession("mkfifo feed && sectionnav --lines < feed")
    defer { s.close() }
    let fifo = try await s.waitForPath("feed")
    let feed = try Feed(path: fifo)
    feed.write("banana\napple\navocado\nbl")
    // Complete lines show at once; the cut one waits for its end.
    let early = try await s.waitForStatus("reading… 3 items")
    #expect(early.row(1) == "A" && early.row(2).hasPrefix("> apple"))
    feed.write("ueberry\ncherry\n")
    feed.close()
    let done = try await s.waitFor("the complete list") { !$0.status.contains("reading") && $0.contains("  blueberry") }
    #expect(done.contains("  cherry"))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }

  /// The list goes on filling in while a `/` or `:` line is edited: what
  /// arrives is drawn around the prompt, whose line and cursor stay as typed.
  @Test func itemsArriveBehindAnOpenPrompt() async throws {
    let s = try TmuxSession("mkfifo feed && sectionnav --lines < feed", height: 12)
    defer { s.close() }
    let fifo = try await s.waitForPath("feed")
    let feed = try Feed(path: fifo)
    feed.write("alpha\n")
    try await s.waitFor("alpha") { $0.row(2).hasPrefix("> alpha") }
    try await TmuxPromptTests.openPrompt(s, "/")
    try await TmuxPromptTests.type(s, "/", "al")
    feed.write("beta\ngamma\n")
    let behind = try await s.waitFor("beta and gamma behind the prompt") { $0.contains("  gamma") }
    #expect(behind.status == "/al" && behind.contains("  beta"), "\(behind)")
    #expect(try s.display("#{cursor_x} #{cursor_y}") == "3 11")
    // Typing goes on where it was.
    try s.sendLiteral("pha")
    try await s.waitFor("/alpha on the status row") { $0.status == "/alpha" }
    feed.close()
    try s.sendKeys("Enter")
    try await s.waitFor("the search's match") { $0.status.contains("match 1/1") }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }

  /// A stream may never end (`tail -f log |`): Enter chooses from what has
  /// arrived, while the writer is still writing.
  @Test func enterChoosesWhileTheStreamIsOpen() async throws {
    let s = try TmuxSession("mkfifo feed && sectionnav --jsonl --item-field msg < feed > out")
    defer { s.close() }
    let fifo = try await s.waitForPath("feed")
    let feed = try Feed(path: fifo)
    defer { feed.close() }
    for i in 0..<5 { feed.write(Self.line(i)) }
    try await s.waitForStatus("reading… 5 items")
    try s.sendKeys("Down", "Enter")  // output not a terminal: pick mode, fzf's keys
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == "event 1\n")
  }

  @Test func aBadStreamFailsWhileStillOpen() async throws {
    let s = try TmuxSession("mkfifo feed && sectionnav --jsonl < feed 2> err")
    defer { s.close() }
    let fifo = try await s.waitForPath("feed")
    let feed = try Feed(path: fifo)
    defer { feed.close() }
    feed.write("{\"ok\": 1}\n{\"bad\": nope}\n")
    // The program ends with the located error while the writer still holds the pipe.
    #expect(try await s.waitForExit() == 2)
    #expect(try await s.waitForFile("err") == "<stdin>:2:10: error: invalid JSON: invalid literal (expected 'null')\n")
    try TmuxTest.expectRestored(s)
  }
}

import Foundation
import TestScratch
import Testing

/// Keys that come faster than frames are drawn: thousands in one read (a
/// paste the terminal does not bracket, tmux `send-keys`).
@Suite(.timeLimit(.minutes(2)))
struct TypingBurstTests {
  /// The filter that runs is the one for the line the keys leave: filters
  /// start once the keys read together are handled (each of 8 000 keys
  /// started one that ran to post its result, 493 MB in all; measured on
  /// the release build, as a debug build handles keys too slowly to pile
  /// them up), and Enter then picks from the last line's results.
  @Test func thousandsOfKeysInOneReadPickFromTheLineTheyLeave() throws {
    let items = Scratch.file((1...20_000).map { "item \($0)\n" }.joined())
    defer { Scratch.remove(items) }
    let s = try PtySession(["--lines", "--pick", items], width: 80, height: 12)
    guard s.waitForOutput("20000/20000", after: 0) else {
      Issue.record("no first frame; stderr: \(s.file("stderr"))")
      return
    }
    s.drain()
    // Every key after the first term starts a filter; the spaces between
    // the terms keep each parse cheap.
    s.type("12345$")
    for _ in 0..<2 {
      s.type(String(repeating: " ", count: 3000))
      s.drainUntilInputIsRead()
    }
    s.type("^item")
    s.drainUntilInputIsRead()
    // Enter picks once the last line's filter is done: the query the keys left.
    s.type("\r")
    #expect(try s.waitForExit() == 0)
    #expect(s.file("stdout") == "item 12345\n")
  }
}

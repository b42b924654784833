import Foundation
import TestScratch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Terminal faults (issue 8) on a pseudo-terminal the test owns: output that
/// stops being read, then is read again; a terminal that goes away.
@Suite(.timeLimit(.minutes(3)))
struct TerminalFaultTests {
  /// Big frames: each `G`/`g` repaints most of a 200×60 screen.
  static let arguments = ["--demo", "numbers", "--browse"]  // less's keys, output to a file
  static let width = 200
  static let height = 60

  /// Starts the program and reads its first frame.
  static func start() throws -> PtySession {
    let s = try PtySession(arguments, width: width, height: height)
    guard s.waitForOutput("item 1/200", after: 0) else {
      throw PtySession.Failure(description: "no first frame; stderr: \(s.file("stderr"))")
    }
    s.drain()
    return s
  }

  /// Stops reading and sends `G`/`g` until the program sleeps in a write
  /// the terminal does not take: its input then stays unread. Ends with `G`
  /// (the view at the bottom). No clock: each key is followed by polling
  /// until the program has drawn it or is stuck writing.
  static func blockOutput(_ s: PtySession) throws {
    for key in Array(repeating: ["G", "g"], count: 200).joined() {
      // One key at a time, each drawn before the next: keys read together
      // draw one frame, and `G` then `g` read at once draw nothing new. An
      // empty input queue alone does not say the key was read (a loaded
      // machine delivers it late), so wait for its frame's bytes too.
      let written = s.bytesWritten
      s.type(key)
      guard s.waitUntil({ s.asleepInWrite || (s.bytesWritten > written && s.unreadInput == 0 && s.state == "S") })
      else {
        throw PtySession.Failure(description: "a key drew nothing, and the program is not asleep in a write")
      }
      // The key just typed reaches the program's input queue a moment
      // after the write (the kernel moves it over on its own time, late on a
      // loaded machine): while the program stays stuck writing, wait for it.
      if s.asleepInWrite, s.waitUntil({ s.unreadInput > 0 || !s.asleepInWrite }), s.asleepInWrite, s.unreadInput > 0 {
        s.type("G")
        return
      }
    }
    throw PtySession.Failure(description: "the output never blocked after 400 keys")
  }

  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case quit, enter
    var testDescription: String { rawValue }
  }

  /// While the terminal does not read, the program waits in its write (no
  /// busy loop on EAGAIN, keys wait unread); once it reads again, every key
  /// is acted on, the frames arrive, and the program still answers keys.
  @Test(arguments: Ending.allCases)
  func outputBlockedThenResumed(ending: Ending) throws {
    let s = try Self.start()
    try Self.blockOutput(s)
    // Asleep inside write(2), not spinning on EAGAIN (which never sleeps there).
    #expect(s.asleepInWrite, "the program should be asleep in its write")
    #expect(s.unreadInput > 0)

    // The terminal reads again: everything typed is consumed and drawn.
    #expect(s.drainUntilInputIsRead() > 0)
    #expect(s.unreadInput == 0)
    let mark = s.screenBytes.count
    s.type("k")
    #expect(s.waitForOutput("\u{1B}[?2026l", after: mark), "no frame after k")

    switch ending {
    case .quit:
      s.type("q")
      #expect(try s.waitForExit() == 0)
      #expect(s.file("stdout") == "")
      let restored = s.screenBytes.suffix(8).elementsEqual("\u{1B}[?1049l".utf8)
      #expect(restored, "the output does not end by leaving the alternate screen")
    case .enter:
      // The state survived: G (the last key of the burst) then k chose the
      // item before the last one, as a script says.
      let expected = try Binary.run(
        Self.arguments + ["--size", "\(Self.width)x\(Self.height)", "--script", "-"],
        input: "key G\nkey k\nkey Enter\n")
      s.type("\r")
      #expect(try s.waitForExit() == 0)
      #expect(s.file("stdout") == expected.stdout)
      #expect(!expected.stdout.isEmpty)
    }
    #expect(s.file("stderr") == "")
  }

  enum Moment: String, CaseIterable, CustomTestStringConvertible {
    case idle, outputBlocked, atThePrompt
    var testDescription: String { rawValue }
  }

  /// The terminal goes away (its master side closes): the program ends at
  /// once with 129, as for SIGHUP, prints nothing, and does not spin —
  /// whether it was waiting for keys, blocked in a write, or editing a line.
  @Test(arguments: Moment.allCases)
  func terminalGoingAwayExits129(moment: Moment) throws {
    let s = try Self.start()
    switch moment {
    case .idle:
      break
    case .outputBlocked:
      try Self.blockOutput(s)
    case .atThePrompt:
      let mark = s.screenBytes.count
      s.type(":")
      #expect(s.waitForOutput(":", after: mark))
      s.type("goto")
      s.drain()
    }
    let cpu = s.cpuSeconds
    s.closeMaster()
    #expect(try s.waitForExit() == 129)
    // CPU time, not wall time: a loaded machine may take a while to run the
    // program at all, but a program that spins on the dead terminal burns it.
    #expect(s.cpuSecondsAtExit - cpu < 0.5, "the program spun after its terminal went away")
    #expect(s.file("stderr") == "")
  }
}

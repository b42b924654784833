import Foundation
import Testing

/// An idle screen costs nothing: with nothing moving (no animation, no
/// indicators about to hide, no type-ahead or preview waiting), the program
/// sleeps in poll(2) without a deadline, and still answers the next key.
@Suite(.timeLimit(.minutes(2)))
struct IdleTests {
  @Test func anIdleScreenSleepsWithoutADeadlineAndWakesForAKey() throws {
    let s = try PtySession(["--demo", "numbers", "--browse"], width: 80, height: 24)
    guard s.waitForOutput("item 1/200", after: 0) else {
      Issue.record("no first frame; stderr: \(s.file("stderr"))")
      return
    }
    s.drain()
    guard s.asleepWithoutDeadline != nil else {
      print("IdleTests: skipped, /proc/PID/syscall is read for x86_64's poll only")
      return
    }
    // The indicators shown at the start hide after 1.5 s of ticks; then the ticks stop.
    #expect(s.waitUntil { s.asleepWithoutDeadline == true }, "still waking up on a timer")
    let mark = s.screenBytes.count
    s.type("G")
    #expect(s.waitForOutput("item 200/200", after: mark), "the key after the sleep was not answered")
    s.drain()
    #expect(s.waitUntil { s.asleepWithoutDeadline == true }, "still waking up on a timer after the key")
    s.type("q")
    #expect(try s.waitForExit() == 0)
  }
}

import Foundation
import SectionNavCore
import TerminalIO

/// Runs filter passes on their own thread, so typing never waits for a pass
/// over millions of items: survivors stream to the run loop as `.filtered`
/// events (the first screenful at once, then about every 100 ms), and a new
/// keystroke's run cancels the one before. The core drops results of older
/// runs by their generation number.
final class BackgroundFilter: @unchecked Sendable {
  private let lock = NSLock()
  private var current = 0

  /// Items matched between checks for cancellation and progress.
  static let chunk = 1 << 15

  func start(_ run: FilterRun, rows: Int, inbox: EventInbox) {
    let ticket = locked {
      current += 1
      return current
    }
    let thread = Thread { [self] in
      var run = run
      var lastPost = Date()
      var shownFirstScreen = false
      while true {
        if locked({ current != ticket }) { return }
        if run.advance(budget: Self.chunk) { break }
        let now = Date()
        let firstScreen = !shownFirstScreen && run.result().itemCount >= rows
        if firstScreen || now.timeIntervalSince(lastPost) >= 0.1 {
          shownFirstScreen = true
          lastPost = now
          inbox.post(.filtered(run.result()))
        }
      }
      if locked({ current == ticket }) { inbox.post(.filtered(run.result())) }
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Stops any run (it exits at its next chunk).
  func cancel() { locked { current += 1 } }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}

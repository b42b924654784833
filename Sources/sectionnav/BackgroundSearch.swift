import Foundation
import SectionNavCore
import TerminalIO

/// Runs a search from the `/` prompt on its own thread, so a search over
/// millions of items never freezes the screen and Esc or C-c can stop it.
final class BackgroundSearch: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false
  private var running = false
  private var finished: SearchResult?

  var isRunning: Bool { locked { running } }

  func start(query prepared: PreparedQuery, list: SectionedList, rowMap: RowMap, inbox: EventInbox) {
    locked {
      cancelled = false
      running = true
      finished = nil
    }
    let thread = Thread { [self] in
      let result = AppState.findMatches(prepared, in: list, rowMap: rowMap) { self.locked { self.cancelled } }
      locked {
        finished = result
        running = false
      }
      inbox.post(.tick(milliseconds: 0))
    }
    thread.start()
  }

  func cancel() { locked { cancelled = true } }

  /// The result once the search ended (complete, or partial when cancelled).
  func takeResult() -> SearchResult? {
    locked {
      defer { finished = nil }
      return finished
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}

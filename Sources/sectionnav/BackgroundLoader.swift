import Foundation
import SectionNavCore
import TerminalIO

/// Indexes a large file on its own thread and posts snapshots to the run
/// loop, which owns the state: the first screen appears at once and fills in
/// as indexing goes (`indexing 42%` on the status line); the complete, sorted
/// list replaces the snapshots at the end.
final class BackgroundLoader: @unchecked Sendable {
  private let lock = NSLock()
  private var failureMessage: String?

  /// The one-line error when indexing failed (the UI then exits with status 2).
  var failure: String? {
    lock.lock()
    defer { lock.unlock() }
    return failureMessage
  }

  /// Seconds between snapshots (each copies the item ranges indexed so far).
  static let snapshotInterval = 0.4

  func start(buffer: ByteBuffer, config: Configuration, inbox: EventInbox) {
    let thread = Thread { [self] in
      let total = max(1, buffer.count)
      var lastSnapshot = Date.distantPast
      do {
        let list = try DataLoading.parse(buffer, config) { scanned, snapshot in
          let now = Date()
          guard now.timeIntervalSince(lastSnapshot) >= Self.snapshotInterval else { return }
          lastSnapshot = now
          inbox.post(.data(DataUpdate(list: snapshot(), progress: Double(scanned) / Double(total))))
        }
        inbox.post(.data(DataUpdate(list: list, progress: nil)))
      } catch {
        lock.lock()
        failureMessage = (error as? Exit)?.message ?? "sectionnav: error: \(error)"
        lock.unlock()
        inbox.post(.tick(milliseconds: 0))
      }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

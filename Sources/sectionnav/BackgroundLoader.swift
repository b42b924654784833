import Foundation
import SectionNavCore
import TerminalIO

/// Indexes a large file on its own thread and posts what it finds to the run
/// loop, which owns the state: snapshots as `.data` (the first screen appears
/// at once and fills in, `indexing 42%` on the status line), the complete,
/// sorted list at the end, or `.loadFailed` with the located error.
enum BackgroundLoader {
  /// Seconds between snapshots (each copies the item ranges indexed so far).
  static let snapshotInterval = 0.4

  static func start(buffer: ByteBuffer, config: Configuration, inbox: EventInbox) {
    let thread = Thread {
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
        inbox.post(.loadFailed(error as? Failure ?? Failure("\(error)")))
      }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

import SectionNavCore
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Indexes a large file on its own thread and posts what it finds to the run
/// loop, which owns the state: snapshots as `.data` (the first screen appears
/// at once and fills in, `indexing 42%` on the status line), the complete,
/// sorted list at the end, or `.loadFailed` with the located error.
public enum BackgroundLoader {
  /// Least seconds between snapshots.
  static let snapshotInterval = 0.4
  /// What a snapshot costs: on the loading thread, making it — which grows
  /// only with what is new since the last one (shared item ranges, new
  /// titles merged in) — and on the run loop, taking it in (its row map and
  /// index grow with all sections so far: a third of a second at a million
  /// sections). The next one waits this many times both, measured, so
  /// snapshots take about a tenth of the time however large the file and
  /// whatever shape it has; on most files the interval is the longer wait.
  static let snapshotCostFactor = 10.0

  public static func start(buffer: ByteBuffer, config: Configuration, inbox: EventInbox) {
    // Called on the run loop's thread: its CPU clock tells what taking in a snapshot cost.
    let runLoop = ThreadClock.current()
    DetachedThread.start(stackSize: 8 << 20) {
      let total = max(1, buffer.count)
      var nextSnapshot = -Double.infinity
      var posted = -Double.infinity
      var runLoopAtPost = 0.0
      do {
        let list = try DataLoading.parse(buffer, config) { scanned, snapshot in
          let start = MonotonicClock.seconds()
          // At the end the complete list follows at once: a snapshot then would be shown for nothing.
          guard start >= nextSnapshot, scanned < buffer.count else { return }
          // The run loop's time since the last one: mostly taking that one in.
          let taking = runLoop.map { $0.seconds() - runLoopAtPost } ?? 0
          guard start - posted >= taking * Self.snapshotCostFactor else { return }
          let list = snapshot()
          // Past the limit the load fails at its end; the filter never sees such a list.
          guard list.itemCount <= SectionedList.maximumItemCount else { return }
          let cost = MonotonicClock.seconds() - start
          nextSnapshot = MonotonicClock.seconds() + max(Self.snapshotInterval, cost * Self.snapshotCostFactor)
          runLoopAtPost = runLoop?.seconds() ?? 0
          posted = MonotonicClock.seconds()
          inbox.post(.data(DataUpdate(list: list, progress: Double(scanned) / Double(total))))
        }
        inbox.post(.data(DataUpdate(list: list, progress: nil)))
      } catch {
        inbox.post(.loadFailed(error as? Failure ?? Failure("\(error)")))
      }
    }
  }

  /// Reads a pipe or standard input on its own thread, posting what has
  /// arrived as `.data` with `reading` (status `reading… N items`) — the
  /// first screen comes before the input ends and grows in place — then
  /// the complete list, or `.loadFailed` at the first bad byte. Snapshots
  /// are spaced out (`StreamSnapshots`).
  public static func start(stream fd: Int32, config: Configuration, inbox: EventInbox) {
    DetachedThread.start(stackSize: 8 << 20) {
      var snapshots = StreamSnapshots(config)
      do {
        let list = try DataLoading.parseStream(fd: fd, config) { bytes, items, snapshot in
          guard let list = snapshots.take(bytes: bytes, items: items, snapshot) else { return }
          inbox.post(.data(DataUpdate(list: list, progress: 0, reading: true)))
        }
        inbox.post(.data(DataUpdate(list: list, progress: nil)))
      } catch {
        inbox.post(.loadFailed(error as? Failure ?? Failure("\(error)")))
      }
      if fd != 0 { close(fd) }
    }
  }
}

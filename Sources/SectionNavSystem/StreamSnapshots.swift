import SectionNavCore
import TerminalIO

/// When a stream still arriving (standard input, a `reload`'s output) is
/// shown again: a snapshot copies the items found so far, so snapshots are
/// at least a quarter of `BackgroundLoader.snapshotInterval` apart and take
/// at most a fifth of the time; one with nothing new is skipped. The
/// loaders offer the list again while the input is quiet, so what came
/// too soon after the last snapshot is shown soon after all.
struct StreamSnapshots {
  /// Lines, or input that may be lines: they count no items while they
  /// arrive, so new bytes count instead.
  let lines: Bool
  private var next = MonotonicClock.seconds()
  private var posted = (bytes: -1, items: -1)

  init(_ config: Configuration) { lines = config.lines || config.guessesStdinFormat }

  /// The snapshot to show now, or nil when none is due. `bytes` read and
  /// `items` found so far.
  mutating func take(bytes: Int, items: Int, _ snapshot: () -> SectionedList) -> SectionedList? {
    let now = MonotonicClock.seconds()
    guard now >= next, items != posted.items || lines && bytes != posted.bytes else { return nil }
    let list = snapshot()
    // Past the limit the load fails at its end; the filter never sees such a list.
    guard list.itemCount <= SectionedList.maximumItemCount else { return nil }
    posted = (bytes, items)
    next = now + max(BackgroundLoader.snapshotInterval / 4, (MonotonicClock.seconds() - now) * 5)
    return list
  }
}

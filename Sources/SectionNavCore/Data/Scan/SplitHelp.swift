import Dispatch

/// When the first half's thread of a two-core load of item data
/// (`ItemSplit`), done first, takes over the back of the second half's
/// work: when that is behind by enough to be worth it, or — for tests and
/// the fuzzer, which must see it happen whatever the threads' speeds —
/// always, the second half held back until the part has been taken.
enum SplitHelp {
  case whenBehind, always

  /// The least work left that a part is taken from: `worthIt`, or any.
  func least(_ worthIt: Int) -> Int { self == .always ? 2 : worthIt }

  /// What the second half waits on before its work, when held (`always`).
  /// Whoever lets it go may signal more than once: the wait is one.
  func makeHold() -> DispatchSemaphore? { self == .always ? DispatchSemaphore(value: 0) : nil }
}

/// How far a split's second half may go (`limit`) and how far it has gone
/// or is going (`committed`): it claims its work a step at a time, so the
/// first half's thread can take the back of what it has not begun.
struct SplitReach {
  var limit: Int
  var committed: Int

  /// The end of the next step of at most `step`, or nil at the limit.
  mutating func claim(_ step: Int) -> Int? {
    guard committed < limit else { return nil }
    committed = min(limit, committed + step)
    return committed
  }

  /// Makes `start` the limit, when the second half has not begun past it.
  mutating func take(at start: Int) -> Bool {
    guard committed < start, start < limit else { return false }
    limit = start
    return true
  }
}

import Dispatch

/// When one thread of a two-core load of item data (`ItemSplit`), done
/// with its half first, takes over part of the other's work: the first
/// half's thread the back of the second half's, the second half's thread
/// the front of the first half's — when that is behind by enough to be
/// worth it, or — for tests and the fuzzer, which must see it happen
/// whatever the threads' speeds — always, the helped half held back until
/// the part has been taken (`always`: the second half helped; `front`: the
/// first).
enum SplitHelp {
  case whenBehind, always, front

  /// The least work left that a part is taken from: `worthIt`, or any.
  func least(_ worthIt: Int) -> Int { self == .whenBehind ? worthIt : 2 }

  /// What the second half waits on before its work (`always`), or the
  /// first half (`front`). Whoever lets it go may signal more than once:
  /// the wait is one.
  func makeHold(for helped: SplitHelp) -> DispatchSemaphore? {
    self == helped ? DispatchSemaphore(value: 0) : nil
  }
}

/// How far a split's half may go (`limit`) and how far it has gone or is
/// going (`committed`): it claims its work a step at a time, so the other
/// half's thread can take the back of what it has not begun.
struct SplitReach {
  var limit: Int
  var committed: Int

  /// The end of the next step of at most `step`, or nil at the limit.
  mutating func claim(_ step: Int) -> Int? {
    guard committed < limit else { return nil }
    committed = min(limit, committed + step)
    return committed
  }

  /// Makes `start` the limit, when the half has not begun past it.
  mutating func take(at start: Int) -> Bool {
    guard committed < start, start < limit else { return false }
    limit = start
    return true
  }

  /// The bytes not yet begun.
  var rest: Int { limit - committed }
}

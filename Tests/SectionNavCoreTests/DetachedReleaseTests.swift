import Dispatch
import Synchronization
import Testing

@testable import SectionNavCore

#if canImport(Glibc)
  import Glibc
#endif

/// `DetachedThread.release` frees a value on a thread of its own: a list of
/// a million sections takes milliseconds to free, which the terminal's run
/// loop (a new snapshot replacing the list) or the end of a load must not
/// spend.
@Suite struct DetachedReleaseTests {
  /// The threads values were freed on, one signal per value.
  final class Freed: Sendable {
    let threads = Mutex<[pthread_t]>([])
    let done = DispatchSemaphore(value: 0)
  }

  /// Notes the thread that frees it.
  final class Tracked: Sendable {
    let freed: Freed
    init(_ freed: Freed) { self.freed = freed }
    deinit {
      let me = pthread_self()
      freed.threads.withLock { $0.append(me) }
      freed.done.signal()
    }
  }

  /// Each value, whatever its shape (an object, an array of them, a tuple
  /// holding one), is freed off the caller's thread — every time, not only
  /// when the new thread happens to finish last.
  @Test func aValueLetGoIsNeverFreedByTheCaller() {
    let freed = Freed()
    let rounds = 1000
    for round in 0..<rounds {
      switch round % 3 {
      case 0: DetachedThread.release(Tracked(freed))
      case 1: DetachedThread.release([Tracked(freed)])
      default: DetachedThread.release(([Tracked(freed)], round))
      }
    }
    var arrived = 0
    while arrived < rounds, freed.done.wait(timeout: .now() + 20) == .success { arrived += 1 }
    #expect(arrived == rounds)
    let me = pthread_self()
    let byCaller = freed.threads.withLock { $0.filter { pthread_equal($0, me) != 0 }.count }
    #expect(byCaller == 0, "\(byCaller) of \(rounds) values were freed by the caller")
  }
}

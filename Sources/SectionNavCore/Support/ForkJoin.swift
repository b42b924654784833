import Dispatch

/// Work split in two: the second part on a thread of its own while this
/// thread does the first, joined before returning. For CPU-bound work whose
/// halves share nothing (sort keys of two halves of the titles, two halves
/// of an array to sort); with one core both run here, one after the other.
enum ForkJoin {
  /// `(first(), second())`, the two run at once when there are two cores.
  /// `second`'s result is handed over whole once its thread is done, never
  /// shared, so it need not be `Sendable` (a half-made grouping, say).
  static func both<A, B>(_ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
    guard Cores.available > 1 else { return (first(), second()) }
    let result = Handoff<B>()
    let done = DispatchSemaphore(value: 0)
    DetachedThread.start {
      result.value = second()
      done.signal()
    }
    let a = first()
    done.wait()
    return (a, result.value!)
  }

  /// `both` when `parallel`, else one after the other here: for work that
  /// is worth a thread (about 0.1 ms to start) only when large.
  static func both<A, B>(if parallel: Bool, _ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
    parallel ? both(first, second) : (first(), second())
  }

  /// An array of `count` elements, made by `fill(base, range)` for the
  /// elements `range` at `base` (uninitialized until then): at once, or
  /// from `parallelFrom` elements on a half on each core (gathers in
  /// sorted order, where each element read is a cache miss). `prepare`
  /// sees the memory first (`HugePages.prepare`).
  static func array<T>(
    count: Int, parallelFrom: Int = NaturalOrder.parallelCount,
    prepare: (UnsafeMutablePointer<T>) -> Void = { _ in },
    _ fill: @escaping @Sendable (UnsafeMutablePointer<T>, Range<Int>) -> Void
  ) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, made in
      guard let base = buffer.baseAddress else { return }
      prepare(base)
      if count < max(parallelFrom, 2) || Cores.available < 2 {
        fill(base, 0..<count)
      } else {
        let shared = SendablePointer(base: base)
        _ = both({ fill(base, 0..<count / 2) }, { fill(shared.base, count / 2..<count) })
      }
      made = count
    }
  }

  /// The second thread's result, read only after `done` (the semaphore
  /// orders the write before the read).
  private final class Handoff<B>: @unchecked Sendable {
    var value: B?
  }
}

/// A pointer handed to another thread that works on its own part of the
/// memory (the caller keeps the memory alive and the parts apart).
struct SendablePointer<T>: @unchecked Sendable {
  let base: UnsafeMutablePointer<T>
}

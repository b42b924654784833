#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thread's CPU time, readable from another thread (Linux thread CPU clocks).
struct ThreadClock {
  let id: clockid_t

  /// The calling thread's clock, nil where there is none.
  static func current() -> ThreadClock? {
    var id = clockid_t()
    return pthread_getcpuclockid(pthread_self(), &id) == 0 ? ThreadClock(id: id) : nil
  }

  /// CPU seconds the thread has used.
  func seconds() -> Double {
    var t = timespec()
    guard clock_gettime(id, &t) == 0 else { return 0 }
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
}

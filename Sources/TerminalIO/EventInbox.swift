import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where other threads (a background indexer, a timer) hand events to the run
/// loop, which owns the state: `post` queues the event and wakes the loop
/// through a pipe it polls next to the terminal.
public final class EventInbox: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var queued: [Event] = []  // guarded by mutex
  /// Poll for POLLIN, then `take()`.
  let readEnd: Int32
  private let writeEnd: Int32

  public init() throws {
    (readEnd, writeEnd) = try WakePipe.make("an event pipe")
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    close(readEnd)
    close(writeEnd)
  }

  /// Queues `event` for the run loop; safe from any thread.
  public func post(_ event: Event) {
    pthread_mutex_lock(mutex)
    queued.append(event)
    let first = queued.count == 1
    pthread_mutex_unlock(mutex)
    if first {
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
  }

  /// Everything posted so far, in order.
  func take() -> [Event] {
    var wake = [UInt8](repeating: 0, count: 64)
    while wake.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    let events = queued
    queued.removeAll()
    return events
  }
}

import CMapGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work on a POSIX thread of its own, detached: for work that blocks
/// or must not queue behind Dispatch's pool (reading a pipe, prefaulting,
/// the second half of a split scan, shell commands). Foundation's `Thread`
/// did this before; without it the binary links no Foundation at all, whose
/// CoreFoundation and ICU cost about 5 MB of memory at every start.
public enum DetachedThread {
  /// Starts `body` on a new thread with a stack of `stackSize` bytes
  /// (default: the C library's, from `ulimit -s`).
  public static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, work)
    precondition(status == 0, "sectionnav: cannot start a thread (error \(status))")
  }

  /// Lets `value` go on a thread of its own: an array of a million titles
  /// takes milliseconds to free, title by title, which the caller need not
  /// wait for. The value is moved into a box that the thread empties: a
  /// closure capturing it held a copy, and whichever of the caller and the
  /// thread let go last freed it (a profile of a million sections found
  /// the loading thread freeing their titles, 3 ms, after this returned).
  /// At a lower priority (nice +10): a million titles freed as the full
  /// list arrived took a core from the rows and the index being made for
  /// the screen, 5 ms later on it.
  public static func release<T: Sendable>(_ value: consuming T) {
    let box = Held(consume value)
    start {
      sn_lower_thread_priority(releasePriority)
      box.empty()
    }
  }

  /// How much lower a `release` thread runs than the others: a share of a
  /// busy core small enough not to delay them, large enough that what it
  /// holds is still let go during a load using both.
  static let releasePriority: Int32 = 10

  private final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// A value given to one thread to let go (`release`); only that thread
  /// touches it after it is made.
  private final class Held<T>: @unchecked Sendable {
    private var value: T?
    init(_ value: consuming T) { self.value = consume value }
    func empty() { value = nil }
  }
}

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
  /// wait for.
  public static func release<T: Sendable>(_ value: consuming T) {
    let value = value
    start { withExtendedLifetime(value) {} }
  }

  private final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}

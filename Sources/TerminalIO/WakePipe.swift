#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-blocking, close-on-exec pipe: how the signal handlers and other
/// threads wake the run loop's `poll`.
enum WakePipe {
  /// Returns (read end, write end); `what` names it in the error.
  static func make(_ what: String) throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw TerminalError.setupFailed(what: what, errno: errno)
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
  }
}

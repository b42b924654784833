import Glibc
import SectionNavCore

/// The process limits a run needs, checked before anything starts. Under
/// a tiny `ulimit -n` libdispatch cannot make its eventfd and traps (a
/// silent SIGILL at the first filter); under a tiny `ulimit -s` the main
/// thread overflows its stack (a silent SIGSEGV). A soft limit below the
/// need is raised as far as the hard one allows (the kernel checks the
/// stack's limit as the stack grows); below that, one line and status 2.
public enum ResourceLimits {
  /// Open files: standard streams, the terminal, two pipes, libdispatch's
  /// epoll and eventfd, the data file, a preview's pipes, with room.
  static let files: rlim_t = 16
  /// The main thread's stack: what the scanners' frames take, with room.
  static let stack: rlim_t = 1 << 20
  /// What a stack limit below `stack` is raised to, when allowed (Linux's usual).
  static let usualStack: rlim_t = 8 << 20

  /// The stack, first of all: even reading the options takes more than a
  /// tiny one holds.
  public static func ensureStack() throws(Failure) {
    if let stack = raise(stackSize, to: usualStack, need: stack) {
      throw Failure(
        "the stack size limit is \(stack / 1024) KiB (ulimit -s \(stack / 1024)); sectionnav needs at least "
          + "\(Self.stack / 1024) KiB")
    }
  }

  /// Open files and output, before any thread starts (`--help` and
  /// `--version` need neither).
  public static func ensureFiles() throws(Failure) {
    // Past `ulimit -f`, a write fails (EFBIG: one line and status 2, as a
    // full disk) instead of the signal ending the program without a word.
    // Commands started later get every signal's default back (`ShellCommand`).
    signal(SIGXFSZ, SIG_IGN)
    if let files = raise(openFiles, to: files, need: files) {
      throw Failure(
        "only \(files) files may be open at once (ulimit -n \(files)); sectionnav needs at least \(Self.files)")
    }
  }

  private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  private static let stackSize = __rlimit_resource_t(RLIMIT_STACK.rawValue)

  /// Raises `resource`'s soft limit to `wanted` (at most the hard limit)
  /// when it is below `need`; returns the limit that stays below `need`,
  /// else nil.
  private static func raise(_ resource: __rlimit_resource_t, to wanted: rlim_t, need: rlim_t) -> rlim_t? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < need else { return nil }
    let raised = min(wanted, limit.rlim_max)
    if raised > limit.rlim_cur {
      var new = limit
      new.rlim_cur = raised
      if setrlimit(resource, &new) == 0 { limit.rlim_cur = raised }
    }
    return limit.rlim_cur < need ? limit.rlim_cur : nil
  }
}

import SectionNavCore
import Synchronization
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to standard output and standard error that never go
/// through C's `stdout`/`stderr` globals (Swift 6 rejects them).
public enum Output {
  /// The errno of the first failed write to standard output: the run then
  /// ends with exit 2 and a message (EPIPE quietly), never a silent 0.
  public static var standardOutputFailure: Int32? {
    let code = firstOutputFailure.load(ordering: .acquiring)
    return code == 0 ? nil : code
  }
  /// 0 until a write to standard output fails (errno values are never 0).
  private static let firstOutputFailure = Atomic<Int32>(0)

  /// Records `code` unless an earlier failure is recorded already.
  public static func recordStandardOutputFailure(_ code: Int32) {
    _ = firstOutputFailure.compareExchange(expected: 0, desired: code, ordering: .acquiringAndReleasing)
  }

  /// Writes all of `text`; EINTR is retried and EAGAIN waits for the
  /// descriptor. Returns false (and records a standard-output failure) when
  /// the write fails, e.g. ENOSPC on /dev/full, EBADF when closed, EPIPE.
  @discardableResult
  public static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) -> Bool {
    write(bytes: Array(text.utf8), to: fd)
  }

  /// `write` for bytes (`--filter-print` copies items' bytes straight out).
  @discardableResult
  public static func write(bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) -> Bool {
    if fd == STDOUT_FILENO && standardOutputFailure != nil { return false }
    do {
      try Terminal.writeAll(bytes, to: fd)
      return true
    } catch {
      if fd == STDOUT_FILENO, case .writeFailed(let code)? = error as? TerminalError {
        recordStandardOutputFailure(code)
      }
      return false
    }
  }

  /// A message on standard error, each line sanitised: file names, script
  /// lines and option values in messages can hold ESC, BEL, NUL or bidi
  /// overrides, and none of them may reach the terminal raw.
  public static func error(_ message: String) {
    // A byte of a file name that is not UTF-8 shows as U+FFFD (`SystemPath`).
    let lines = SystemPath.shown(message).split(separator: "\n", omittingEmptySubsequences: false).map(
      TextSanitizer.visibleInMessage)
    write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO)
  }

  /// The message for a failed standard-output write; nil for EPIPE (the reader
  /// went away, as in `sectionnav … | head -1`: quiet, as pipelines expect).
  public static func failureMessage(_ code: Int32) -> String? {
    code == EPIPE ? nil : Failure("cannot write to standard output: \(String(cString: strerror(code)))").description
  }

  /// Whether SIGPIPE was ignored when the program started (a parent's
  /// `trap '' PIPE`): a reader that goes away is then EPIPE in every mode,
  /// exit 2; otherwise the signal's default ends the program, status 141.
  /// Noted before the terminal's handlers replace it (`noteStartingSignals`).
  public static var brokenPipeIgnored: Bool { pipeSignalIgnored.load(ordering: .relaxed) }
  private static let pipeSignalIgnored = Atomic<Bool>(false)

  public static func noteStartingSignals() {
    var old = sigaction()
    sigaction(SIGPIPE, nil, &old)
    // SIG_IGN is the handler 1 (SIG_DFL, 0, is nil here).
    let ignored = old.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
    pipeSignalIgnored.store(ignored, ordering: .relaxed)
  }

  /// Whether standard input was closed when the program started (`<&-`).
  public static var standardInputClosed: Bool { stdinWasClosed.load(ordering: .relaxed) }
  private static let stdinWasClosed = Atomic<Bool>(false)

  /// Fills closed descriptors 0–2 with /dev/null opened read-only, before
  /// anything else is opened: otherwise the next `open` (the data file,
  /// /dev/tty) would land on them and the chosen item could go to the
  /// terminal instead of failing. A write to the stand-in fails with EBADF,
  /// exactly as to a closed descriptor.
  public static func occupyClosedStandardDescriptors() {
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      if fd == STDIN_FILENO { stdinWasClosed.store(true, ordering: .relaxed) }
      let null = open("/dev/null", O_RDONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
    }
  }

  public static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  public static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

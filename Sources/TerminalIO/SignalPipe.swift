import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Write end of the self-pipe, read by the signal handler. The only global:
/// a handler can reach nothing else safely. An atomic, not a lock: a
/// lock-free load is async-signal-safe, a lock taken by the interrupted
/// thread would deadlock the handler.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Set by the handler once a signal that ends the program arrived (SIGTERM,
/// SIGHUP, SIGQUIT and the like, not SIGINT), for a command the program
/// waits on with the terminal handed over (`SignalPipe.endingSignalArrived`).
private let endingSignalArrivedFlag = Atomic<Bool>(false)

/// The handler does the one async-signal-safe thing: it writes the signal
/// number as a byte to the pipe (non-blocking; when the pipe is full the run
/// loop is awake anyway), preserving errno.
private func forwardSignal(_ signal: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
  if signal != SIGINT && signal != SIGWINCH && signal != SIGTSTP && signal != SIGCONT {
    endingSignalArrivedFlag.store(true, ordering: .relaxed)
  }
  errno = savedErrno
}

/// Turns asynchronous signals into bytes the run loop reads next to the
/// terminal (the self-pipe trick), so all the real work — restoring the
/// terminal, exiting, resizing — happens in ordinary code. One instance may
/// be installed at a time; `uninstall` puts the previous handlers back.
public final class SignalPipe {
  /// Window size, interrupt, termination, hang-up, stop and continue, quit,
  /// and the other signals whose default action ends the process.
  public static let handledSignals: [Int32] =
    [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGQUIT] + otherEndingSignals

  /// Signals nobody sends a navigator on purpose but whose default action
  /// would kill it with the terminal still taken (raw mode, alternate screen,
  /// mouse reporting, hidden cursor): they end the run like SIGTERM — the
  /// terminal given back, exit status 128 + the signal number.
  public static let otherEndingSignals: [Int32] = [
    SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGVTALRM, SIGPROF, SIGSYS,
  ]

  /// Poll this for POLLIN, then call `drain()`.
  public let readEnd: Int32
  private let writeEnd: Int32
  private var previous: [Int32: sigaction] = [:]

  public init() throws {
    (readEnd, writeEnd) = try WakePipe.make("a signal pipe")
  }

  deinit {
    uninstall()
    close(readEnd)
    close(writeEnd)
  }

  public var isInstalled: Bool { !previous.isEmpty }

  /// Whether a signal that ends the program has arrived (it stays so: the
  /// run ends once the loop reads it). A command run with the terminal
  /// handed over (`execute`) is stopped then, rather than waited for.
  public static var endingSignalArrived: Bool { endingSignalArrivedFlag.load(ordering: .relaxed) }

  /// Signals after which an interrupted blocking call simply resumes
  /// (SA_RESTART): a resize must not break a prompt's read. Interrupt,
  /// termination, hang-up and quit do interrupt it, so a prompt can give up.
  static let restartingSignals: Set<Int32> = [SIGWINCH, SIGCONT, SIGTSTP]

  /// Routes `handledSignals` into the pipe; `poll` always wakes with EINTR.
  public func install() throws {
    guard !isInstalled else { return }
    let (free, _) = signalPipeWriteEnd.compareExchange(
      expected: -1, desired: writeEnd, ordering: .sequentiallyConsistent)
    precondition(free, "only one SignalPipe can be installed at a time")
    for signal in Self.handledSignals {
      var old = sigaction()
      guard Self.setHandler(signal, forward: true, old: &old) else {
        let code = errno
        uninstall()
        throw TerminalError.setupFailed(what: "signal handlers", errno: code)
      }
      previous[signal] = old
    }
  }

  /// Puts back the handlers that were there before `install`.
  public func uninstall() {
    for (signal, var old) in previous {
      _ = sigaction(signal, &old, nil)
    }
    previous.removeAll()
    _ = signalPipeWriteEnd.compareExchange(expected: writeEnd, desired: -1, ordering: .sequentiallyConsistent)
  }

  /// Signal numbers received since the last call, oldest first.
  public func drain() -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if n > 0 {
        signals.append(contentsOf: buffer[0..<n].map { Int32($0) })
      } else if n < 0, errno == EINTR {
        continue
      } else {
        return Self.withoutUndoneStops(signals)
      }
    }
  }

  /// `signals` without each SIGTSTP that a later SIGCONT among them already
  /// undid: `kill -TSTP; kill -CONT` sent quickly in pairs stopped the
  /// program once a pair, each after the last `fg`.
  static func withoutUndoneStops(_ signals: [Int32]) -> [Int32] {
    guard let lastContinue = signals.lastIndex(of: SIGCONT) else { return signals }
    return signals.enumerated().filter { $0.element != SIGTSTP || $0.offset > lastContinue }.map(\.element)
  }

  /// Stops the process the way a terminal's C-z does (default SIGTSTP
  /// action) and returns once it is continued; the handler comes back.
  /// The whole process group stops, as the terminal stops its foreground
  /// job (vim does the same): stopping this process alone left the shell
  /// waiting on the rest of a pipeline (`tail -f log | sectionnav`).
  public func stopProcess() {
    withDefaultStop {
      var set = sigset_t()
      sigemptyset(&set)
      sigaddset(&set, SIGTSTP)
      sigprocmask(SIG_UNBLOCK, &set, nil)
      kill(0, SIGTSTP)
    }
  }

  /// Runs `body` with SIGTSTP at its default action, so C-z in a cooked-mode
  /// prompt stops the process at once, as in any shell program.
  public func withDefaultStop<T>(_ body: () throws -> T) rethrows -> T {
    var old = sigaction()
    let changed = Self.setHandler(SIGTSTP, forward: false, old: &old)
    defer {
      if changed, isInstalled {
        var ignored = sigaction()
        _ = Self.setHandler(SIGTSTP, forward: true, old: &ignored)
      }
    }
    return try body()
  }

  /// Installs `forwardSignal` (or the default action) for `signal`.
  private static func setHandler(_ signal: Int32, forward: Bool, old: inout sigaction) -> Bool {
    var action = sigaction()
    if forward {
      action.__sigaction_handler.sa_handler = forwardSignal
    } else {
      action.__sigaction_handler.sa_handler = SIG_DFL
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = forward && restartingSignals.contains(signal) ? Int32(SA_RESTART) : 0
    return sigaction(signal, &action, &old) == 0
  }
}

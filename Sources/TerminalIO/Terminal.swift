import CFatalRescue

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal, opened as `/dev/tty` so the UI works while
/// standard input carries data and standard output is captured
/// (`item=$(sectionnav data.json)`). Owns the saved terminal settings and
/// restores them on every way out: `leave()` is idempotent and also runs on
/// deinit.
public final class Terminal {
  public let fileDescriptor: Int32
  public let path: String
  private var saved: termios
  /// Raw mode is set (the saved settings must come back).
  public private(set) var isRaw = false
  /// The alternate screen and reporting modes are on.
  public private(set) var isOnScreen = false
  private var mouse = true
  /// `--height`: the rows drawn in on the main screen, cleared on leaving;
  /// nil: the alternate screen.
  public var region: InlineRegion?
  /// The fatal-signal rescue (CFatalRescue) is armed: a crash gives the
  /// terminal back before the crash report.
  private var rescueArmed = false

  /// Opens `path`; refuses `TERM=dumb` and anything that is not a terminal.
  public init(path: String = "/dev/tty", term: String? = Terminal.environmentTERM) throws {
    if term == "dumb" { throw TerminalError.dumbTerminal }
    let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw TerminalError.noTerminal(path: path) }
    var settings = termios()
    guard isatty(fd) != 0, tcgetattr(fd, &settings) == 0 else {
      close(fd)
      throw TerminalError.noTerminal(path: path)
    }
    fileDescriptor = fd
    self.path = path
    saved = settings
  }

  deinit {
    leave()
    close(fileDescriptor)
  }

  /// `TERM` from the environment.
  public static var environmentTERM: String? {
    getenv("TERM").map { String(cString: $0) }
  }

  /// Raw mode (no echo, no line editing, no signals from keys, no output
  /// processing; reads return as soon as one byte is there), then the
  /// alternate screen, hidden cursor and reporting modes. With `force`, sets
  /// everything again even if it was set (after SIGCONT the shell may have
  /// changed the settings).
  public func enter(mouse: Bool, force: Bool = false) throws {
    self.mouse = mouse
    if !isRaw || force {
      var raw = saved
      raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP | INLCR | IGNCR)
      raw.c_oflag &= ~tcflag_t(OPOST)
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
      raw.c_cflag |= tcflag_t(CS8)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      guard tcsetattr(fileDescriptor, TCSANOW, &raw) == 0 else {
        throw TerminalError.rawModeFailed(errno: errno)
      }
      isRaw = true
    }
    if !rescueArmed {
      rescueArmed =
        (region == nil ? ControlSequences.leave : ControlSequences.leaveKeepingScreen).withUnsafeBufferPointer {
          fatalrescue_install(fileDescriptor, &saved, $0.baseAddress, $0.count)
        } == 0
    }
    if !isOnScreen || force {
      try write(ControlSequences.enter(mouse: mouse, alternateScreen: region == nil))
      isOnScreen = true
    }
  }

  /// Undoes `enter` in reverse order: reporting modes off, cursor shown, main
  /// screen back, saved settings restored. Best effort (the terminal may be
  /// gone) and safe to call any number of times. With `keepScreen`, stays on
  /// the alternate screen (for a prompt drawn over the UI), and the settings
  /// are the saved ones without echo: a line editor learns its keys from
  /// them and sets its own mode, and a key typed before it has (`:goto`
  /// fast after `:`) was echoed by the terminal as well as by the editor.
  public func leave(keepScreen: Bool = false) {
    if isOnScreen {
      try? write(keepScreen ? ControlSequences.leaveKeepingScreen : leaveBytes)
      isOnScreen = false
    }
    if isRaw {
      var mode = saved
      if keepScreen { mode.c_lflag &= ~tcflag_t(ECHO) }
      while tcsetattr(fileDescriptor, TCSADRAIN, &mode) != 0, errno == EINTR {}
      isRaw = false
    }
    if rescueArmed && !keepScreen {
      fatalrescue_uninstall()
      rescueArmed = false
    }
  }

  /// What `leave` writes: the main screen back, or the inline region cleared
  /// with the cursor where the shell had it.
  public var leaveBytes: [UInt8] {
    guard let region else { return ControlSequences.leave }
    return region.clearBytes + ControlSequences.leaveKeepingScreen
  }

  /// Puts back the settings found at start whatever mode is set now (a line
  /// editor's, say), without touching the screen or the raw-mode flag.
  public func restoreOriginalMode() {
    while tcsetattr(fileDescriptor, TCSADRAIN, &saved) != 0, errno == EINTR {}
  }

  /// The window size in cells, or nil when the terminal does not know it.
  public func size() -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes all of `bytes`, retrying after interruptions and short writes;
  /// throws when the terminal is gone.
  public func write(_ bytes: [UInt8]) throws {
    try Self.writeAll(bytes, to: fileDescriptor)
  }

  /// Reads what is available (at most `buffer.count` bytes). Returns 0 at end
  /// of input (the terminal hung up), nil when interrupted before any byte.
  public func read(into buffer: inout [UInt8]) throws -> Int? {
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
    if n >= 0 { return n }
    let code = errno
    if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { return nil }
    if code == EIO { return 0 }
    throw TerminalError.readFailed(errno: code)
  }

  /// The one write loop, for the terminal and for standard output and error
  /// (`Output`): EINTR retried, EAGAIN waits until the descriptor is
  /// writable, anything else throws `writeFailed` with its errno.
  public static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { all in
        Glibc.write(fd, all.baseAddress! + offset, all.count - offset)
      }
      if n > 0 {
        offset += n
        continue
      }
      let code = n < 0 ? errno : EIO
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK {
        var wait = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&wait, 1, 1000)
        continue
      }
      throw TerminalError.writeFailed(errno: code)
    }
  }
}

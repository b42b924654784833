#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair for driving the run loop like a real terminal:
/// the app opens `path` (the slave), the test types into and reads the
/// screen bytes from `master`. A second slave descriptor stays open so the
/// test can inspect the terminal settings.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32
  let path: String

  init(width: Int, height: Int) throws {
    // posix_openpt, unlockpt and ptsname are not visible through Glibc, so
    // do what they do on Linux: open the multiplexer, unlock, ask the number.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0
    else {
      throw PseudoTerminalError.unavailable
    }
    path = "/dev/pts/\(number)"
    slave = open(path, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw PseudoTerminalError.unavailable }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    resize(width: width, height: height)
  }

  deinit {
    close(slave)
    close(master)
  }

  func resize(width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types `text` as the terminal would send it.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Everything the app wrote so far.
  func output() -> String {
    var all: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      all += buffer[0..<n]
    }
    return String(decoding: all, as: UTF8.self)
  }

  /// The terminal settings as the app left them.
  func settings() -> termios {
    var t = termios()
    tcgetattr(slave, &t)
    return t
  }
}

enum PseudoTerminalError: Error { case unavailable }

/// The parts of the settings raw mode changes.
func modeFlags(_ t: termios) -> [UInt32] { [t.c_iflag, t.c_oflag, t.c_lflag] }

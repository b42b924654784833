import Foundation

/// Unbuffered writes to standard output and standard error that never go
/// through C's `stdout`/`stderr` globals (Swift 6 rejects them).
enum Output {
  static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += n
    }
    bytes.removeAll()
  }

  /// One line on standard error.
  static func error(_ line: String) {
    write(line + "\n", to: STDERR_FILENO)
  }

  static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

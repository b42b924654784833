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

  /// Raw bytes to standard output (or `fd`), retrying short writes.
  static func write(bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) {
    var offset = 0
    bytes.withUnsafeBytes { raw in
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        offset += n
      }
    }
  }

  /// One line on standard error.
  static func error(_ line: String) {
    write(line + "\n", to: STDERR_FILENO)
  }

  static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

/// Stops the run with an exit status and a message for standard error.
struct Exit: Error {
  var status: Int32
  var message: String?
}

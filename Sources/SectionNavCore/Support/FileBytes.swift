#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a small file whole (options, history, scripts, labels), never
/// without bound: a link to /dev/zero or a pipe without end stops at the cap.
public enum FileBytes {
  /// The bytes of `fd` up to its end, but no more than `limit + 1` (more
  /// than `limit` means the file is too large); nil on a read error, with
  /// `errno` set.
  public static func read(_ fd: Int32, limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, wanted) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
  }

  /// What opening a file that must be regular gave.
  public enum Opened: Equatable, Sendable {
    case file(Int32)
    /// `open` failed with this `errno` (`ENOENT`, `ELOOP` for a symlink loop, …).
    case failed(Int32)
    /// It is something else: "a directory", "a FIFO", "a device", "a socket".
    case notRegular(String)
  }

  /// Opens `path` for reading only when it is a regular file. The open
  /// itself never blocks (`O_NONBLOCK`: a FIFO with no writer would block
  /// `open` forever — a config or history file must never hang startup or
  /// the prompt); the descriptor returned is blocking again.
  public static func openRegular(_ path: String) -> Opened {
    let fd = SystemPath.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    if fd < 0 { return .failed(errno) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      return .failed(code)
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else {
      close(fd)
      switch kind {
      case S_IFDIR: return .notRegular("a directory")
      case S_IFIFO: return .notRegular("a FIFO")
      case S_IFSOCK: return .notRegular("a socket")
      default: return .notRegular("a device")
      }
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return .file(fd)
  }

  private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }
}

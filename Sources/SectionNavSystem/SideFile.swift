import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files beside the data — a script, index labels — read whole but never
/// without bound: `--script /dev/zero` or a labels file that is a pipe
/// without end stop with a clear error at the cap instead of eating memory.
public enum SideFile {
  /// `--script FILE` holds at most this many bytes (16 MiB).
  public static let scriptLimit = 16 << 20
  /// `--index-labels FILE` holds at most this many bytes (1 MiB).
  static let labelsLimit = 1 << 20

  /// The bytes of `path` (`-`: standard input); `option` names the file in
  /// the error when it is larger than `limit`.
  /// `regular`: only a regular file will do (`--index-labels`: a FIFO
  /// without a writer would hang startup in `open`), and `-` is a file of
  /// that name.
  public static func read(_ path: String, limit: Int, option: String, regular: Bool = false) throws(Failure) -> [UInt8]
  {
    let name = displayName(path, regular: regular)
    func failure(_ reason: String) -> Failure { Failure("\(name): \(reason)") }
    if path == "-" && !regular && Output.standardInputClosed {
      throw Failure("standard input is closed: nothing to read from '-'")
    }
    let fd: Int32
    if regular {
      switch FileBytes.openRegular(path) {
      case .file(let opened): fd = opened
      case .failed(let code): throw failure(String(cString: strerror(code)))
      case .notRegular(let kind): throw failure("\(option) file is \(kind), not a regular file")
      }
    } else {
      fd = path == "-" ? STDIN_FILENO : SystemPath.open(path, O_RDONLY | O_CLOEXEC)
    }
    if fd < 0 { throw failure(String(cString: strerror(errno))) }
    defer { if fd != STDIN_FILENO { close(fd) } }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw failure("Is a directory") }
    let tooLarge = failure("\(option) file larger than \(limit >> 20) MiB")
    if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit { throw tooLarge }
    guard let bytes = FileBytes.read(fd, limit: limit) else { throw failure(String(cString: strerror(errno))) }
    if bytes.count > limit { throw tooLarge }
    return bytes
  }

  /// How messages name `path`: `-` is standard input unless only a regular
  /// file will do (then it is a file called `-`).
  static func displayName(_ path: String, regular: Bool) -> String {
    regular ? SystemPath.shown(path) : DataSource.displayName(path)
  }
}

import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Persistence: where a history lives and how it is read and (atomically) written.
extension History {
  /// Where the history called `name` lives: `$XDG_STATE_HOME/sectionnav/<name>_history`,
  /// else `~/.local/state/sectionnav/<name>_history`; nil without either variable.
  /// A relative `XDG_STATE_HOME` is ignored, as the XDG spec asks.
  public static func path(name: String, environment: [String: String]) -> String? {
    let file = "sectionnav/\(name)_history"
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state.hasSuffix("/") ? state + file : state + "/" + file
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return (home.hasSuffix("/") ? home : home + "/") + ".local/state/" + file
    }
    return nil
  }

  /// Reads a history file, one entry per line. A missing file (or a missing
  /// directory on its path) is an empty history; saving reports the directory.
  /// Of a file over `maximumFileSize` (written by hand, or by an older
  /// version) only the newest entries are read: its last `maximumFileSize`
  /// bytes, from the first line that starts there. A device (a link to
  /// /dev/zero) or a FIFO is refused, never read.
  public static func load(from path: String) throws(HistoryFileError) -> History {
    let fd: Int32
    switch FileBytes.openRegular(path) {
    case .file(let opened): fd = opened
    case .failed(let code) where code == ENOENT || code == ENOTDIR: return History()
    case .failed(let code): throw HistoryFileError(.read, path: path, code: code)
    case .notRegular(let kind): throw HistoryFileError(.read, path: path, code: 0, notRegular: kind)
    }
    defer { close(fd) }
    guard var bytes = FileBytes.read(fd, limit: maximumFileSize) else {
      throw HistoryFileError(.read, path: path, code: errno)
    }
    if bytes.count > maximumFileSize {
      let end = lseek(fd, 0, SEEK_END)
      guard end >= 0, lseek(fd, end - off_t(maximumFileSize), SEEK_SET) >= 0,
        let tail = FileBytes.read(fd, limit: maximumFileSize)
      else { throw HistoryFileError(.read, path: path, code: errno) }
      // The first line there is cut; a file still growing gives no more than the cap.
      let start = tail.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? tail.count
      bytes = Array(tail[start..<min(tail.count, maximumFileSize)])
    }
    let lines = bytes.split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
    return History(entries: lines)
  }

  /// Writes the history to `path` atomically: a temporary file in the same
  /// directory, renamed over the old one, so a reader never sees half a file.
  /// Missing directories are created (mode 0700, the file is 0600).
  public func save(to path: String) throws(HistoryFileError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    try Self.makeDirectories(directory.isEmpty ? "/" : directory)

    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if fd < 0 { throw HistoryFileError(.write, path: path, code: errno) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var failure: Int32 = 0
    var text = Array(entries.joined(separator: "\n").utf8)
    if !text.isEmpty { text.append(UInt8(ascii: "\n")) }
    var written = 0
    while written < text.count && failure == 0 {
      let count = text[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if count >= 0 {
        written += count
      } else if errno != EINTR {
        failure = errno
      }
    }
    if failure == 0 && fsync(fd) != 0 { failure = errno }
    if close(fd) != 0 && failure == 0 { failure = errno }
    if failure == 0 && rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw HistoryFileError(.write, path: path, code: failure)
    }
  }

  /// `mkdir -p`, reporting the directory that could not be made.
  static func makeDirectories(_ path: String) throws(HistoryFileError) {
    if mkdir(path, 0o700) == 0 { return }
    var code = errno
    if code == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      try makeDirectories(String(path[..<slash]))
      if mkdir(path, 0o700) == 0 { return }
      code = errno
    }
    if code == EEXIST {
      var status = stat()
      if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return }
      code = ENOTDIR
    }
    throw HistoryFileError(.createDirectory, path: path, code: code)
  }
}

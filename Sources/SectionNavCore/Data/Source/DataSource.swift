import CMapGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file or standard input could not be read; `description` is a
/// one-line message ready for standard error (`sectionnav: FILE: …`).
public struct DataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as given (`-` for standard input).
  public var path: String
  /// What went wrong, e.g. `No such file or directory`, `Is a directory`.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(DataSource.displayName(path)): \(reason)" }
}

/// Getting bytes to load: regular files are memory-mapped (pages come in
/// as the indexer reaches them, and the page cache is shared rather than
/// copied); pipes and terminals are read into a growing malloc'd block.
public enum DataSource {
  /// How messages name a path: standard input (`-`) as `<stdin>`, as jq
  /// and Python's tracebacks do.
  public static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : SystemPath.shown(path) }

  /// Largest input the packed item ranges can address (1 TiB).
  public static let maximumSize = 1 << 40

  /// Reads the file at `path`; `-` means standard input.
  public static func read(path: String) throws(DataSourceError) -> ByteBuffer {
    if path == "-" { return try readStandardInput() }
    let fd = SystemPath.open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { throw DataSourceError(path: path, reason: errnoText()) }
    defer { close(fd) }
    return try read(fd: fd, name: path)
  }

  /// Reads all of standard input (mapped when it is redirected from a file).
  /// Whether a mapped file shrank while it was being read: the lost pages
  /// read as zero bytes instead of killing the process, and the caller should
  /// say that the data is incomplete.
  public static var mappedFileChanged: Bool { mapguard_repaired() > 0 }

  /// Whether the file mapped from `path` (`-`: standard input) is now shorter
  /// than the `mappedCount` bytes that were mapped. A cut inside the last
  /// page raises no SIGBUS (the rest of the page reads as zeros), so
  /// `mappedFileChanged` alone cannot see it; check both.
  /// With `identity` (the mapped file's, from `identity(path:)` when it was
  /// mapped), another file now at `path` — an editor saving by renaming a new
  /// file over the old — is not a shrink: the mapping still holds the old one.
  public static func isShorter(path: String, than mappedCount: Int, identity: FileIdentity? = nil) -> Bool {
    var info = stat()
    let rc = path == "-" ? fstat(STDIN_FILENO, &info) : SystemPath.status(path, &info)
    if let identity, path != "-", FileIdentity(info) != identity { return false }
    return rc == 0 && (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) < mappedCount
  }

  /// Which file `path` names now (nil when it cannot be looked at).
  public static func identity(path: String) -> FileIdentity? {
    var info = stat()
    return SystemPath.status(path, &info) == 0 ? FileIdentity(info) : nil
  }

  /// A file's device and inode: the same path may name another file later.
  public struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  public static func readStandardInput() throws(DataSourceError) -> ByteBuffer {
    try read(fd: 0, name: "-")
  }

  /// Reads everything from an open descriptor; `name` is used in errors.
  public static func read(fd: Int32, name: String) throws(DataSourceError) -> ByteBuffer {
    var info = stat()
    if fstat(fd, &info) != 0 { throw DataSourceError(path: name, reason: errnoText()) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw DataSourceError(path: name, reason: "Is a directory") }
    if type == S_IFREG {
      let size = Int(info.st_size)
      if size > maximumSize { throw DataSourceError(path: name, reason: "File too large (over 1 TiB)") }
      // Mapping only works from the start of the file; a redirected stdin
      // may have been read from already, so only map at offset 0.
      if size > 0, lseek(fd, 0, SEEK_CUR) <= 0 {
        let raw = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        if let raw, raw != MAP_FAILED {
          _ = madvise(raw, size, MADV_SEQUENTIAL)
          // A file that shrinks under the mapping must not kill us with SIGBUS.
          if mapguard_install() == 0 { _ = mapguard_add(raw, size) }
          return ByteBuffer(
            base: UnsafePointer(raw.assumingMemoryBound(to: UInt8.self)), count: size, ownership: .mapped)
        }
      }
      return try readStream(fd: fd, name: name, sizeHint: size)
    }
    return try readStream(fd: fd, name: name, sizeHint: 0)
  }

  /// `read(2)` until end of file into a block grown with `realloc`.
  static func readStream(fd: Int32, name: String, sizeHint: Int) throws(DataSourceError) -> ByteBuffer {
    var capacity = max(sizeHint + 1, 64 * 1024)
    guard var block = malloc(capacity) else { throw DataSourceError(path: name, reason: "Out of memory") }
    var count = 0
    while true {
      if count == capacity {
        capacity *= 2
        guard let grown = realloc(block, capacity) else {
          free(block)
          throw DataSourceError(path: name, reason: "Out of memory")
        }
        block = grown
      }
      let n = systemRead(fd, block + count, capacity - count)
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        let reason = errnoText()
        free(block)
        throw DataSourceError(path: name, reason: reason)
      }
      count += n
      if count > maximumSize {
        free(block)
        throw DataSourceError(path: name, reason: "File too large (over 1 TiB)")
      }
    }
    if count < capacity / 2, let shrunk = realloc(block, max(count, 1)) { block = shrunk }
    return ByteBuffer(
      base: UnsafePointer(block.assumingMemoryBound(to: UInt8.self)), count: count, ownership: .allocated)
  }

  static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Input from a pipe, a terminal or a device, kept in one block of address
/// space reserved up front and filled in place: it never moves, so items
/// found so far stay valid while more arrives (and the list can be shown
/// early), and it is never copied to grow, so a 600 MB stream costs 600 MB.
/// The reservation is the cap: a stream larger than this machine's memory
/// is refused with a clear error instead of being read until the kernel
/// kills the process.
public final class StreamBuffer: @unchecked Sendable {
  /// First byte of the reservation.
  let base: UnsafeMutablePointer<UInt8>
  /// Bytes reserved (the cap).
  public let capacity: Int
  /// Bytes made writable so far.
  var committed = 0
  /// Bytes read so far. Only the reading thread writes it.
  public private(set) var count = 0
  /// Grow the writable part this much at a time.
  static let step = 64 << 20

  /// The largest stream accepted: a quarter of the machine's memory, at
  /// most `DataSource.maximumSize`. The data and what is made of it must
  /// both fit, beside everything else running, and what is made can take
  /// more than the data (`yes a,b | sectionnav --csv`: 1.1× for the item
  /// ranges; many small sections: 1.3×): with half, such an endless input
  /// was killed by the kernel before it reached the cap. An endless input
  /// stops there with an error instead.
  public static var defaultCapacity: Int {
    min(defaultCapacityIgnoringLimits, addressSpaceShare ?? .max)
  }

  /// `defaultCapacity` without `ulimit -v`: a smaller reservation was cut by the limit.
  static var defaultCapacityIgnoringLimits: Int {
    let pages = Int(sysconf(Int32(_SC_PHYS_PAGES)))
    let size = Int(sysconf(Int32(_SC_PAGESIZE)))
    return min(DataSource.maximumSize, (pages > 0 && size > 0 ? pages * size : 1 << 35) / 4)
  }

  /// A quarter of the address space `ulimit -v` (RLIMIT_AS) allows, or nil
  /// without a limit: the reservation counts against it whole, and the item
  /// ranges, the runtime and the threads need the rest.
  static var addressSpaceShare: Int? {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
    return Int(clamping: limit.rlim_cur / 4)
  }

  /// The smallest reservation tried when a larger one is refused.
  static let minimumCapacity = 16 << 20

  /// `capacity` is tried first; when the address space will not take it
  /// (a low `ulimit -v`), half of it, and so on down to 16 MiB.
  public init(capacity: Int = StreamBuffer.defaultCapacity) throws(DataSourceError) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    var rounded = max(page, (capacity + page - 1) / page * page)
    while true {
      let raw = mmap(nil, rounded, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
      if let raw, raw != MAP_FAILED {
        base = raw.assumingMemoryBound(to: UInt8.self)
        self.capacity = rounded
        return
      }
      guard rounded > Self.minimumCapacity else {
        throw DataSourceError(path: "-", reason: "cannot reserve memory for the input")
      }
      rounded = max(Self.minimumCapacity, rounded / 2 / page * page)
    }
  }

  deinit {
    finishReading()
    munmap(base, capacity)
  }

  /// The bytes read so far as a buffer that keeps this storage alive.
  public func buffer() -> ByteBuffer {
    buffer(count: count)
  }

  /// The first `count` bytes read (at most `self.count`).
  public func buffer(count: Int) -> ByteBuffer {
    ByteBuffer(base: UnsafePointer(base), count: min(count, self.count), ownership: .borrowed(self))
  }

  /// Where the last complete line of what has been read ends (after its `end`).
  public func completeLines(_ end: LineEnd) -> Int {
    var i = count
    while i > 0, base[i - 1] != end.byte { i -= 1 }
    return i
  }

  /// A buffer over the whole reservation, for scans that run while the
  /// stream fills (they only look below what has been read).
  public func growingBuffer() -> ByteBuffer {
    ByteBuffer(base: UnsafePointer(base), count: capacity, ownership: .borrowed(self))
  }

  /// Asks for a 1 MiB pipe buffer when `fd` is a pipe (Linux; the default
  /// is 64 KiB): the writer then runs ahead by 1 MiB instead of waking the
  /// reader every 64 KiB. Left as it is when the system refuses (a user over
  /// `/proc/sys/fs/pipe-user-pages-soft`, a lower `pipe-max-size`).
  /// Returns the pipe's buffer size, nil when `fd` is not a pipe (or not Linux).
  @discardableResult
  public static func widenPipe(_ fd: Int32) -> Int? {
    #if os(Linux)
      var info = stat()
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return nil }
      let before = Int(fcntl(fd, 1032 /* F_GETPIPE_SZ */))
      guard before > 0 else { return nil }
      // Never narrower than the writer made it.
      if before < pipeSize { _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, Int32(pipeSize)) }
      return max(before, Int(fcntl(fd, 1032 /* F_GETPIPE_SZ */)))
    #else
      return nil
    #endif
  }

  /// Whether a `read` of `fd` would wait now, or still after `milliseconds`:
  /// nothing has arrived and the writer has not closed its end. (A device
  /// such as `/dev/zero` never waits.)
  public static func wouldWait(_ fd: Int32, milliseconds: Int32 = 0) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) == 0
  }

  /// The pipe buffer `widenPipe` asks for; also the most one `read` takes.
  public static let pipeSize = 1 << 20

  /// One `read(2)` of up to `limit` bytes into the free space; 0 at the end
  /// of the input. `name` is used in errors.
  public func read(from fd: Int32, name: String, limit: Int = StreamBuffer.pipeSize) throws(DataSourceError) -> Int {
    if count == capacity {
      throw DataSourceError(
        path: name,
        reason:
          "input larger than \(capacity >> 20) MiB, "
          + (capacity < Self.defaultCapacityIgnoringLimits
            ? "what the address space allows (ulimit -v)" : "a quarter of the memory of this machine")
          + " (save it to a file and open that)")
    }
    // Writable a little ahead, so that the prefaulting thread can work there.
    if committed < capacity && committed - count < limit + Prefaulter.ahead {
      let grow = min(Self.step, capacity - committed)
      if mprotect(base + committed, grow, PROT_READ | PROT_WRITE) != 0 {
        if count == committed { throw DataSourceError(path: name, reason: "Out of memory") }
      } else {
        // Filled 2 MiB per page fault instead of 4 KiB: the faults, not the
        // copying, were most of the time a pipe took to read.
        RangeRegion.adviseHugePages(base + committed, bytes: grow)
        committed += grow
      }
    }
    if prefaulter == nil && count >= Self.prefaultFrom { populate(through: min(committed, count + limit)) }
    while true {
      let n = DataSource.systemRead(fd, base + count, min(limit, committed - count))
      if n < 0 {
        if errno == EINTR { continue }
        throw DataSourceError(path: name, reason: DataSource.errnoText())
      }
      count += n
      if prefaults && prefaulter == nil && count >= Self.prefaultFrom { prefaulter = Prefaulter(base: base) }
      prefaulter?.advance(count: count, committed: committed)
      return n
    }
  }

  /// How far this thread has made pages itself (`populate`).
  var populated = 0

  /// Makes the pages up to `end` before a `read` writes there, when no
  /// `Prefaulter` does: timed, so that slow huge pages are turned off
  /// (`HugePages`), and outside the pipe's lock, which a fault inside
  /// `read(2)` holds while the writer spins on it.
  func populate(through end: Int) {
    let page = RangeRegion.page
    let from = max(populated, count / page * page)
    let to = min(committed, (end + page - 1) / page * page)
    guard to > from, HugePages.populate(base + from, base + to, regionEnd: base + committed) else { return }
    populated = to
  }

  /// Input from this size on gets pages made ahead of it (`Prefaulter`); a
  /// small one is not worth a thread, nor 4 MiB of pages it may not fill.
  static let prefaultFrom = 1 << 20
  var prefaulter: Prefaulter?
  /// Whether to make pages ahead; not when the second core is busy anyway
  /// (a follower scans there as the input arrives, `StreamLoad`).
  public var prefaults = true

  /// Ends the prefaulting once the input is complete (or given up), and
  /// gives back the pages made past its end.
  public func finishReading() {
    var made = populated
    if let prefaulter {
      made = max(made, prefaulter.stop())
      self.prefaulter = nil
    }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let unused = (count + page - 1) / page * page
    if made > unused { _ = madvise(base + unused, made - unused, MADV_DONTNEED) }
  }
}

extension DataSource {
  /// An opened input: bytes ready to index (a mapped or read file), or a
  /// stream to read as it comes.
  public enum Opened {
    case buffer(ByteBuffer)
    /// A pipe, terminal or device; the caller closes `fd` unless it is 0.
    case stream(fd: Int32)
  }

  /// Opens `path` (`-`: standard input): regular files as for `read(path:)`,
  /// anything else as a stream.
  public static func openInput(path: String) throws(DataSourceError) -> Opened {
    let fd = path == "-" ? 0 : SystemPath.open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { throw DataSourceError(path: path, reason: errnoText()) }
    var info = stat()
    if fstat(fd, &info) != 0 {
      let reason = errnoText()
      if fd != 0 { close(fd) }
      throw DataSourceError(path: path, reason: reason)
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFREG || type == S_IFDIR {
      defer { if fd != 0 { close(fd) } }
      return .buffer(try read(fd: fd, name: path))
    }
    return .stream(fd: fd)
  }
}

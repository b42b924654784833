import CMapGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Immutable bytes that loaded data points into. Items stay byte ranges into
/// this buffer, so it owns the memory — a read-only mapping of a file, or a
/// malloc'd block filled from a pipe — and releases it when the last list
/// built over it goes away. Never written after creation, hence `Sendable`.
public final class ByteBuffer: @unchecked Sendable {
  /// How the memory was obtained, so `deinit` can give it back.
  enum Ownership {
    case mapped
    case allocated
    /// Memory owned by another object (a `StreamBuffer` still filling up).
    case borrowed(AnyObject)
  }

  /// First byte (meaningful only when `count > 0`). Internal: outside the
  /// core the bytes are reached through `withBytes`, which keeps the buffer
  /// alive for as long as the pointer is used.
  let base: UnsafePointer<UInt8>
  /// Number of bytes.
  public let count: Int
  let ownership: Ownership

  init(base: UnsafePointer<UInt8>, count: Int, ownership: Ownership) {
    self.base = base
    self.count = count
    self.ownership = ownership
  }

  /// A buffer holding a copy of `bytes`.
  public convenience init(_ bytes: some Collection<UInt8>) {
    let n = bytes.count
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(n, 1))
    _ = UnsafeMutableBufferPointer(start: p, count: n).initialize(from: bytes)
    self.init(base: UnsafePointer(p), count: n, ownership: .allocated)
  }

  /// A buffer holding the UTF-8 of `text`.
  public convenience init(string text: String) {
    self.init(Array(text.utf8))
  }

  /// Lets the kernel drop the mapped pages of `[from, to)` from this
  /// process's memory: after the indexer has passed them only visible rows
  /// touch them again, and they come back from the page cache when they do.
  /// Keeps a large load's resident memory near the item ranges, not the file.
  func releasePages(from: Int, to: Int) {
    guard case .mapped = ownership, count > 0 else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let start = (Int(bitPattern: base) + from + page - 1) / page * page
    let stop = (Int(bitPattern: base) + min(to, count)) / page * page
    guard stop > start else { return }
    _ = madvise(UnsafeMutableRawPointer(bitPattern: start), stop - start, MADV_DONTNEED)
  }

  deinit {
    switch ownership {
    case .mapped:
      if count > 0 {
        mapguard_remove(base)
        munmap(UnsafeMutableRawPointer(mutating: base), count)
      }
    case .allocated:
      free(UnsafeMutableRawPointer(mutating: base))
    case .borrowed:
      break
    }
  }

  /// The bytes as a buffer pointer, valid while `self` is alive (the core's
  /// loaders, which keep the buffer in the lists they build).
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Calls `body` with the bytes; the pointer is valid only inside `body`.
  public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(bytes) }
  }

  /// Whether the bytes are a file's mapping (which can shrink under us).
  public var isMapped: Bool { if case .mapped = ownership { true } else { false } }

  /// The bytes in `offset..<offset+length` as an array (tests, small slices).
  public func slice(_ offset: Int, _ length: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: base + offset, count: length))
  }
}

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

  private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file the benchmark writes its data to: bytes collect in `out` and go
/// to disk a MiB at a time, so a 600 MB file is never held whole in memory.
final class ChunkedFile {
  private let file: UnsafeMutablePointer<FILE>
  /// Bytes not yet written; append to it, then call `flushIfFull`.
  var out: [UInt8] = []
  /// Bytes written so far.
  private(set) var written = 0

  init(path: String) {
    guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    self.file = file
    out.reserveCapacity(1 << 21)
  }

  func put(_ s: String) { out += Array(s.utf8) }

  /// Writes `out` once it holds a MiB.
  func flushIfFull() { if out.count >= 1 << 20 { flush() } }

  func flush() {
    written += out.count
    _ = out.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    out.removeAll(keepingCapacity: true)
  }

  /// Writes what is left and closes the file; returns its size.
  func close() -> Int {
    flush()
    fclose(file)
    return written
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place tests put temporary files: a directory per test process
/// (`$TMPDIR/sectionnav-tests-XXXXXX`), so a run can check that it cleaned up
/// after itself without looking at anyone else's files in /tmp.
///
/// Each test removes what it made; at exit the root must be empty. If it is
/// not, the leftovers are listed on stderr, removed, and the process exits 1
/// — litter fails the run instead of piling up in /tmp.
///
/// Files are written non-atomically on purpose: Foundation's atomic write on
/// Linux leaves a `TemporaryDirectory.*` directory behind in /tmp.
public enum Scratch {
  /// This process's root; created on first use, checked and removed at exit.
  public static let root: String = {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/sectionnav-tests-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      fatalError("cannot create a temporary directory under \(base): errno \(errno)")
    }
    atexit { Scratch.finish() }
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }()

  /// A new empty directory under the root; the caller removes it (`remove`).
  public static func directory(_ label: String = "dir") -> String {
    var template = Array("\(root)/\(label)-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      fatalError("mkdtemp under \(root) failed: errno \(errno)")
    }
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// A new file under the root holding `bytes`; the caller removes it (`remove`).
  public static func file(_ bytes: [UInt8], suffix: String = "") -> String {
    var template = Array("\(root)/file-XXXXXX\(suffix)".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
    guard fd >= 0 else { fatalError("mkstemps under \(root) failed: errno \(errno)") }
    defer { close(fd) }
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { fatalError("write under \(root) failed: errno \(errno)") }
      written += n
    }
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// A new file under the root holding `text` as UTF-8.
  public static func file(_ text: String, suffix: String = "") -> String { file(Array(text.utf8), suffix: suffix) }

  /// Removes a file or a whole directory made here.
  public static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

  /// What is left under the root (names, sorted).
  public static var leftovers: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
  }

  /// At exit: the root must be empty.
  static func finish() {
    let left = leftovers
    try? FileManager.default.removeItem(atPath: root)
    guard !left.isEmpty else { return }
    let message =
      "error: tests left \(left.count) temporary file(s) behind in \(root): \(left.joined(separator: ", "))\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    _exit(1)
  }
}

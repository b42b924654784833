#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a history file could not be read or written; its description is the
/// one-line warning the prompt reports.
public struct HistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Operation: Sendable { case read, createDirectory, write }
  public var operation: Operation
  public var path: String
  /// The `errno` value.
  public var code: Int32

  /// What the path is when it is not a regular file ("a FIFO", "a device"…).
  public var notRegular: String?

  public init(_ operation: Operation, path: String, code: Int32, notRegular: String? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.notRegular = notRegular
  }

  public var description: String {
    let reason = notRegular.map { "it is \($0), not a regular file" } ?? String(cString: strerror(code))
    switch operation {
    case .read: return "cannot read history file \(path): \(reason)"
    case .createDirectory: return "cannot create history directory \(path): \(reason)"
    case .write: return "cannot write history file \(path): \(reason)"
    }
  }
}

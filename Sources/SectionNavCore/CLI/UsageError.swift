/// A wrong command line, `SECTIONNAV_OPTS`, `--colors` spec or `--print`
/// format. `message` is one line naming the bad token; the caller prints
/// `description` on standard error and exits with `exitStatus`.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  /// Exit status for every usage error (SPEC: 2).
  public static let exitStatus: Int32 = 2

  /// The two lines to print on standard error (no trailing newline):
  /// `sectionnav: error: MESSAGE` and a pointer to `--help`.
  public var description: String {
    "sectionnav: error: \(message)\nTry 'sectionnav --help'."
  }
}

/// A wrong command line, `SECTIONNAV_OPTS`, `--colors` spec or `--print`
/// format. `message` is one line naming the bad token; the caller prints
/// `description` on standard error and exits with status 2 (`failure`).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  /// The two lines to print on standard error (no trailing newline):
  /// `sectionnav: error: MESSAGE` and a pointer to `--help` (see `Failure`).
  public var description: String { failure.description }
}

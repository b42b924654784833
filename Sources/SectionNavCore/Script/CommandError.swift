/// A command that could not be parsed or carried out, with a message for the
/// user (`SCRIPT:LINE: error: MESSAGE` in scripts, the status line at the prompt).
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  /// Cut after `maximumLength` characters with `…`: a message quotes what
  /// it refuses, and a 16 MB script line made a 16 MB line on standard error.
  public init(_ message: String) {
    var scalars = message.unicodeScalars
    if scalars.count > Self.maximumLength {
      scalars.removeSubrange(scalars.index(scalars.startIndex, offsetBy: Self.maximumLength)...)
      scalars.append("…")
    }
    self.message = String(scalars)
  }
  public var description: String { message }

  static let maximumLength = 1024
}

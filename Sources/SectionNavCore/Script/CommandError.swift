/// A command that could not be parsed or carried out, with a message for the
/// user (`SCRIPT:LINE: error: MESSAGE` in scripts, the status line at the prompt).
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

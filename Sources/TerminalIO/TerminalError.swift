import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the interactive UI cannot start or had to stop. `description` is the
/// complete line to print on standard error.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// No controlling terminal could be opened.
  case noTerminal(path: String)
  /// `TERM=dumb`: no cursor addressing, no alternate screen.
  case dumbTerminal
  case rawModeFailed(errno: Int32)
  /// The terminal went away (EIO) or refused output.
  case writeFailed(errno: Int32)
  case readFailed(errno: Int32)
  /// Standard output refused the chosen item (a full disk, a closed descriptor, EPIPE).
  case outputFailed(errno: Int32)
  case setupFailed(what: String, errno: Int32)

  /// The message without the `sectionnav: error: ` prefix.
  public var message: String {
    switch self {
    case .noTerminal(let path):
      return "no terminal (\(path)): use --script to run without one"
    case .dumbTerminal:
      return "TERM=dumb cannot show the interactive view: use --script to run without one"
    case .rawModeFailed(let code):
      return "cannot put the terminal in raw mode: \(Self.reason(code))"
    case .writeFailed(let code):
      return "cannot write to the terminal: \(Self.reason(code))"
    case .readFailed(let code):
      return "cannot read from the terminal: \(Self.reason(code))"
    case .outputFailed(let code):
      return "cannot write to standard output: \(Self.reason(code))"
    case .setupFailed(let what, let code):
      return "cannot set up \(what): \(Self.reason(code))"
    }
  }

  public var description: String { Failure(message).description }

  /// The terminal is gone (hung up, or its other side closed): EIO or ENXIO
  /// from a write, a read or a mode change.
  public var isHangUp: Bool {
    switch self {
    case .writeFailed(let code), .readFailed(let code), .rawModeFailed(let code):
      return code == EIO || code == ENXIO
    default:
      return false
    }
  }

  static func reason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

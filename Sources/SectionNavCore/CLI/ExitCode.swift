/// Every exit status the program uses, in both modes; `--help` and the man
/// page list them from here (a docs test checks the man page).
public enum ExitCode: Int32, CaseIterable, Sendable {
  case success = 0
  case notChosen = 1
  case failure = 2
  case hangUp = 129
  case interrupted = 130
  case quitSignal = 131
  case terminated = 143

  /// What the status means, for `--help` and the man page.
  public var meaning: String {
    switch self {
    case .success: return "normal end, or Enter printed the chosen item"
    case .notChosen: return "quit without choosing an item under --pick"
    case .failure: return "usage error, unreadable or invalid data, failed script command"
    case .hangUp: return "hung up (SIGHUP, or the terminal went away)"
    case .interrupted: return "interrupted (Ctrl-C, SIGINT)"
    case .quitSignal: return "quit (SIGQUIT)"
    case .terminated: return "terminated (SIGTERM)"
    }
  }
}

/// Why a run ends with an error: the one type every failure becomes before
/// it reaches standard error, and the one place that adds `sectionnav: error:`
/// (or a location: `FILE:LINE:COL: error:`, `SCRIPT:LINE: error:`) and makes
/// the text safe for a terminal — file names, arguments and data in a
/// message never reach it raw.
public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
  public var status: ExitCode
  /// Where the error is (`data.json:3:7`, `script.nav:12`), or nil.
  public var location: String?
  public var message: String
  /// A second line (`Try 'sectionnav --help'.`).
  public var hint: String?

  public init(_ message: String, at location: String? = nil, status: ExitCode = .failure, hint: String? = nil) {
    self.message = message
    self.location = location
    self.status = status
    self.hint = hint
  }

  /// The lines for standard error, without a trailing newline.
  public var description: String {
    let line = (location ?? "sectionnav") + ": error: " + message
    return TextSanitizer.visible(line) + (hint.map { "\n" + TextSanitizer.visible($0) } ?? "")
  }
}

extension UsageError {
  /// As a `Failure`: status 2, with the pointer to `--help`.
  public var failure: Failure { Failure(message, status: .failure, hint: "Try 'sectionnav --help'.") }
}

extension LoadError {
  /// As a `Failure` located in `source` (a file name, `<stdin>`).
  public func failure(in source: String) -> Failure {
    Failure("\(kind.rawValue): \(message)", at: "\(source):\(line):\(column)")
  }
}

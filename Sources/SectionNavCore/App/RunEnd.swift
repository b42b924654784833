/// How a run ends, whichever runner ran it: the one mapping from the
/// effects that end a run to the exit status and what goes to standard
/// output (the terminal runner, scripts and `Effect.endsRun` all use it).
public enum RunEnd: Sendable, Equatable {
  /// q, Esc, `quit`, or a script's end: `AppSettings.endWithoutChoice`.
  case quit
  /// C-c: 130.
  case interrupted
  /// Enter: these items of the full data (`dataList`) are printed, exit 0.
  case chose([ChosenItem])
  /// The data turned out invalid: the failure's status and message.
  case failed(Failure)
  /// `become(CMD)`: the runner gives the terminal back, prints nothing and
  /// replaces the program with `sh -c` of this line (`ShellCommand.become`),
  /// whose status is then the program's.
  case become(ShellLine)

  /// The end `effect` asks for; nil for an effect that does not end the run.
  public init?(_ effect: Effect) {
    switch effect {
    case .quit: self = .quit
    case .interrupt: self = .interrupted
    case .choose(let s, let i): self = .chose([ChosenItem(section: s, item: i)])
    case .chooseItems(let items): self = .chose(items)
    case .become(let line): self = .become(line)
    case .fail(let failure): self = .failed(failure)
    default: return nil
    }
  }

  /// The exit status and the bytes for standard output (nil: nothing);
  /// throws the failure, or the error for a choice the output cannot hold
  /// or that was made after the data file shrank under its mapping.
  public func exit(_ state: AppState, chosen: Chosen) throws(Failure) -> (status: Int32, output: [UInt8]?) {
    switch self {
    case .quit: return (state.settings.endWithoutChoice.rawValue, nil)
    case .interrupted: return (ExitCode.interrupted.rawValue, nil)
    case .chose(let items):
      // Rows past the cut read as NUL bytes: never print them as if they were the data.
      if state.sourceShrank { throw Failure.sourceShrank(state.settings.sourceName) }
      return (ExitCode.success.rawValue, try chosen.text(state.dataList, items: items, format: state.chosenFormat))
    case .failed(let failure): throw failure
    // What the command prints and its status are the program's (the runner execs it).
    case .become: return (ExitCode.success.rawValue, nil)
    }
  }
}

extension Failure {
  /// The data file shrank under its mapping (`.dataShrank`): what it would
  /// print now is partly zeros.
  public static func sourceShrank(_ sourceName: String) -> Failure {
    Failure("\(sourceName): the file shrank while it was being read")
  }
}

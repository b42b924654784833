/// Replays a script: each line is a `.command` event for `AppState.handle`,
/// the same path keys and the mouse take, with effects carried out by a
/// `SynchronousRunner`; `print`/`state` output goes to a sink.
public enum ScriptRunner {
  /// How a script run ended.
  public enum Outcome: Equatable, Sendable {
    /// The script ran to its end.
    case finished
    /// `quit`, `key q` or `key Esc`.
    case quit
    /// `key C-c`.
    case interrupted
    /// `key Enter` on an item.
    case chose(section: Int, item: Int)
    /// `key Enter` with marked items (`--multi`).
    case choseItems([ChosenItem])
    /// A line could not be parsed or carried out.
    case failed(line: Int, message: String)
    /// The data turned out invalid (`sectionnav: error:` is for the caller to add).
    case dataFailed(message: String)
  }

  public static func run(_ script: String, state: inout AppState, output: (String) -> Void) -> Outcome {
    var runner = SynchronousRunner()
    var lineNumber = 0
    for rawLine in script.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = String(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      let effects: [Effect]
      do {
        guard let command = try CommandParser.parse(line) else { continue }
        switch command {
        case .hold:
          runner.holding = true
          continue
        case .settle:
          effects = runner.settle(&state)
        default:
          effects = runner.send(.command(command), to: &state)
        }
      } catch {
        return .failed(line: lineNumber, message: error.message)
      }
      for effect in effects {
        switch effect {
        case .output(let text): output(text)
        case .quit: return .quit
        case .interrupt: return .interrupted
        case .choose(let s, let i): return .chose(section: s, item: i)
        case .chooseItems(let items): return .choseItems(items)
        case .fail(let message): return .dataFailed(message: message)
        case .commandFailed(let message): return .failed(line: lineNumber, message: message)
        // The built-in prompt edits the line: later `key`/`type` lines type it.
        case .editLine, .suspend, .start, .cancel: continue
        }
      }
    }
    return .finished
  }
}

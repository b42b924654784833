/// Replays a script through `AppState.apply`, the same path keys and the
/// mouse take, and hands `print`/`state` output to a sink.
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
  }

  public static func run(_ script: String, state: inout AppState, output: (String) -> Void) -> Outcome {
    var lineNumber = 0
    for rawLine in script.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = String(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      do {
        guard let command = try CommandParser.parse(line) else { continue }
        switch try state.apply(command) {
        case .none, .suspend: continue
        case .output(let text): output(text)
        case .quit: return .quit
        case .interrupt: return .interrupted
        case .choose(let s, let i): return .chose(section: s, item: i)
        case .chooseItems(let items): return .choseItems(items)
        }
      } catch {
        return .failed(line: lineNumber, message: error.message)
      }
    }
    return .finished
  }
}

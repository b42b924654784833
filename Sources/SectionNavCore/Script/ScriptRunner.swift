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
    /// A line could not be parsed or carried out.
    case failed(line: Int, message: String)
  }

  public static func run(_ script: String, state: inout AppState, output: (String) -> Void) -> Outcome {
    var lineNumber = 0
    for line in lines(script) {
      lineNumber += 1
      do {
        guard let command = try CommandParser.parse(line) else { continue }
        switch try state.apply(command) {
        case .none, .suspend: continue
        case .output(let text): output(text)
        case .quit: return .quit
        case .interrupt: return .interrupted
        case .choose(let s, let i): return .chose(section: s, item: i)
        }
      } catch {
        return .failed(line: lineNumber, message: error.message)
      }
    }
    return .finished
  }

  /// The script's lines: split at LF on the scalar level (in Swift "\r\n" is
  /// one Character, so a Character split would see a CRLF file as one line),
  /// a CR before the LF dropped, and a UTF-8 byte-order mark at the start
  /// ignored, as editors on Windows write them.
  static func lines(_ script: String) -> [String] {
    var scalars = Substring(script).unicodeScalars
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    return scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.last == "\r" ? line.dropLast() : line)
    }
  }
}

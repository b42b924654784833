/// Replays a script: each line is a `.command` event for `AppState.handle`,
/// the same path keys and the mouse take, with effects carried out by a
/// `SynchronousRunner`; `print`/`state` output goes to a sink.
public enum ScriptRunner {
  /// How a script run ended.
  public enum Outcome: Equatable, Sendable {
    /// The script ran to its end (as `quit` would end it).
    case finished
    /// An effect ended the run: `quit`, `key C-c`, `key Enter`, invalid data.
    case ended(RunEnd)
    /// A line could not be parsed or carried out.
    case failed(line: Int, message: String)
  }

  /// `shell` carries out the effects that run shell commands (`--preview`,
  /// `execute`, `reload`); without one they do nothing.
  public static func run(
    _ script: String, state: inout AppState, shell: (any ScriptShell)? = nil, output: (String) -> Void
  ) -> Outcome {
    var runner = SynchronousRunner()
    var lineNumber = 0
    for line in lines(script) {
      lineNumber += 1
      var effects: [Effect]
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
      while !effects.isEmpty {
        let effect = effects.removeFirst()
        switch effect {
        case .output(let text): output(text)
        case .quit, .interrupt, .choose, .chooseItems, .fail: return .ended(RunEnd(effect)!)
        case .commandFailed(let message): return .failed(line: lineNumber, message: message)
        // The built-in prompt edits the line: later `key`/`type` lines type it.
        case .editLine, .suspend, .start, .cancel, .cancelPreview, .cancelReload: continue
        // Shell commands run on the spot; what they send back is handled next.
        case .runPreview(let id, let command):
          guard let shell else { continue }
          effects = runner.send(shell.preview(id: id, command: command), to: &state) + effects
        case .execute(let id, let command, let silent):
          guard let shell else { continue }
          let (printed, event) = shell.execute(id: id, command: command, silent: silent)
          output(printed)
          effects = runner.send(event, to: &state) + effects
        case .reload(let id, let command):
          guard let shell else { continue }
          effects = runner.send(shell.reload(id: id, command: command), to: &state) + effects
        }
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

/// Runs the shell commands of scripts, synchronously (the executable supplies
/// it: processes are not the core's business). Each returns the event the
/// terminal runner would post.
public protocol ScriptShell {
  /// `sh -c command` with no input: `.previewOutput` with its output.
  func preview(id: Int, command: ShellLine) -> Event
  /// `sh -c command`: what to print (its output, nothing when `silent`) and
  /// `.executeFinished`.
  func execute(id: Int, command: ShellLine, silent: Bool) -> (output: String, event: Event)
  /// `sh -c command` read as data: `.reloaded` or `.reloadFailed`.
  func reload(id: Int, command: ShellLine) -> Event
}

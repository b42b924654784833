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

  /// How a script run ends, named `scriptName` in errors: one that ran to
  /// its end quits; a line that failed is the error at `SCRIPT:LINE`.
  public static func end(_ outcome: Outcome, scriptName: String) throws(Failure) -> RunEnd {
    switch outcome {
    case .finished: return .quit
    case .ended(let end): return end
    case .failed(let line, let message): throw Failure(message, at: "\(scriptName):\(line)")
    }
  }

  /// `shell` carries out the effects that run shell commands (`--preview`,
  /// `execute`, `reload`); without one they do nothing. `first`: events
  /// handled before the first line (`Session.firstEvents`).
  public static func run(
    _ script: String, state: inout AppState, first: [Event] = [], shell: (any ScriptShell)? = nil,
    output: (String) -> Void
  ) -> Outcome {
    withoutActuallyEscaping(output) { output in
      var effects = ScriptEffects(shell: shell, print: output)
      var lineNumber = 0
      for event in first { effects.send(event, to: &state) }
      for line in lines(script) where !effects.stopped {
        lineNumber += 1
        do throws(CommandError) {
          switch try CommandParser.parse(line) {
          case nil: continue
          case .hold?: effects.jobs.holding = true
          case .settle?: effects.settle(&state)
          case let command?: effects.send(.command(command), to: &state)
          }
        } catch {
          return .failed(line: lineNumber, message: error.message)
        }
      }
      if let failure = effects.failure { return .failed(line: lineNumber, message: failure) }
      return effects.ended.map { .ended($0) } ?? .finished
    }
  }

  /// The script's lines, one at a time: split at LF on the scalar level (in
  /// Swift "\r\n" is one Character, so a Character split would see a CRLF
  /// file as one line), a CR before the LF dropped, and a UTF-8 byte-order
  /// mark at the start ignored, as editors on Windows write them. Made as
  /// they are read: an array of them took 50 bytes a line (a 16 MiB script
  /// of line feeds: 800 MB, and a crash where memory is limited).
  static func lines(_ script: String) -> Lines { Lines(script) }

  struct Lines: Sequence, IteratorProtocol {
    private let scalars: String.UnicodeScalarView
    private var start: String.Index?

    init(_ script: String) {
      scalars = script.unicodeScalars
      start = scalars.first == "\u{FEFF}" ? scalars.index(after: scalars.startIndex) : scalars.startIndex
    }

    mutating func next() -> String? {
      guard let from = start else { return nil }
      let end = scalars[from...].firstIndex(of: "\n")
      var last = end ?? scalars.endIndex
      if last > from, scalars[scalars.index(before: last)] == "\r" { last = scalars.index(before: last) }
      start = end.map { scalars.index(after: $0) }
      return String(scalars[from..<last])
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

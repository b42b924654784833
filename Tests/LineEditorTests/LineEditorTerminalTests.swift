import Foundation
import SectionNavCore
import Testing

@testable import LineEditor

extension LibeditSuites {
  /// `readLine` on a real (pseudo-)terminal: proves the libedit bindings, the
  /// completion callback and the history wiring work end to end.
  @Suite struct LineEditorTerminalTests {
    let titles = ["iPhone", "iPad", "Apple Watch", "Mac"]

    func makeEditor(_ pty: PseudoTerminal, _ temp: TemporaryDirectory, name: String = "commands")
      -> LineEditor
    {
      let editor = LineEditor(
        program: "sectionnav", historyName: name, environment: temp.environment,
        inputFD: pty.slave, outputFD: pty.slave)
      editor.completer = { [titles] line, cursor in
        CommandCompletion.complete(line: line, cursor: cursor, titles: titles)
      }
      return editor
    }

    @Test func enterReturnsTheTypedLineAndSavesIt() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(try pty.readLine(editor, typing: ["goto x\r"]) == "goto x")
      #expect(editor.history.entries == ["goto x"])
      let saved = try History.load(from: #require(editor.historyPath))
      #expect(saved.entries == ["goto x"])
      #expect(editor.warning == nil)
    }

    @Test func tabInsertsAUniqueCompletion() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(
        try pty.readLine(editor, typing: ["go\t", "app\t", "c\t", "\r"])
          == "goto \"Apple Watch\" center")
    }

    @Test func tabListsSeveralCandidatesBelowThePrompt() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(try pty.readLine(editor, typing: ["goto I\t", "h\t", "\r"]) == "goto iPhone ")
      // The list comes on a line of its own, then the prompt is drawn again.
      let screen = pty.screen
      let list = try #require(screen.range(of: "goto I\r\niPhone  iPad\r\n"))
      #expect(screen[list.upperBound...].contains("sn> goto iP"))
    }

    @Test func escCancelsAndTheNextPromptStartsEmpty() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(try pty.readLine(editor, typing: ["goto iPad", "\u{1b}"]) == nil)
      #expect(try pty.readLine(editor, typing: ["quit\r"]) == "quit")
      #expect(editor.history.entries == ["quit"])
    }

    @Test func arrowKeysStillWorkAlthoughEscCancels() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(try pty.readLine(editor, typing: ["ac", "\u{1b}[D", "b\r"]) == "abc")
    }

    @Test func ctrlCCancelsWithoutASignal() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(try pty.readLine(editor, typing: ["goto iPad\u{3}"]) == nil)
      #expect(editor.history.entries.isEmpty)
    }

    @Test func ctrlDOnAnEmptyLineEndsInput() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      #expect(try pty.readLine(editor, typing: ["\u{4}"]) == nil)
    }

    @Test func historyFromTheLastSessionIsBrowsable() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      var earlier = History()
      for line in ["scroll top", "goto iPad", "print"] { earlier.add(line) }
      try earlier.save(to: #require(History.path(name: "commands", environment: temp.environment)))
      let editor = makeEditor(pty, temp)
      // Up twice, then Enter: the second newest line.
      #expect(try pty.readLine(editor, typing: ["\u{1b}[A\u{1b}[A", "\r"]) == "goto iPad")
      // Ctrl-R searches backwards through history.
      #expect(try pty.readLine(editor, typing: ["\u{12}", "scr", "\r"]) == "scroll top")
      #expect(editor.history.entries == ["print", "goto iPad", "scroll top"])
    }

    @Test func nonASCIITextSurvivesEditing() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp, name: "search")
      #expect(try pty.readLine(editor, typing: ["日本語x\u{7f}", "ü\r"]) == "日本語ü")
    }

    @Test func terminalModeIsAsTheCallerLeftIt() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      var before = termios()
      tcgetattr(pty.slave, &before)
      let editor = makeEditor(pty, temp)
      _ = try pty.readLine(editor, typing: ["x\r"])
      _ = try pty.readLine(editor, typing: ["\u{3}"])
      var after = termios()
      tcgetattr(pty.slave, &after)
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
      #expect(after.c_oflag == before.c_oflag)
    }
  }
}

extension LibeditSuites {
  /// The app may create its editors while the terminal is raw (VMIN 0, as a
  /// poller sets it); that must neither change the mode nor break reading.
  @Suite struct LineEditorRawModeTests {
    @Test func editorCreatedInRawModeLeavesItAndStillReads() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      var cooked = termios()
      tcgetattr(pty.slave, &cooked)
      var raw = cooked
      cfmakeraw(&raw)
      withUnsafeMutableBytes(of: &raw.c_cc) {
        $0[Int(VMIN)] = 0
        $0[Int(VTIME)] = 1
      }
      tcsetattr(pty.slave, TCSANOW, &raw)
      let editor = LineEditor(
        program: "sectionnav", historyName: "commands", environment: temp.environment,
        inputFD: pty.slave, outputFD: pty.slave)
      var now = termios()
      tcgetattr(pty.slave, &now)
      #expect(now.c_lflag == raw.c_lflag)

      // Called as the app will: cooked mode restored first.
      tcsetattr(pty.slave, TCSANOW, &cooked)
      #expect(try pty.readLine(editor, typing: ["goto", " x\r"]) == "goto x")
      // Called in raw mode by mistake: still a line, and raw mode is kept.
      tcsetattr(pty.slave, TCSANOW, &raw)
      #expect(try pty.readLine(editor, typing: ["help", "\r"]) == "help")
      tcgetattr(pty.slave, &now)
      #expect(now.c_lflag == raw.c_lflag)
    }
  }
}

extension LibeditSuites {
  /// The wake descriptor and Ctrl-Z: what lets the app act on signals, resizes
  /// and suspending while libedit waits for a key.
  @Suite struct LineEditorWakeTests {
    /// A self-pipe as the app's signal pipe, and a record of the calls.
    final class Wake: @unchecked Sendable {
      let readEnd: Int32
      let writeEnd: Int32
      private let lock = NSLock()
      private var events: [LineEditor.Interruption] = []
      private var answers: [LineEditor.Resumption]

      init(answers: [LineEditor.Resumption]) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        readEnd = fds[0]
        writeEnd = fds[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        self.answers = answers
      }

      deinit {
        close(readEnd)
        close(writeEnd)
      }

      /// A signal arrived: a byte in the pipe.
      func signal() {
        var byte: UInt8 = 15
        _ = write(writeEnd, &byte, 1)
      }

      var received: [LineEditor.Interruption] { lock.withLock { events } }

      /// The handler: consumes the pipe, records, answers the next answer.
      func handle(_ event: LineEditor.Interruption) -> LineEditor.Resumption {
        var buffer = [UInt8](repeating: 0, count: 16)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        return lock.withLock {
          events.append(event)
          return answers.isEmpty ? .keepReading : answers.removeFirst()
        }
      }

      func reader() -> @Sendable (LineEditor, String) -> String? {
        { editor, prompt in editor.readLine(prompt: prompt, wake: [self.readEnd]) { self.handle($0) } }
      }
    }

    func makeEditor(_ pty: PseudoTerminal, _ temp: TemporaryDirectory) -> LineEditor {
      LineEditor(
        program: "sectionnav", historyName: "commands", environment: temp.environment,
        inputFD: pty.slave, outputFD: pty.slave)
    }

    /// The wake timeout calls the handler with no key and no signal (the
    /// app's screen changes with time behind the prompt).
    @Test func theWakeTimeoutWakesWithoutAKeyOrASignal() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      editor.wakeTimeout = 0
      let wake = Wake(answers: [.cancel])
      #expect(try pty.readLine(editor, typing: [], reading: wake.reader()) == .some(nil))
      #expect(wake.received == [.wake])
    }

    /// What `screenDisturbed` said each time the handler was called.
    final class Seen: @unchecked Sendable {
      private let lock = NSLock()
      private var values: [Bool] = []
      func append(_ value: Bool) { lock.withLock { values.append(value) } }
      var all: [Bool] { lock.withLock { values } }
    }

    /// The handler learns when the editor wrote outside the prompt's row —
    /// a line too long for it, a list of candidates or a history search's
    /// line below it — so the app does not draw over rows that may have moved.
    @Test(arguments: [
      ("goto x", false), (String(repeating: "x", count: 300), true), ("goto I\t", true), ("\u{12}go", true),
    ])
    func aWrappingLineOrACandidateListDisturbsTheScreen(_ typed: String, _ disturbed: Bool) throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      editor.completer = { line, cursor in
        CommandCompletion.complete(line: line, cursor: cursor, titles: ["iPhone", "iPad"])
      }
      let seen = Seen()
      let line = try pty.readLine(editor, typing: [typed, "\u{1A}", "\r"]) { editor, prompt in
        editor.readLine(prompt: prompt, wake: []) { _ in
          seen.append(editor.screenDisturbed)
          return .keepReading
        }
      }
      #expect(line != nil)
      #expect(seen.all == [disturbed])
    }

    /// A signal that came before reading started (its byte already in the
    /// pipe) is handed over without waiting for a key.
    @Test func aSignalBeforeReadingIsSeenWithoutAKey() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      let wake = Wake(answers: [.cancel])
      wake.signal()
      #expect(try pty.readLine(editor, typing: [], reading: wake.reader()) == .some(nil))
      #expect(wake.received == [.wake])
      #expect(editor.history.entries.isEmpty)
    }

    /// `.redraw` draws the prompt again (the caller repainted behind it) and
    /// editing goes on; `.keepReading` changes nothing.
    @Test func aRedrawDrawsThePromptAgainAndEditingGoesOn() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let editor = makeEditor(pty, temp)
      let wake = Wake(answers: [.redraw])
      let start = pty.mark
      wake.signal()
      #expect(try pty.readLine(editor, typing: ["goto x\r"], reading: wake.reader()) == "goto x")
      #expect(wake.received == [.wake])
      let screen = String(decoding: Array(pty.screen.utf8).dropFirst(start), as: UTF8.self)
      #expect(screen.components(separatedBy: "sn> ").count == 3)
    }

    /// Ctrl-Z reaches the caller, who suspends; the line is drawn again with
    /// libedit's editing mode set again, and editing goes on.
    @Test func ctrlZAsksTheCallerToSuspendAndEditingGoesOn() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      var before = termios()
      tcgetattr(pty.slave, &before)
      let editor = makeEditor(pty, temp)
      let wake = Wake(answers: [.redrawAfterStop])
      let start = pty.mark
      #expect(try pty.readLine(editor, typing: ["goto", "\u{1A}", " x\r"], reading: wake.reader()) == "goto x")
      #expect(wake.received == [.suspendKey])
      // The prompt and line were drawn a second time after Ctrl-Z.
      let screen = String(decoding: Array(pty.screen.utf8).dropFirst(start), as: UTF8.self)
      #expect(screen.components(separatedBy: "sn> goto").count >= 2)
      var after = termios()
      tcgetattr(pty.slave, &after)
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
    }
  }
}

import LineEditor
import SectionNavCore
import SectionNavSystem
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen navigator on /dev/tty: wiring only. The terminal run loop
/// feeds events to `AppState.handle` (the path scripts use too), and
/// `TerminalEffects` carries out the effects that come back; here are only
/// what reads the state for it: the way out and the libedit prompt on the
/// status row.
enum InteractiveMode {
  static func run(
    config: Configuration, data: StartingData, settings: AppSettings, chosen: Chosen,
    environment: [String: String]
  ) throws(Failure) -> Int32 {
    let app: TerminalApp
    do {
      app = try TerminalApp(mouse: !config.noMouse, inlineHeight: config.inlineHeight)
    } catch {
      throw Failure((error as? TerminalError)?.message ?? "\(error)")
    }
    // A loader's warnings wait until the terminal is given back.
    DataLoading.holdWarnings()
    defer { DataLoading.releaseWarnings() }
    let prompts = Prompts(environment: environment)
    // Data still arriving: an empty list first, filled in from the loader's thread.
    var state = AppState(
      list: data.ready ?? SectionedList([]), settings: settings, width: app.width, height: app.height)
    if let loading = data.startLoading(config, inbox: app.inbox) { _ = state.handle(loading) }
    var failure: Failure?
    /// `become(CMD)`'s command, run once the terminal is given back.
    var becoming: ShellLine?

    /// A run that ends goes the way `RunEnd` says; before a choice the data
    /// file is looked at once more (chosen items from a file that shrank are
    /// an error: `RunEnd.exit`).
    func exit(_ end: RunEnd) -> Disposition {
      if case .become(let line) = end {
        becoming = line
        return .exit(code: ExitCode.success.rawValue, output: nil)
      }
      do throws(Failure) {
        if case .chose = end, DataLoading.dataShrank { _ = state.handle(.dataShrank) }
        let (status, output) = try end.exit(state, chosen: chosen)
        return .exit(code: status, output: output)
      } catch {
        failure = error
        return .exit(code: error.status.rawValue, output: nil)
      }
    }

    func prompt(_ kind: AppState.PromptKind) -> Disposition {
      let titles = state.list.sections.map(\.title)
      // On the status line (1-based), at the top under --reverse; below a pane at the top.
      let row = (state.layout.statusRow.map { $0 + 1 } ?? state.height) + state.previewSplit.listRow
      return .promptAt(row: row) { host in
        let line = prompts.read(kind: kind, titles: titles, host: host)
        return [.lineEdited(kind, line, warning: prompts.takeWarning())]
      }
    }

    let effects = TerminalEffects(config: config, inbox: app.inbox, exit: exit, prompt: prompt)
    defer {
      effects.stopAll(jobs: false)
      // A preview killed just now may not have removed its `{f}` file yet.
      ChildCleanup.removeFiles()
    }
    for event in Session.firstEvents(config) { _ = effects.carryOut(state.handle(event)) }
    effects.settle()

    do {
      let status = try app.run(
        draw: { width, height in state.render(width: width, height: height) },
        ticking: { state.waitsForTime },
        settled: effects.settle,
        handle: { event in
          var done = state.handle(event)
          // The file shrank after indexing: rows past the change read as
          // empty. After the event, so a key does not clear the warning.
          if state.looksAtSource(after: event) && DataLoading.dataShrank { done += state.handle(.dataShrank) }
          return effects.carryOut(done)
        })
      effects.stopAll(jobs: true)
      if let failure { throw failure }
      if let becoming { throw Failure(Self.become(becoming)) }
      return status.code
    } catch TerminalError.outputFailed(let code) {
      // Nobody left to read the chosen item (`| head -0`): SIGPIPE's 141,
      // as such a write ends every other mode (and fzf) — the terminal's
      // handler caught the signal here — unless it was ignored at the start.
      if code == EPIPE && !Output.brokenPipeIgnored { return 128 + SIGPIPE }
      Output.recordStandardOutputFailure(code)
      return ExitCode.failure.rawValue
    } catch let failure as Failure {
      throw failure
    } catch let error as TerminalError {
      throw Failure(error.message)
    } catch {
      throw Failure("\(error)")
    }
  }

  /// Turns into `become(CMD)`'s command (`ShellCommand.become`) with what
  /// a normal end would leave done: previews' files removed, the loader's
  /// warnings written. Returns only when it could not start: why.
  static func become(_ line: ShellLine) -> String {
    ChildCleanup.removeFiles()
    DataLoading.releaseWarnings()
    return ShellCommand.become(line)
  }
}

/// The two libedit prompts, each with its own persistent history.
final class Prompts {
  private let environment: [String: String]
  private var editors: [AppState.PromptKind: LineEditor] = [:]
  private var warnings: [String] = []
  private var warned = false
  private let tty: Int32

  init(environment: [String: String]) {
    self.environment = environment
    tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
  }

  deinit { if tty >= 0 { close(tty) } }

  private func editor(_ kind: AppState.PromptKind) -> LineEditor {
    if let e = editors[kind] { return e }
    let e = LineEditor(
      program: "sectionnav", historyName: kind == .command ? "commands" : "search", environment: environment,
      inputFD: tty, outputFD: tty)
    e.onWarning = { [weak self] w in self?.warnings.append(w) }
    editors[kind] = e
    return e
  }

  /// Reads one line; nil when cancelled. Signals, resizes, C-z, posted
  /// events and the passing of time that come while the line is edited go
  /// to the run loop through `host`: data that arrives shows behind the
  /// prompt, a resize repaints the list behind it, C-z suspends and `fg`
  /// brings the prompt back with its line, SIGTERM and the like abandon the
  /// line and end the program.
  func read(kind: AppState.PromptKind, titles: [String], host: PromptHost) -> String? {
    let e = editor(kind)
    if kind == .command {
      e.completer = { line, cursor in CommandCompletion.complete(line: line, cursor: cursor, titles: titles) }
    }
    defer {
      host.typeaheadUsed = e.typeaheadUsed
      host.screenMoves = e.screenMoves
      e.trackScreen(row: nil, height: 0)
    }
    e.wakeTimeout = host.wakeTimeout
    e.trackScreen(row: host.screenRow?.row, height: host.screenRow?.height ?? 0)
    return e.readLine(prompt: kind == .command ? ":" : "/", wake: host.wakeDescriptors, typeahead: host.typeahead) {
      interruption in
      host.screenDisturbed = e.screenDisturbed
      host.screenMoves = e.screenMoves
      let action = interruption == .suspendKey ? host.suspend() : host.service()
      e.wakeTimeout = host.wakeTimeout
      if !host.keysForEditor.isEmpty {
        e.pushTypeahead(host.keysForEditor)
        host.keysForEditor = []
      }
      if action == .redraw || action == .redrawAfterStop, let place = host.screenRow {
        // Drawn again where the region now is: what scrolled before is past.
        e.trackScreen(row: place.row, height: place.height)
      }
      switch action {
      case .keepReading: return .keepReading
      case .redraw: return .redraw
      case .redrawAfterStop: return .redrawAfterStop
      case .cancel: return .cancel
      }
    }
  }

  /// The first history warning, once per session.
  func takeWarning() -> String? {
    guard !warned, let w = warnings.first else { return nil }
    warned = true
    return w
  }
}

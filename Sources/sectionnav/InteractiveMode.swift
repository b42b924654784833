import LineEditor
import SectionNavCore
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen navigator on /dev/tty: wiring only. The terminal run loop
/// feeds events to `AppState.handle` (the path scripts use too), and this
/// runner carries out the effects that come back: background jobs on
/// threads, the libedit prompt on the status row, the way out.
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
    let jobs = BackgroundJobs(inbox: app.inbox)
    let inbox = app.inbox
    let previews = PreviewRuns { event in inbox.post(event) }
    // `reload` commands: one still running when the program ends is killed.
    let reloads = CommandGroups()
    defer {
      previews.groups.cancelAll()
      reloads.cancelAll()
    }
    var state: AppState
    switch data {
    case .ready(let list):
      state = AppState(list: list, settings: settings, width: app.width, height: app.height)
    case .background(let buffer):
      state = AppState(list: SectionedList([]), settings: settings, width: app.width, height: app.height)
      _ = state.handle(.data(DataUpdate(list: SectionedList([]), progress: 0)))
      BackgroundLoader.start(buffer: buffer, config: config, inbox: app.inbox)
    case .stream(let fd):
      state = AppState(list: SectionedList([]), settings: settings, width: app.width, height: app.height)
      _ = state.handle(.data(DataUpdate(list: SectionedList([]), progress: 0, reading: true)))
      BackgroundLoader.start(stream: fd, config: config, inbox: app.inbox)
    }
    var shrinkReported = false
    var failure: Failure?

    /// Carries out `effects`: jobs start or stop, and the first effect that
    /// needs the run loop (exit, suspend, prompt) becomes its disposition.
    /// A run that ends goes the way `RunEnd` says — except that chosen items
    /// are not printed when the file shrank under its mapping (the lost range
    /// would read as NUL bytes): then the error and exit 2, nothing printed.
    func exit(_ end: RunEnd) -> Disposition {
      do throws(Failure) {
        if case .chose = end {
          // (The core ignores a shrink once `reload` has replaced the data.)
          if DataLoading.dataShrank { _ = state.handle(.dataShrank) }
          if state.sourceShrank { throw Failure(DataLoading.changedMessage(config)) }
        }
        let (status, output) = try end.exit(state, chosen: chosen)
        return .exit(code: status, output: output)
      } catch {
        failure = error
        return .exit(code: error.status.rawValue, output: nil)
      }
    }

    func carryOut(_ effects: [Effect]) -> Disposition {
      var disposition = Disposition.continue
      for effect in effects {
        let next: Disposition
        switch effect {
        case .start(let job):
          jobs.start(job)
          continue
        case .cancel(let id):
          jobs.cancel(id)
          continue
        // A command's output and errors are on the status line already.
        case .output, .commandFailed: continue
        case .quit, .interrupt, .choose, .chooseItems, .fail: next = exit(RunEnd(effect)!)
        case .suspend: next = .suspend
        case .runPreview(let id, let command):
          previews.start(id: id, command: command)
          continue
        case .cancelPreview(let id):
          previews.groups.cancel(id: id)
          continue
        case .reload(let id, let command):
          DetachedThread.start {
            let event = ShellCommand.reload(id: id, command: command, config: config) {
              reloads.started(id: id, pid: $0)
            }
            if !reloads.finished(id: id) { inbox.post(event) }
          }
          continue
        case .cancelReload(let id):
          reloads.cancel(id: id)
          continue
        case .execute(let id, let command, silent: true):
          DetachedThread.start {
            inbox.post(.executeFinished(id: id, failure: ShellCommand.run(command, ownGroup: true)))
          }
          continue
        case .execute(let id, let command, silent: false):
          // The terminal as the program found it, for the command to use; the
          // screen comes back when it ends (C-c interrupts the command only).
          next = .suspendFor {
            let failure = ShellCommand.run(command, input: "/dev/tty", outputPath: "/dev/tty", ownGroup: false)
            inbox.post(.executeFinished(id: id, failure: failure))
          }
        case .editLine(let kind):
          let titles = state.list.sections.map(\.title)
          // On the status line (1-based), at the top under --reverse.
          next = .promptAt(row: state.layout.statusRow.map { $0 + 1 } ?? state.height) { host in
            let line = prompts.read(kind: kind, titles: titles, host: host)
            return [.lineEdited(kind, line, warning: prompts.takeWarning())]
          }
        }
        if case .continue = disposition { disposition = next }
      }
      return disposition
    }

    for event in Session.firstEvents(config) { _ = carryOut(state.handle(event)) }

    do {
      let status = try app.run(
        draw: { width, height in state.render(width: width, height: height) },
        handle: { event in
          var effects = state.handle(event)
          if !shrinkReported && DataLoading.dataShrank {
            // The file shrank after indexing: rows past the change read as
            // empty. After the event, so a key does not clear the warning.
            shrinkReported = true
            effects += state.handle(.dataShrank)
          }
          return carryOut(effects)
        })
      jobs.cancelAll()
      if let failure { throw failure }
      return status.code
    } catch TerminalError.outputFailed(let code) {
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

  /// Reads one line; nil when cancelled. Signals, resizes and C-z that come
  /// while the line is edited go to the run loop through `host`: a resize
  /// repaints the list behind the prompt, C-z suspends and `fg` brings the
  /// prompt back with its line, SIGTERM and the like abandon the line and end
  /// the program.
  func read(kind: AppState.PromptKind, titles: [String], host: PromptHost) -> String? {
    let e = editor(kind)
    if kind == .command {
      e.completer = { line, cursor in CommandCompletion.complete(line: line, cursor: cursor, titles: titles) }
    }
    return e.readLine(prompt: kind == .command ? ":" : "/", wake: host.wakeDescriptor) { interruption in
      switch interruption == .suspendKey ? host.suspend() : host.service() {
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

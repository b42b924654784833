import Foundation
import LineEditor
import SectionNavCore
import TerminalIO

/// The full-screen navigator on /dev/tty: the terminal run loop feeds events
/// to the same `AppState.handle` that scripts use; `:` and `/` are edited with
/// libedit on the status row.
enum InteractiveMode {
  /// Files at least this large open at once and are indexed in the background.
  static let backgroundThreshold = 8 << 20

  static func run(
    config: Configuration, data: StartingData, settings: AppSettings, chosen: Chosen,
    environment: [String: String]
  ) throws(Exit) -> Int32 {
    let app: TerminalApp
    do {
      app = try TerminalApp(mouse: !config.noMouse)
    } catch {
      throw Exit(status: 2, message: "\(error)")
    }
    let prompts = Prompts(environment: environment)
    var state: AppState
    let loader = BackgroundLoader()
    switch data {
    case .ready(let list):
      state = AppState(list: list, settings: settings, width: app.width, height: app.height)
    case .background(let buffer):
      state = AppState(list: SectionedList([]), settings: settings, width: app.width, height: app.height)
      _ = state.handle(.data(DataUpdate(list: SectionedList([]), progress: 0)))
      loader.start(buffer: buffer, config: config, inbox: app.inbox)
    }
    let filter = BackgroundFilter()
    state.runFiltersInBackground()
    if config.filter || config.query != nil { state.startFiltering(query: config.query ?? "", openLine: config.filter) }
    /// Starts the filter run the last event asked for, if any.
    func startFilter() {
      if let run = state.takeFilterRun() {
        filter.start(run, rows: max(1, state.layout.listHeight), inbox: app.inbox)
      }
    }
    startFilter()
    // An effect produced by a prompt line, applied at the next event.
    var pending: Effect?
    var reportedChange = false
    let search = BackgroundSearch()

    func disposition(for effect: Effect) -> Disposition {
      switch effect {
      case .none, .output: return .continue
      case .quit: return .exit(code: config.pick ? 1 : 0, output: nil)
      case .interrupt: return .exit(code: 130, output: nil)
      case .choose(let s, let i): return .exit(code: 0, output: chosen.text(state.dataList, section: s, item: i))
      case .chooseItems(let items): return .exit(code: 0, output: chosen.text(state.dataList, items: items))
      case .suspend: return .suspend
      }
    }

    do {
      let status = try app.run(
        draw: { width, height in
          if width != state.width || height != state.height {
            _ = state.handle(.resize(width: width, height: height))
          }
          return state.render()
        },
        handle: { event in
          if loader.failure != nil { return .exit(code: 2, output: nil) }
          if !reportedChange && DataSource.mappedFileChanged {
            // The file shrank after indexing: rows past the change read as empty.
            reportedChange = true
            state.show(message: "warning: \(DataLoading.sourceName(config)) shrank on disk; some rows are now empty")
          }
          if let effect = pending {
            pending = nil
            let d = disposition(for: effect)
            if case .continue = d {} else { return d }
          }
          if let result = search.takeResult() { _ = state.showMatches(result) }
          if search.isRunning, case .key(let k) = event, k.key == .escape || k.key == .ctrl("c") {
            search.cancel()
            return .continue
          }
          let effect = state.handle(event)
          startFilter()
          if let prompt = state.prompt, prompt.text.isEmpty {
            // Hand the line to libedit on the status row.
            let row = state.height
            return .promptAt(row: row) { host in
              let titles = state.list.sections.map(\.title)
              let line = prompts.read(kind: prompt.kind, titles: titles, host: host)
              state.cancelPrompt()
              if let line, prompt.kind == .search, !line.isEmpty {
                state.show(message: "searching for '\(line)'… (Esc stops)")
                search.start(query: line, list: state.list, rowMap: state.rowMap, inbox: app.inbox)
              } else if let line {
                pending = state.submitPrompt(kind: prompt.kind, text: line)
              }
              if let warning = prompts.takeWarning() { state.show(message: warning) }
              app.inbox.post(.tick(milliseconds: 0))
            }
          }
          return disposition(for: effect)
        })
      if let message = loader.failure { throw Exit(status: 2, message: message) }
      return status.code
    } catch let exit as Exit {
      throw exit
    } catch {
      throw Exit(status: 2, message: "sectionnav: error: \(error)")
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

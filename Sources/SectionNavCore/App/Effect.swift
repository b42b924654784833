/// What a runner must do after `AppState.handle`: the core never exits,
/// prints, touches the terminal or starts a thread itself. Background work
/// goes out as `.start(job)` and its result comes back as the event the job
/// returns, through the same `handle` (see docs/ARCHITECTURE.md, "Adding an
/// effect").
public enum Effect: Sendable {
  /// Quit without choosing (q, Esc, `quit`).
  case quit
  /// C-c: exit 130.
  case interrupt
  /// Enter on an item (of the full data, `dataList`): print it and exit 0.
  case choose(section: Int, item: Int)
  /// Enter with marked items (`--multi`): print them all, in data order, and exit 0.
  case chooseItems([ChosenItem])
  /// fzf's `become(CMD)`: give the terminal back and turn into `sh -c
  /// command` (`RunEnd.become`).
  case become(ShellLine)
  /// C-z: restore the terminal and stop.
  case suspend
  /// C-l: clear the screen and draw it all again (another program wrote
  /// to the terminal: `echo x > /dev/tty`, a message from `wall`).
  case redraw
  /// Text for standard output (`print`, `state`).
  case output(String)
  /// End the run with this failure (its status, its message on standard
  /// error): the data turned out invalid after the first screen.
  case fail(Failure)
  /// A command could not be parsed or carried out (the message is also on
  /// the status line). Scripts stop with `SCRIPT:LINE: error: MESSAGE`.
  case commandFailed(String)
  /// Read a line for the `:` or `/` prompt with the runner's line editor,
  /// then send `.lineEdited`. A runner without one (scripts) leaves the
  /// built-in prompt open for `key`/`type` lines to edit.
  case editLine(AppState.PromptKind)
  /// Run `job` (off the main loop where the runner can) and `handle` the
  /// event it returns.
  case start(any BackgroundJob)
  /// Stop the job with this id early; its (partial) result is still delivered.
  case cancel(jobID: Int)
  /// Run `sh -c command` for the preview pane (standard input empty) and send
  /// `.previewOutput` with what it wrote on standard output and error.
  case runPreview(id: Int, command: ShellLine)
  /// Kill the preview run `id`: the cursor has moved on. No event follows.
  case cancelPreview(id: Int)
  /// Run `sh -c command` — with the terminal handed over (like the `:`
  /// prompt's programs), or `silent`ly with no terminal — and send
  /// `.executeFinished(id)` when it has ended. Scripts print its output.
  case execute(id: Int, command: ShellLine, silent: Bool)
  /// Run `sh -c command`, read its output as data in the current input
  /// format, and send `.reloaded` (or `.reloadFailed`); `streamed`: send
  /// what has arrived as `.reloadProgress` meanwhile (`reload`, not
  /// `reload-sync`).
  case reload(id: Int, command: ShellLine, streamed: Bool)
  /// Kill the reload `id` with its process group: a newer one replaces it. No event follows.
  case cancelReload(id: Int)
}

/// A piece of background work as a pure value: everything it reads is in the
/// job, and its result is an event. The terminal runner runs it on a thread
/// and posts the event to the run loop's inbox; the script runner runs it on
/// the spot (or when the script says `settle`), so both see the same rules.
public protocol BackgroundJob: Sendable {
  /// Unique per state (`PendingJobs.start`); `.cancel(jobID:)` names it.
  var id: Int { get }
  /// Does the work. `shouldStop` is asked now and then; once it answers
  /// true the job returns at once with what it has.
  func run(shouldStop: () -> Bool) -> Event
}

extension Effect {
  /// Whether the effect ends the run (the runner stops handling events).
  public var endsRun: Bool { RunEnd(self) != nil }

  /// Adds `new` to `effects`, a batch not carried out yet (a script's
  /// `type` or `key` line, the keys of one terminal read): a job the batch
  /// was to start and `new` cancels is dropped with its cancel. Typing
  /// 8 000 characters then starts one filter, not 8 000 each holding its
  /// query (493 MB, 5.7 s).
  public static func append(_ new: [Effect], to effects: inout [Effect]) {
    for effect in new {
      if case .cancel(let id) = effect,
        let k = effects.lastIndex(where: {
          if case .start(let job) = $0 { job.id == id } else { false }
        })
      {
        effects.remove(at: k)
      } else {
        effects.append(effect)
      }
    }
  }
}

/// An item of the full data (not of a filtered view): section and 0-based item.
public struct ChosenItem: Sendable, Equatable {
  public var section: Int
  public var item: Int
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }
}

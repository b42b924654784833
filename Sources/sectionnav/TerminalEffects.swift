import SectionNavCore
import SectionNavSystem
import TerminalIO

/// The terminal runner's `EffectPerformer`: jobs and shell commands run on
/// threads that post their events to the run loop's inbox; an effect that
/// needs the run loop (the end, C-z, a prompt, a command on the terminal)
/// becomes its `Disposition`, the first of a batch winning.
final class TerminalEffects: EffectPerformer {
  private let config: Configuration
  private let inbox: EventInbox
  private let jobs: BackgroundJobs
  private let previews: PreviewRuns
  /// `reload` commands: one still running when the program ends is killed.
  private let reloads = CommandGroups()
  /// The end's and the prompt's dispositions: the runner's, which read the state.
  private let exit: (RunEnd) -> Disposition
  private let prompt: (AppState.PromptKind) -> Disposition
  private var disposition = Disposition.continue

  init(
    config: Configuration, inbox: EventInbox, exit: @escaping (RunEnd) -> Disposition,
    prompt: @escaping (AppState.PromptKind) -> Disposition
  ) {
    self.config = config
    self.inbox = inbox
    jobs = BackgroundJobs(inbox: inbox)
    previews = PreviewRuns { event in inbox.post(event) }
    self.exit = exit
    self.prompt = prompt
  }

  /// Jobs to start and cancel once the events read together are handled
  /// (`settle`): a job a later key cancels never starts. Each key of
  /// thousands typed in one read (a paste the terminal does not bracket,
  /// tmux `send-keys`) started a filter that then ran to post its result:
  /// 8 000 keys held 493 MB.
  private var pendingJobs: [Effect] = []

  /// Carries out `effects`: what the run loop does next.
  func carryOut(_ effects: [Effect]) -> Disposition {
    disposition = .continue
    var performer = self
    for effect in effects { effect.perform(on: &performer) }
    switch disposition {
    case .continue: break
    // The jobs of a run that ends have no one to answer.
    case .exit: pendingJobs = []
    // A prompt or a stop comes before the next batch does.
    default: settle()
    }
    return disposition
  }

  /// Starts and cancels the jobs asked for since the last time.
  func settle() {
    for effect in pendingJobs {
      switch effect {
      case .start(let job): jobs.start(job)
      case .cancel(let id): jobs.cancel(id)
      default: break
      }
    }
    pendingJobs = []
  }

  /// Kills the commands still running; with `jobs`, stops the jobs too.
  func stopAll(jobs: Bool) {
    previews.groups.cancelAll()
    reloads.cancelAll()
    if jobs { self.jobs.cancelAll() }
  }

  private func next(_ wanted: Disposition) {
    // A redraw is moot once the run ends (an Enter after a bound clear-screen).
    if case .redraw = disposition, case .exit = wanted { disposition = wanted }
    if case .continue = disposition { disposition = wanted }
  }

  func end(_ end: RunEnd) { next(exit(end)) }
  /// A command's output and errors are on the status line already.
  func output(_ text: String) {}
  func commandFailed(_ message: String) {}
  func editLine(_ kind: AppState.PromptKind) { next(prompt(kind)) }
  func suspend() { next(.suspend) }
  func redraw() { next(.redraw) }
  func start(_ job: any BackgroundJob) { Effect.append([.start(job)], to: &pendingJobs) }
  func cancel(jobID: Int) { Effect.append([.cancel(jobID: jobID)], to: &pendingJobs) }
  func runPreview(id: Int, command: ShellLine) { previews.start(id: id, command: command) }
  func cancelPreview(id: Int) { previews.groups.cancel(id: id) }

  func execute(id: Int, command: ShellLine, silent: Bool) {
    let inbox = inbox
    guard !silent else {
      // Started here, before the next key is read (an Enter right after it
      // ended the program before a thread had started it); waited for on one.
      let finish = ShellCommand.startInBackground(command)
      return DetachedThread.start { inbox.post(.executeFinished(id: id, failure: finish())) }
    }
    // The terminal as the program found it, for the command to use; the
    // screen comes back when it ends (C-c interrupts the command only).
    next(
      .suspendFor {
        let failure = ShellCommand.run(
          command, input: "/dev/tty", outputPath: "/dev/tty", ownGroup: false,
          stopWhen: { SignalPipe.endingSignalArrived })
        inbox.post(.executeFinished(id: id, failure: failure))
      })
  }

  func reload(id: Int, command: ShellLine, streamed: Bool) {
    let (inbox, reloads, config) = (inbox, reloads, config)
    DetachedThread.start {
      let event = ShellCommand.reload(
        id: id, command: command, config: config, started: { reloads.started(id: id, pid: $0) },
        progress: streamed
          ? { inbox.post(.reloadProgress(id: id, DataUpdate(list: $0, progress: 0, reading: true))) } : nil,
        cancelled: { reloads.isCancelled(id: id) })
      if !reloads.finished(id: id) { inbox.post(event) }
    }
  }

  func cancelReload(id: Int) { reloads.cancel(id: id) }
}

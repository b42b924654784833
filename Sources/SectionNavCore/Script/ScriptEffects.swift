/// The script runner's `EffectPerformer`: everything on the spot. Jobs run
/// at once (or wait for `settle` after `hold`), shell commands run to their
/// end, and what each sends back is handled next, in order; the first
/// effect that ends the run or fails a command stops it.
struct ScriptEffects: EffectPerformer {
  var jobs = SynchronousRunner()
  let shell: (any ScriptShell)?
  let print: (String) -> Void
  /// Events sent back, to handle next.
  private var events: [Event] = []
  private(set) var ended: RunEnd?
  private(set) var failure: String?

  init(shell: (any ScriptShell)?, print: @escaping (String) -> Void) {
    self.shell = shell
    self.print = print
  }

  var stopped: Bool { ended != nil || failure != nil }

  /// Handles `event` and everything it sets off, until nothing is left or the run stops.
  mutating func send(_ event: Event, to state: inout AppState) {
    events.append(event)
    while !stopped, !events.isEmpty {
      for effect in state.handle(events.removeFirst()) where !stopped { effect.perform(on: &self) }
    }
  }

  /// Runs the held jobs to the end, each with all it sets off, in the order they were started.
  mutating func settle(_ state: inout AppState) {
    for job in jobs.release() where !stopped { send(job.run(shouldStop: { false }), to: &state) }
  }

  mutating func end(_ end: RunEnd) { ended = end }
  mutating func output(_ text: String) { print(text) }
  mutating func commandFailed(_ message: String) { failure = message }
  /// The built-in prompt edits the line: later `key`/`type` lines type it.
  mutating func editLine(_ kind: AppState.PromptKind) {}
  /// No terminal to give back.
  mutating func suspend() {}
  /// Frames are printed whole anyway.
  mutating func redraw() {}

  mutating func start(_ job: any BackgroundJob) {
    if let event = jobs.start(job) { events.append(event) }
  }

  mutating func cancel(jobID: Int) {
    if let event = jobs.cancel(jobID: jobID) { events.append(event) }
  }

  /// Shell commands run to their end at once: there is never one to kill.
  /// Without a shell (tests) they do nothing.
  mutating func runPreview(id: Int, command: ShellLine) {
    if let shell { events.append(shell.preview(id: id, command: command)) }
  }

  mutating func cancelPreview(id: Int) {}

  mutating func execute(id: Int, command: ShellLine, silent: Bool) {
    guard let shell else { return }
    let (printed, event) = shell.execute(id: id, command: command, silent: silent)
    print(printed)
    events.append(event)
  }

  /// Read whole, streamed or not: a script's frames do not depend on how
  /// fast the command writes.
  mutating func reload(id: Int, command: ShellLine, streamed: Bool) {
    if let shell { events.append(shell.reload(id: id, command: command)) }
  }

  mutating func cancelReload(id: Int) {}
}

/// What a runner is: the one that carries out the effects `AppState.handle`
/// returns, one method per effect. The terminal runner (threads, the
/// screen, libedit) and the script runner (`ScriptRunner`: everything on
/// the spot) both implement it and decide nothing else: every rule is the
/// core's, so fixtures reach it. A new effect is a new requirement here,
/// so neither runner can forget it.
public protocol EffectPerformer {
  /// The run ends (q, C-c, Enter, invalid data): `RunEnd.exit` gives the
  /// status and output.
  mutating func end(_ end: RunEnd)
  /// Text for standard output (`print`, `state`).
  mutating func output(_ text: String)
  /// A command could not be parsed or carried out (also on the status line).
  mutating func commandFailed(_ message: String)
  /// Read a line for the `:` or `/` prompt, then send `.lineEdited`.
  mutating func editLine(_ kind: AppState.PromptKind)
  /// C-z: give the terminal back and stop.
  mutating func suspend()
  /// C-l: clear the screen; the next frame is drawn whole.
  mutating func redraw()
  /// Run `job` and send the event it returns.
  mutating func start(_ job: any BackgroundJob)
  /// Stop the job `jobID` early; its (partial) result is still sent.
  mutating func cancel(jobID: Int)
  /// Run the preview command and send `.previewOutput`.
  mutating func runPreview(id: Int, command: ShellLine)
  /// Kill the preview run `id`; no event follows.
  mutating func cancelPreview(id: Int)
  /// Run `execute`'s command and send `.executeFinished`.
  mutating func execute(id: Int, command: ShellLine, silent: Bool)
  /// Run `reload`'s command, read its output as data, send `.reloaded` or
  /// `.reloadFailed`; `streamed`: what has arrived as `.reloadProgress` meanwhile.
  mutating func reload(id: Int, command: ShellLine, streamed: Bool)
  /// Kill the reload `id`; no event follows.
  mutating func cancelReload(id: Int)
}

extension Effect {
  /// Hands the effect to `performer`'s method for it.
  public func perform(on performer: inout some EffectPerformer) {
    if let end = RunEnd(self) { return performer.end(end) }
    switch self {
    case .quit, .interrupt, .choose, .chooseItems, .become, .fail: break
    case .output(let text): performer.output(text)
    case .commandFailed(let message): performer.commandFailed(message)
    case .editLine(let kind): performer.editLine(kind)
    case .suspend: performer.suspend()
    case .redraw: performer.redraw()
    case .start(let job): performer.start(job)
    case .cancel(let id): performer.cancel(jobID: id)
    case .runPreview(let id, let command): performer.runPreview(id: id, command: command)
    case .cancelPreview(let id): performer.cancelPreview(id: id)
    case .execute(let id, let command, let silent): performer.execute(id: id, command: command, silent: silent)
    case .reload(let id, let command, let streamed): performer.reload(id: id, command: command, streamed: streamed)
    case .cancelReload(let id): performer.cancelReload(id: id)
    }
  }
}

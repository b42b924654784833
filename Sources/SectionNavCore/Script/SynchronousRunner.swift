/// Carries out effects on the spot, on the calling thread: the script
/// runner's (and the tests') counterpart of the terminal runner, which runs
/// background jobs on threads. Job results go back through `handle` before
/// `send` returns, unless the script said `hold`: then jobs wait for `settle`
/// (or for a `.cancel`, which runs them as stopped at once), so a script can
/// act while work "runs".
public struct SynchronousRunner: Sendable {
  /// Whether new jobs wait for `settle`.
  public var holding = false
  private var held: [any BackgroundJob] = []

  public init() {}

  /// Handles `event` and everything it causes; returns the effects that are
  /// not background work (outcomes, output, prompts, failures), in order.
  public mutating func send(_ event: Event, to state: inout AppState) -> [Effect] {
    var pending = [event]
    var out: [Effect] = []
    while !pending.isEmpty {
      let next = pending.removeFirst()
      for effect in state.handle(next) {
        switch effect {
        case .start(let job): if let event = start(job) { pending.append(event) }
        case .cancel(let id): if let event = cancel(jobID: id) { pending.append(event) }
        default: out.append(effect)
        }
      }
    }
    return out
  }

  /// Carries out `.start(job)`: the event the job sends back, or nil while holding.
  public mutating func start(_ job: any BackgroundJob) -> Event? {
    guard holding else { return job.run(shouldStop: { false }) }
    held.append(job)
    return nil
  }

  /// Carries out `.cancel`: a held job runs as stopped at once (its partial
  /// result is still sent); one that ran already has sent its event.
  public mutating func cancel(jobID id: Int) -> Event? {
    guard let i = held.firstIndex(where: { $0.id == id }) else { return nil }
    return held.remove(at: i).run(shouldStop: { true })
  }

  /// Stops holding: the held jobs, in the order they were started, to run to the end.
  public mutating func release() -> [any BackgroundJob] {
    defer {
      held.removeAll()
      holding = false
    }
    return held
  }

  /// Runs the held jobs to the end, in the order they were started.
  public mutating func settle(_ state: inout AppState) -> [Effect] {
    var out: [Effect] = []
    for job in release() { out += send(job.run(shouldStop: { false }), to: &state) }
    return out
  }
}

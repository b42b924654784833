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
        case .start(let job):
          if holding { held.append(job) } else { pending.append(job.run(shouldStop: { false })) }
        case .cancel(let id):
          if let i = held.firstIndex(where: { $0.id == id }) {
            pending.append(held.remove(at: i).run(shouldStop: { true }))
          }
        default:
          out.append(effect)
        }
      }
    }
    return out
  }

  /// Runs the held jobs to the end, in the order they were started.
  public mutating func settle(_ state: inout AppState) -> [Effect] {
    let jobs = held
    held.removeAll()
    holding = false
    var out: [Effect] = []
    for job in jobs { out += send(job.run(shouldStop: { false }), to: &state) }
    return out
  }
}

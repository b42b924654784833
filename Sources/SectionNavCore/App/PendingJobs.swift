/// The background work the state waits for: at most one job per purpose,
/// each known by its id. A result counts only while its job is still the
/// one waited for — `finish` is the one stale check every result event goes
/// through, so a result of a replaced or stopped job is dropped.
struct PendingJobs: Sendable {
  enum Purpose: Sendable, Hashable {
    /// `/`, `n`/`N`, a search found again over new data.
    case search
    /// A chunk of the filter run.
    case filter
    /// The preview command for the item the cursor rests on.
    case preview
    /// An `execute` whose chain goes on when it ends.
    case execute
    /// A `reload` whose data replaces the list.
    case reload
  }

  /// A job waited for, and what its result is for.
  enum Job: Sendable {
    case search(RunningSearch)
    case filter
    case preview(WorkflowState.PreviewKey)
    /// The actions of the chain after the `execute`.
    case execute(then: [BindAction])
    case reload

    var purpose: Purpose {
      switch self {
      case .search: .search
      case .filter: .filter
      case .preview: .preview
      case .execute: .execute
      case .reload: .reload
      }
    }
  }

  private var waiting: [Purpose: (id: Int, job: Job)] = [:]
  /// The last id handed out.
  private var lastID = 0

  /// Waits for `job` under a fresh id, instead of the job of the same
  /// purpose waited for until now (`replaced`, for the caller to cancel).
  mutating func start(_ job: Job) -> (id: Int, replaced: Int?) {
    lastID += 1
    let replaced = waiting.updateValue((lastID, job), forKey: job.purpose)?.id
    return (lastID, replaced)
  }

  /// The job waited for for `purpose`.
  subscript(purpose: Purpose) -> (id: Int, job: Job)? { waiting[purpose] }

  /// Stops waiting for `purpose`'s job; its id, for the caller to cancel.
  mutating func stop(_ purpose: Purpose) -> Int? {
    waiting.removeValue(forKey: purpose)?.id
  }

  /// A result of job `id` arrived for `purpose`: the job, now no longer
  /// waited for, when it is the one waited for; nil (drop the result) when
  /// it was replaced or stopped.
  mutating func finish(_ purpose: Purpose, id: Int) -> Job? {
    guard waiting[purpose]?.id == id else { return nil }
    return waiting.removeValue(forKey: purpose)?.job
  }

  /// What the job waited for for `job.purpose` is for, now `job`'s (same id).
  mutating func retarget(_ job: Job) {
    guard let id = waiting[job.purpose]?.id else { return }
    waiting[job.purpose] = (id, job)
  }

  /// The search waited for.
  var search: (id: Int, running: RunningSearch)? {
    guard let entry = self[.search], case .search(let running) = entry.job else { return nil }
    return (entry.id, running)
  }

  /// The preview command waited for, and the item it is for.
  var preview: (id: Int, key: WorkflowState.PreviewKey)? {
    guard let entry = self[.preview], case .preview(let key) = entry.job else { return nil }
    return (entry.id, key)
  }
}

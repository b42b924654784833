import Dispatch
import SectionNavCore
import Synchronization

/// The terminal runner's way to carry out `.start(job)` and `.cancel(jobID:)`:
/// each job runs on a background queue and posts its result event to the
/// inbox, so the run loop hands it to `handle` like a key.
public final class BackgroundJobs: Sendable {
  private let inbox: EventInbox
  private let flags = Mutex<[Int: CancelFlag]>([:])

  public init(inbox: EventInbox) { self.inbox = inbox }

  public func start(_ job: any BackgroundJob) {
    let flag = CancelFlag()
    flags.withLock { $0[job.id] = flag }
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let result = job.run { flag.stopped.load(ordering: .relaxed) }
      _ = flags.withLock { $0.removeValue(forKey: job.id) }
      inbox.post(result)
    }
  }

  public func cancel(_ id: Int) {
    flags.withLock { $0[id]?.stopped.store(true, ordering: .relaxed) }
  }

  /// Asks every running job to stop (the run is ending).
  public func cancelAll() {
    flags.withLock { for flag in $0.values { flag.stopped.store(true, ordering: .relaxed) } }
  }
}

private final class CancelFlag: Sendable {
  let stopped = Atomic<Bool>(false)
}

import Dispatch

/// One chunk of a filter run as background work: it advances the run by up
/// to `budget` items — stopping early once the first screenful of survivors
/// is found, so it shows at once — and returns the run as `.filtered`. The
/// state shows the survivors so far and starts the next chunk, so results
/// stream in, `filtering 42%` moves, and a new keystroke simply stops
/// continuing the old run (its chunk is cancelled, its result ignored).
public struct FilterJob: BackgroundJob {
  public let id: Int
  public let run: FilterRun
  /// Survivors that fill the screen.
  public let rows: Int

  /// Items per chunk: a few milliseconds on plain data.
  public static let budget = 1 << 18
  /// Items between checks of `shouldStop` and of the first screenful.
  static let step = 1 << 12

  public func run(shouldStop: () -> Bool) -> Event {
    var run = self.run
    let before = run.survivorCount
    var left = Self.budget
    while left > 0 && !shouldStop() {
      if run.advance(budget: min(left, Self.step)) { break }
      left -= Self.step
      if before < rows && run.survivorCount >= rows { break }
    }
    return .filtered(jobID: id, run)
  }
}

extension FilterJob {
  /// A whole filter run to its end with no screen to fill first
  /// (`--filter-print`, `--select-1`/`--exit-0`): the interactive filter's
  /// `FilterRun`, split into `parts` (one per core, as fzf matches on every
  /// core), each part advanced to the end on its own thread; their joined result.
  public static func complete(
    query: FilterQuery, list: SectionedList, sort: Bool, parts: Int = Cores.available
  ) -> FilterResult {
    var runs = FilterRun.parts(query: query, list: list, sort: sort, parts: parts)
    runs.withUnsafeMutableBufferPointer { buffer in
      // Each thread advances its own run only.
      let slots = SendablePointer(base: buffer.baseAddress!)
      DispatchQueue.concurrentPerform(iterations: buffer.count) { i in
        if !slots.base[i].finishInFileOrder() { _ = slots.base[i].advance(budget: .max) }
      }
    }
    return FilterRun.joined(runs)
  }
}

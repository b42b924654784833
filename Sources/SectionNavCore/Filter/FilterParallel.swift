import Dispatch

extension FilterRun {
  /// The whole filter at once on `threads` threads (`--filter-print`): the
  /// sections are split into contiguous parts of about equal item counts,
  /// each filtered by its own run, and the parts joined — in data order, or
  /// under `--sort` with sections ranked by their best item across parts.
  public static func parallel(
    query: FilterQuery, list: SectionedList, sort: Bool, threads: Int
  ) -> FilterResult {
    let parts = max(1, min(threads, list.sectionCount))
    var bounds = [0]
    let per = max(1, list.itemCount / parts)
    var sum = 0
    for s in 0..<list.sectionCount {
      sum += list.sections[s].itemCount
      if bounds.count < parts && sum >= per * bounds.count { bounds.append(s + 1) }
    }
    if bounds.last != list.sectionCount { bounds.append(list.sectionCount) }
    let ranges = (0..<bounds.count - 1).map { bounds[$0]..<bounds[$0 + 1] }
    let runs = Results(count: ranges.count)
    DispatchQueue.concurrentPerform(iterations: ranges.count) { i in
      var run = FilterRun(query: query, list: list, sort: sort, sections: ranges[i])
      _ = run.advance(budget: .max)
      runs.set(i, run)
    }
    let done = runs.all
    // (section, its items, best score) in the joined order.
    var pieces: [(section: Int32, part: Int, k: Int, best: Int32)] = []
    for (part, run) in done.enumerated() {
      let r = run.result()
      for k in 0..<r.sectionCount {
        pieces.append((r.sections[k], part, k, sort ? run.sectionScores[k] : 0))
      }
    }
    if sort {
      pieces.sort { $0.best != $1.best ? $0.best > $1.best : $0.section < $1.section }
    }
    let results = done.map { $0.result() }
    var sections: [Int32] = []
    var starts: [Int32] = []
    var ordinals: [UInt32] = []
    ordinals.reserveCapacity(results.reduce(0) { $0 + $1.itemCount })
    for piece in pieces {
      let r = results[piece.part]
      sections.append(piece.section)
      starts.append(Int32(ordinals.count))
      ordinals += r.ordinals[Int(r.starts[piece.k])..<Int(r.starts[piece.k + 1])]
    }
    starts.append(Int32(ordinals.count))
    return FilterResult(
      query: query, list: list, generation: 0, sections: sections, starts: starts, ordinals: ordinals,
      isComplete: true, scanned: list.itemCount, total: list.itemCount)
  }
}

/// The parts' runs, each written by its own thread once.
private final class Results: @unchecked Sendable {
  private var runs: [FilterRun?]
  private let lock = DispatchSemaphore(value: 1)
  init(count: Int) { runs = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ run: FilterRun) {
    lock.wait()
    runs[i] = run
    lock.signal()
  }
  var all: [FilterRun] { runs.map { $0! } }
}

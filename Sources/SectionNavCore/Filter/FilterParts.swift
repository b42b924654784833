extension FilterRun {
  /// Runs for a whole filter split into `parts` contiguous ranges of
  /// sections with about equal item counts, for a runner to advance on as
  /// many threads (`--filter-print`); `joined` puts their results together.
  public static func parts(query: FilterQuery, list: SectionedList, sort: Bool, parts: Int) -> [FilterRun] {
    let parts = max(1, min(parts, list.sectionCount))
    var bounds = [0]
    let per = max(1, list.itemCount / parts)
    var sum = 0
    for s in 0..<list.sectionCount {
      sum += list.sections[s].itemCount
      if bounds.count < parts && sum >= per * bounds.count { bounds.append(s + 1) }
    }
    // A list with no section still gets one (empty) run, so `joined` has a
    // query and a list to answer with.
    if bounds.count == 1 || bounds.last != list.sectionCount { bounds.append(list.sectionCount) }
    return (0..<bounds.count - 1).map {
      FilterRun(query: query, list: list, sort: sort, sections: bounds[$0]..<bounds[$0 + 1])
    }
  }

  /// The completed `parts` as one result: in data order, or under `--sort`
  /// with sections ranked by their best item across parts (ties in data order).
  public static func joined(_ done: [FilterRun]) -> FilterResult {
    let query = done[0].query
    let list = done[0].list
    let sort = done[0].sort
    // (section, its items, best score) in the joined order.
    var pieces: [(section: Int32, part: Int, k: Int, best: UInt64)] = []
    for (part, run) in done.enumerated() {
      let r = run.result()
      for k in 0..<r.sectionCount {
        pieces.append((r.sections[k], part, k, sort ? run.sectionScores[k] : 0))
      }
    }
    if sort {
      pieces.sort { $0.best != $1.best ? $0.best < $1.best : $0.section < $1.section }
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

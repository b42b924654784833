import CMapGuard

/// One filter pass, run in chunks: `advance(budget:)` looks at up to
/// `budget` more items and returns whether the pass is done, so a front end
/// can run it on a background thread, post `result()` as progress and stop
/// when a new keystroke makes it stale. Scripts run it to the end at once.
///
/// Items are matched in their bytes (see `ItemBytes`); an item that is not
/// plain ASCII is decoded to scalars first. Titles are matched only under
/// `--nth` with `section` (`MatchOptions.titles`), and only titles from the
/// data: a term is then satisfied by the item text or its section's title
/// (matched once per section); a negated term by neither.
public struct FilterRun: Sendable, Equatable {
  public let query: FilterQuery
  public let list: SectionedList
  public let generation: Int
  let sort: Bool
  /// The survivors of a query this one narrows (only they are looked at).
  let candidates: FilterResult?
  public let total: Int
  public private(set) var scanned = 0
  public private(set) var isComplete = false

  private let terms: [FilterQuery.Term]
  private let groups: [[Int]]
  private var sectionPosition = 0
  private var itemPosition = 0
  /// The current section's plan (see `FilterMatcher`); nil between sections.
  private var plan: [Int32]?
  private var planSkips = false
  private var sectionOpened = false

  private var sections: [Int32] = []
  private var starts: [Int32] = []
  private var ordinals: [UInt32] = []
  private var scores: [UInt64] = []
  private var matcher: FilterMatcher

  /// The survivors' widest row, measured when the run completes over a
  /// list wider than `measureBeyond`: the horizontal extent and indicator
  /// of the filtered view (they kept the whole data's, so `$` scrolled
  /// short survivors out of sight). Nil: not measured.
  public private(set) var widest: Int?
  let measureBeyond: Int
  /// Survivors this few are measured whatever `measureBeyond` says.
  static let alwaysMeasured = 10_000

  public init(
    query: FilterQuery, list: SectionedList, generation: Int = 0, sort: Bool = false,
    previous: FilterResult? = nil, sections range: Range<Int>? = nil, measureBeyond: Int = .max
  ) {
    self.measureBeyond = measureBeyond
    self.query = query
    self.list = list
    self.generation = generation
    self.sort = sort && query.isSortable
    let usable = previous.flatMap { p in
      p.isComplete && p.list === list && p.query.isNarrowed(by: query) ? p : nil
    }
    candidates = range == nil ? usable : nil
    let range = range ?? 0..<(candidates?.sectionCount ?? list.sectionCount)
    sectionPosition = range.lowerBound
    sectionEnd = range.upperBound
    total = candidates?.itemCount ?? range.reduce(0) { $0 + list.sections[$1].itemCount }
    var terms: [FilterQuery.Term] = []
    var groups: [[Int]] = []
    for group in query.groups {
      groups.append(group.indices.map { terms.count + $0 })
      terms.append(contentsOf: group)
    }
    self.terms = terms
    self.groups = groups
    matcher = FilterMatcher(terms: terms, options: query.options)
  }

  /// Source sections this run covers end here (all of them, or a part for `parallel`).
  private let sectionEnd: Int
  private var sourceSectionCount: Int { sectionEnd }
  /// Under `--sort`, once complete: the best score of each surviving section.
  public private(set) var sectionScores: [UInt64] = []

  private func sourceSection(_ k: Int) -> Int { candidates.map { Int($0.sections[k]) } ?? k }

  private func sourceItemCount(_ k: Int) -> Int {
    candidates.map { Int($0.starts[k + 1] - $0.starts[k]) } ?? list.sections[k].itemCount
  }

  private func sourceOrdinal(_ k: Int, _ i: Int) -> Int {
    candidates.map { Int($0.ordinals[Int($0.starts[k]) + i]) } ?? list.sections[k].firstItem + i
  }

  /// Same run at the same point (what an event comparison needs).
  public static func == (a: FilterRun, b: FilterRun) -> Bool {
    a.list === b.list && a.query == b.query && a.generation == b.generation && a.scanned == b.scanned
      && a.isComplete == b.isComplete
  }

  /// Items that survived so far.
  public var survivorCount: Int { ordinals.count }

  /// Looks at up to `budget` more items; true when the pass is complete.
  public mutating func advance(budget: Int) -> Bool {
    var left = budget
    let store = list.store
    // Worked on as locals, so appending never copies (the run holds no other reference).
    var ordinals = self.ordinals
    var scores = self.scores
    self.ordinals = []
    self.scores = []
    defer {
      self.ordinals = ordinals
      self.scores = scores
    }
    while sectionPosition < sourceSectionCount {
      let k = sectionPosition
      if plan == nil { startSection(sourceSection(k)) }
      let count = sourceItemCount(k)
      if planSkips {
        scanned += count - itemPosition
        itemPosition = count
      }
      let from = itemPosition
      let to = left >= count - from ? count : from + max(0, left)
      if from < to {
        let first = ordinals.count
        let sort = self.sort
        let code = plan!
        let matcher = self.matcher
        code.withUnsafeBufferPointer { plan in
          func keep(_ ordinal: Int, _ score: UInt64?) {
            guard let score else { return }
            ordinals.append(UInt32(truncatingIfNeeded: ordinal))
            if sort { scores.append(score) }
          }
          func scan(_ ordinalAt: (Int) -> Int) {
            switch store {
            case .lines(let lines):
              let base = lines.buffer.base
              let size = lines.buffer.count
              let ranges = lines.ranges
              for i in from..<to {
                let o = ordinalAt(i)
                let (at, length, plain) = ranges.range(o)
                keep(o, matcher.match(plan, base + at, length, ascii: plain, scoring: sort, readable: size - at))
              }
            case .json(let items):
              let base = items.buffer.base
              let size = items.buffer.count
              let ranges = items.ranges
              for i in from..<to {
                let o = ordinalAt(i)
                let (at, length, plain) = ranges.range(o)
                let p = base + at
                if p.pointee == 0x22 && plain {
                  keep(o, matcher.match(plan, p + 1, length - 2, ascii: true, scoring: sort, readable: size - at - 1))
                } else if p.pointee == 0x22 {
                  keep(o, matcher.matchStringBody(plan, p + 1, length - 2, scoring: sort))
                } else {
                  keep(o, matcher.match(plan, store, o, scoring: sort))
                }
              }
            default:
              for i in from..<to {
                let o = ordinalAt(i)
                keep(o, matcher.match(plan, store, o, scoring: sort))
              }
            }
          }
          if let c = candidates {
            let start = Int(c.starts[k])
            c.ordinals.withUnsafeBufferPointer { o in scan { Int(o[start + $0]) } }
          } else {
            let firstItem = list.sections[k].firstItem
            scan { firstItem + $0 }
          }
        }
        if ordinals.count > first && !sectionOpened {
          sections.append(Int32(sourceSection(k)))
          starts.append(Int32(first))
          sectionOpened = true
        }
        scanned += to - from
        left -= to - from
        itemPosition = to
      }
      if itemPosition < count { return false }
      sectionPosition += 1
      itemPosition = 0
      plan = nil
      sectionOpened = false
    }
    if !isComplete {
      isComplete = true
      if sort { rank(&ordinals, &scores) }
      // Few survivors are measured anyway: the screen may narrow later
      // (an empty result kept the whole data's extent, and an indicator
      // over no row, once the terminal was made narrower).
      if list.maxItemWidth > measureBeyond || ordinals.count <= Self.alwaysMeasured {
        widest = ItemWidth.widest(store: list.store, items: ordinals)
      }
    }
    return true
  }

  /// Matches the section's title against every term once, leaving the plan
  /// for its items: per group not settled by the title, its remaining terms.
  private mutating func startSection(_ s: Int) {
    var plan: [Int32] = []
    var dead = false
    let title = query.options.titles ? list.realTitle(s) : nil
    for group in groups {
      var left: [Int32] = []
      var satisfied = false
      for t in group {
        let hit = title.map { matcher.matchesText($0, term: t) } ?? false
        if terms[t].inverse {
          if !hit { left.append(Int32(t)) }  // else the title rules it out for every item
        } else if hit {
          satisfied = true
        } else {
          left.append(Int32(t))
        }
      }
      if !satisfied {
        if left.isEmpty { dead = true }
        plan.append(Int32(left.count))
        plan += left
      }
    }
    self.plan = plan
    planSkips = dead
  }

  /// Sorts items within each section by rank key (fzf's score and
  /// tiebreaks, then data order) and sections by their best item (then data
  /// order).
  private mutating func rank(_ ordinals: inout [UInt32], _ scores: inout [UInt64]) {
    var order: [(best: UInt64, k: Int)] = []
    var newOrdinals: [UInt32] = []
    newOrdinals.reserveCapacity(ordinals.count)
    var ranked: [[UInt32]] = []
    for k in 0..<sections.count {
      let lo = Int(starts[k])
      let hi = k + 1 < starts.count ? Int(starts[k + 1]) : ordinals.count
      var idx = Array(lo..<hi)
      idx.sort { a, b in scores[a] != scores[b] ? scores[a] < scores[b] : ordinals[a] < ordinals[b] }
      order.append((scores[idx[0]], k))
      ranked.append(idx.map { ordinals[$0] })
    }
    order.sort { $0.best != $1.best ? $0.best < $1.best : $0.k < $1.k }
    sectionScores = order.map(\.best)
    var newSections: [Int32] = []
    var newStarts: [Int32] = []
    for (_, k) in order {
      newSections.append(sections[k])
      newStarts.append(Int32(newOrdinals.count))
      newOrdinals.append(contentsOf: ranked[k])
    }
    sections = newSections
    starts = newStarts
    ordinals = newOrdinals
    scores = []
  }

  /// The survivors so far (all of them once complete).
  public func result() -> FilterResult {
    FilterResult(
      query: query, list: list, generation: generation, sections: sections, starts: starts + [Int32(ordinals.count)],
      ordinals: ordinals, isComplete: isComplete, scanned: scanned, total: total, widest: widest)
  }
}

extension FilterRun {
  /// Bytes of the file matched per round of `finishInFileOrder`: small
  /// enough to stay in the CPU's cache while every section takes its turn.
  public static let fileWindow = 1 << 20
  /// How many items ahead `finishInFileOrder` asks for a section's next lines.
  static let prefetchDistance = 8

  /// Runs a fresh pass over text lines to the end in file order rather than
  /// section order (`--filter-print`). Lines grouped by initial lie scattered
  /// through the file, so matching one section after another reads the
  /// whole file once per section; here every section advances through the
  /// same megabyte of the file in turn. Returns false (nothing done) for
  /// other stores or a narrowing run: `advance` then does the work.
  public mutating func finishInFileOrder(window: Int = fileWindow) -> Bool {
    guard candidates == nil, !isComplete, sectionPosition < sectionEnd, itemPosition == 0,
      case .lines(let lines) = list.store
    else { return false }
    let range = sectionPosition..<sectionEnd
    var plans: [[Int32]?] = []
    for s in range {
      startSection(s)
      plans.append(planSkips ? nil : plan!)
    }
    plan = nil
    let base = lines.buffer.base
    let size = lines.buffer.count
    let ranges = lines.ranges
    var found = [[UInt32]](repeating: [], count: range.count)
    var foundScores = [[UInt64]](repeating: [], count: range.count)
    var next = range.map { list.sections[$0].firstItem }
    let ends = range.map { list.sections[$0].firstItem + list.sections[$0].itemCount }
    var windowEnd = 0
    let matcher = self.matcher
    let sort = self.sort
    let prefetchDistance = Self.prefetchDistance
    while true {
      windowEnd += max(1, window)
      var left = false
      for k in 0..<range.count {
        guard let code = plans[k] else {
          next[k] = ends[k]
          continue
        }
        var i = next[k]
        let end = ends[k]
        code.withUnsafeBufferPointer { plan in
          while i < end {
            let (at, length, plain) = ranges.range(i)
            if at >= windowEnd { break }
            if i + prefetchDistance < end { sn_prefetch(base + ranges.offset(i + prefetchDistance)) }
            if let score = matcher.match(plan, base + at, length, ascii: plain, scoring: sort, readable: size - at) {
              found[k].append(UInt32(truncatingIfNeeded: i))
              if sort { foundScores[k].append(score) }
            }
            i += 1
          }
        }
        next[k] = i
        if i < end { left = true }
      }
      if !left { break }
    }
    var ordinals: [UInt32] = []
    var scores: [UInt64] = []
    for k in 0..<range.count where !found[k].isEmpty {
      sections.append(Int32(range.lowerBound + k))
      starts.append(Int32(ordinals.count))
      ordinals += found[k]
      if sort { scores += foundScores[k] }
    }
    scanned = total
    sectionPosition = sectionEnd
    isComplete = true
    if sort { rank(&ordinals, &scores) }
    self.ordinals = ordinals
    return true
  }
}

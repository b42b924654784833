/// One filter pass, run in chunks: `advance(budget:)` looks at up to
/// `budget` more items and returns whether the pass is done, so a front end
/// can run it on a background thread, post `result()` as progress and stop
/// when a new keystroke makes it stale. Scripts run it to the end at once.
///
/// Items are matched in their bytes (see `ItemBytes`); an item that is not
/// plain ASCII is folded into a scratch buffer first. A term is satisfied by
/// the item text or by its section's title (titles are matched once per
/// section); a negated term by neither.
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
  /// Per group of the current section: terms left to test on items; nil
  /// when the title already satisfies the group.
  private var plan: [[Int]?]?
  private var planSkips = false
  private var sectionOpened = false

  private var sections: [Int32] = []
  private var starts: [Int32] = []
  private var ordinals: [UInt32] = []
  private var scores: [Int32] = []
  private var matcher: ItemMatcher

  public init(
    query: FilterQuery, list: SectionedList, generation: Int = 0, sort: Bool = false,
    previous: FilterResult? = nil
  ) {
    self.query = query
    self.list = list
    self.generation = generation
    self.sort = sort
    let usable = previous.flatMap { p in
      p.isComplete && p.list === list && p.query.isNarrowed(by: query) ? p : nil
    }
    candidates = usable
    total = usable?.itemCount ?? list.itemCount
    var terms: [FilterQuery.Term] = []
    var groups: [[Int]] = []
    for group in query.groups {
      groups.append(group.indices.map { terms.count + $0 })
      terms.append(contentsOf: group)
    }
    self.terms = terms
    self.groups = groups
    matcher = ItemMatcher(terms: terms, literal: query.literal)
  }

  private var sourceSectionCount: Int { candidates?.sectionCount ?? list.sectionCount }

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
    while sectionPosition < sourceSectionCount {
      let k = sectionPosition
      if plan == nil { startSection(sourceSection(k)) }
      let count = sourceItemCount(k)
      if planSkips {
        scanned += count - itemPosition
        itemPosition = count
      }
      while itemPosition < count {
        if left <= 0 { return false }
        let ordinal = sourceOrdinal(k, itemPosition)
        if let score = matcher.match(store, ordinal, plan: plan!, groups: groups, scoring: sort) {
          if !sectionOpened {
            sections.append(Int32(sourceSection(k)))
            starts.append(Int32(ordinals.count))
            sectionOpened = true
          }
          ordinals.append(UInt32(ordinal))
          if sort { scores.append(score) }
        }
        itemPosition += 1
        scanned += 1
        left -= 1
      }
      sectionPosition += 1
      itemPosition = 0
      plan = nil
      sectionOpened = false
    }
    if !isComplete {
      isComplete = true
      if sort { rank() }
    }
    return true
  }

  /// Matches the section's title against every term once.
  private mutating func startSection(_ s: Int) {
    var plan: [[Int]?] = []
    var dead = false
    let title = list.title(s)
    for group in groups {
      var left: [Int] = []
      var satisfied = false
      for t in group {
        let hit = matcher.matchesText(title, term: t)
        if terms[t].inverse {
          if !hit { left.append(t) }  // else the title rules it out for every item
        } else if hit {
          satisfied = true
        } else {
          left.append(t)
        }
      }
      if satisfied {
        plan.append(nil)
      } else {
        if left.isEmpty { dead = true }
        plan.append(left)
      }
    }
    self.plan = plan
    planSkips = dead
  }

  /// Sorts items within each section by score (then data order) and
  /// sections by their best item (then data order).
  private mutating func rank() {
    var order: [(best: Int32, k: Int)] = []
    var newOrdinals: [UInt32] = []
    newOrdinals.reserveCapacity(ordinals.count)
    var ranked: [[UInt32]] = []
    for k in 0..<sections.count {
      let lo = Int(starts[k])
      let hi = k + 1 < starts.count ? Int(starts[k + 1]) : ordinals.count
      var idx = Array(lo..<hi)
      idx.sort { a, b in scores[a] != scores[b] ? scores[a] > scores[b] : ordinals[a] < ordinals[b] }
      order.append((scores[idx[0]], k))
      ranked.append(idx.map { ordinals[$0] })
    }
    order.sort { $0.best != $1.best ? $0.best > $1.best : $0.k < $1.k }
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
      ordinals: ordinals, isComplete: isComplete, scanned: scanned, total: total)
  }
}

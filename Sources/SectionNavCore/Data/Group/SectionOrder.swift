/// The order a load's sections are shown in, kept up to date as sections
/// are found, so each of a background load's snapshots (and the final list)
/// only places the sections new since the last one: sorted ones are merged
/// into the sorted order (`NaturalOrder.merge`), and whether any title
/// repeats — the rare case that needs sections merged — is tracked as
/// titles arrive instead of being looked for again in every title.
struct SectionOrder {
  /// Sections `..<placed` are in `sorted` (when sorting) or `titles`.
  private(set) var placed = 0
  /// Whether the sections are sorted (nil until the first update).
  private var sorting: Bool?
  /// Indices of the placed sections in natural order, when sorting.
  private(set) var sorted: [Int] = []
  /// The placed sections' titles, when keeping file order (a section of a
  /// repeated title is not in).
  private var titles = KeyTable()
  /// Whether two placed sections have the same title.
  private(set) var duplicates = false

  /// Places `sections[placed...]`. `keys`: the titles' sort keys, when
  /// sorting (nil: file order). A change of mode starts over.
  mutating func update(_ sections: Scan.RawSections, keys: NaturalOrder.SortKeys?) {
    if sorting != (keys != nil) { self = SectionOrder(sorting: keys != nil) }
    guard placed < sections.count else { return }
    if let keys {
      let new = NaturalOrder.merge(&sorted, adding: placed..<sections.count, titles: { sections.title($0) }, keys: keys)
      duplicates = duplicates || new
    } else {
      let new = Self.add(placed..<sections.count, to: &titles) { sections.title($0) }
      duplicates = duplicates || new
    }
    placed = sections.count
  }

  private init(sorting: Bool) { self.sorting = sorting }

  /// Adds the titles of sections `range` to `titles`, each unless one with
  /// its scalars is in; whether one was. A million titles probe a million
  /// random slots: each batch is hashed and its slots prefetched before
  /// any is looked for, so the cache misses overlap instead of queueing.
  private static func add(_ range: Range<Int>, to titles: inout KeyTable, title: (Int) -> String) -> Bool {
    titles.reserve(titles.count + range.count)
    let batch = 16
    var repeats = false
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: batch) { hashes in
      var start = range.lowerBound
      while start < range.upperBound {
        let end = min(start + batch, range.upperBound)
        for s in start..<end {
          hashes[s - start] = KeyTable.hash(title(s))
          titles.prefetch(hashes[s - start])
        }
        for s in start..<end {
          let text = title(s)
          if titles.find(hashes[s - start], where: { title($0).sameScalars(as: text) }) != nil {
            repeats = true
          } else {
            titles.add(s, hash: hashes[s - start])
          }
        }
        start = end
      }
    }
    return repeats
  }

  init() {}

  /// The order with `extra` — a section after all of `sections` (all
  /// placed) that may still grow: a snapshot's open section — placed too,
  /// without keeping it: the order (nil for file order) and whether titles
  /// repeat. `keys` must hold `extra`'s key last, when sorting.
  func with(_ extra: Scan.RawSection, sections: Scan.RawSections, keys: NaturalOrder.SortKeys?) -> (
    order: [Int]?, duplicates: Bool
  ) {
    guard let keys else {
      let known = titles.find(KeyTable.hash(extra.title)) { sections.title($0).sameScalars(as: extra.title) }
      return (nil, duplicates || known != nil)
    }
    var order = sorted
    let n = sections.count
    let new = NaturalOrder.merge(
      &order, adding: n..<n + 1, titles: { $0 == n ? extra.title : sections.title($0) }, keys: keys)
    return (order, duplicates || new)
  }
}

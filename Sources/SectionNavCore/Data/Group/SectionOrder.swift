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
      let new = Self.add(placed..<sections.count, to: &titles, sections: sections)
      duplicates = duplicates || new
    }
    placed = sections.count
  }

  private init(sorting: Bool) { self.sorting = sorting }

  /// Adds the titles of sections `range` to `titles`, each unless one with
  /// its scalars is in; whether one was. A million titles probe a million
  /// random slots: their hashes are made first (on two cores when many,
  /// while one of them also makes the table's room: zeroing 16 MB of
  /// slots took a third of the time the probes did), then each slot is
  /// prefetched some titles ahead of its probe, so the cache misses
  /// overlap instead of queueing.
  private static func add(_ range: Range<Int>, to titles: inout KeyTable, sections: Scan.RawSections) -> Bool {
    let hashes = Self.hashes(range, sections) {
      titles.reserve(titles.count + range.count, numbers: range.upperBound)
    }
    let ahead = 16
    var repeats = false
    hashes.withUnsafeBufferPointer { hashes in
      for i in 0..<min(ahead, hashes.count) { titles.prefetch(hashes[i]) }
      for (i, s) in range.enumerated() {
        if i + ahead < hashes.count { titles.prefetch(hashes[i + ahead]) }
        if titles.find(hashes[i], where: { sections.title($0).sameScalars(as: sections.title(s)) }) != nil {
          repeats = true
        } else {
          titles.add(s, hash: hashes[i])
        }
      }
    }
    return repeats
  }

  /// Whether two of `sections`' titles are the same, asked once all are
  /// found (in file order, and nothing placed is kept after). When most
  /// are not placed yet (no snapshot was made, or an early one) and many,
  /// their hashes alone answer, all at once (`HashRepeats`), with no table
  /// of titles; only when two hashes are equal are the titles compared,
  /// by placing them (`update`).
  mutating func lastDuplicates(_ sections: Scan.RawSections) -> Bool {
    if sorting != true, !duplicates, placed <= sections.count - placed,
      sections.count >= NaturalOrder.parallelCount,
      !Self.hashes(0..<sections.count, sections, alongside: {}, firstPart: 2).withUnsafeBufferPointer(HashRepeats.any)
    {
      return false
    }
    update(sections, keys: nil)
    return duplicates
  }

  /// The hashes of sections `range`'s titles, in order, made while
  /// `alongside` runs: on two cores when many, the first doing
  /// `alongside` and one `firstPart`th of the titles.
  private static func hashes(
    _ range: Range<Int>, _ sections: Scan.RawSections, alongside: () -> Void, firstPart: Int = 4
  ) -> [UInt64] {
    [UInt64](unsafeUninitializedCapacity: range.count) { buffer, made in
      made = range.count
      guard let base = buffer.baseAddress else { return alongside() }
      let out = SendablePointer(base: base)
      if range.count >= NaturalOrder.parallelCount {
        let split = range.lowerBound + range.count / firstPart
        _ = ForkJoin.both(
          {
            alongside()
            fill(out, range.lowerBound..<split, from: range.lowerBound, sections)
          },
          { fill(out, split..<range.upperBound, from: range.lowerBound, sections) })
      } else {
        alongside()
        fill(out, range, from: range.lowerBound, sections)
      }
    }
  }

  /// Writes the hashes of sections `part`'s titles at `out`, section `start`'s first.
  private static func fill(
    _ out: SendablePointer<UInt64>, _ part: Range<Int>, from start: Int, _ sections: Scan.RawSections
  ) {
    for s in part { out.base[s - start] = KeyTable.hash(sections.title(s)) }
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

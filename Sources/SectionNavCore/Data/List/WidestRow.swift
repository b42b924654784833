/// The widest row of a list whose rows were not known when its items were
/// found (`--item-format` on sectioned JSON, `SectionedList.showing`): every
/// item measured from its bytes (`ItemStore.measurer`, the one width rule),
/// the two halves of the items on two cores. Moved here from `ItemGroups`
/// (a list concern, not a grouping one).
extension ItemWidth {
  /// Below this many items, one thread measures them all.
  static let splitItems = 1 << 16

  /// The widest row: items for which `given(i)` holds are not measured
  /// (their widest is `widestPlain`), every other one is; only rows whose
  /// bytes give a mere bound wider than the widest exact row are decoded
  /// and measured. Also tells how many were. The same whatever the items'
  /// order or where the halves part.
  static func measureWidest(
    store: ItemStore, ranges: PackedRanges, widestPlain: Int, given: @escaping @Sendable (Int) -> Bool,
    split: Int? = nil
  ) -> (cells: Int, decoded: Int) {
    let count = ranges.count
    let middle = split ?? (count >= splitItems ? count / 2 : count)
    let (first, second) = ForkJoin.both(
      { measure(store, ranges, 0..<middle, widestPlain: widestPlain, given: given) },
      { measure(store, ranges, middle..<count, widestPlain: widestPlain, given: given) })
    return settle(max(first.best, second.best), first.unsure + second.unsure, store)
  }

  /// The widest row among store items `items` (a filter's survivors), as
  /// `measureWidest` measures them, on the calling thread.
  static func widest(store: ItemStore, items: [UInt32]) -> Int {
    guard let ranges = store.ranges else {
      let measure = store.measurer()
      return items.reduce(0) { max($0, measure(Int($1)).cells) }
    }
    let (best, unsure) = measure(store, ranges, items.lazy.map { Int($0) }, widestPlain: 0) { _ in false }
    return settle(best, unsure, store).cells
  }

  /// The widest of `best` and the rows known only by their bounds that
  /// could beat it, decoded and measured (`settle`); how many were.
  private static func settle(_ best: Int, _ unsure: [(index: Int, bound: Int)], _ store: ItemStore) -> (
    cells: Int, decoded: Int
  ) {
    settle(exact: best, unsure, bound: \.bound) { TextSanitizer.width(store.text(at: $0.index)) }
  }

  /// `measureWidest`'s loop over `items`: the widest exact row, and the rows
  /// known only by a bound that beats the bar as it stood (`Bar`).
  private static func measure(
    _ store: ItemStore, _ ranges: PackedRanges, _ items: some Sequence<Int>, widestPlain: Int,
    given: (Int) -> Bool
  ) -> (best: Int, unsure: [(index: Int, bound: Int)]) {
    var bar = Bar()
    bar.note(exact: widestPlain)
    var unsure: [(index: Int, bound: Int)] = []
    // (A range's and an array's count: no measurer made for none.)
    guard items.underestimatedCount > 0 else { return (bar.exact, unsure) }
    let measure = store.measurer()
    // A row never takes more cells than its item's bytes (every scalar or
    // escape takes at least as many bytes as cells), unless a template
    // repeats fields or adds text.
    let bytesBound = !store.rendersTemplate
    for i in items where !given(i) {
      if bytesBound && ranges.length(i) <= bar.floor { continue }
      let cells = measure(i)
      if bar.note(cells) { unsure.append((i, cells.cells)) }
    }
    return (bar.exact, unsure)
  }
}

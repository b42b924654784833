/// Item widths without decoding items. Plain items (ASCII without escapes)
/// are one cell per byte. Other string items and text lines are measured
/// from their bytes by `TextWidth.cells` (the one width rule) as the scan
/// meets them (the bytes are still in cache) — exact for text whose every
/// scalar stands alone as a grapheme, an upper bound otherwise. Only items with a mere bound that beats the widest
/// exact width are decoded and measured (`Widest.resolve`), which real data
/// rarely needs.
enum ItemWidth {
  typealias Pointer = UnsafePointer<UInt8>

  /// What a row must beat to be the widest, as a scan goes: the widest row
  /// known exactly, and `floor`, the least the widest row can be — that or
  /// a row's lower bound where only its bounds are known
  /// (`TextWidth.Cells.least`). A row whose upper bound is no more than
  /// `floor` cannot be the widest and needs no measuring (with a stray
  /// joiner in every item no row was exact, and every row was measured).
  /// The rows that may beat it wait by their upper bounds for `settle`; the
  /// row that set `floor` is one of them, or `exact`, so the widest row
  /// `settle` finds is never less than a row skipped.
  struct Bar: Sendable {
    /// The widest row whose width is known exactly.
    var exact = 0
    /// The least the widest row can be (`exact` or more).
    var floor = 0

    @inline(__always)
    mutating func note(exact width: Int) {
      guard width > exact else { return }
      exact = width
      if width > floor { floor = width }
    }

    /// Notes a row of `cells`; true when it must wait to be settled (only
    /// its bounds are known, and its upper one beats `floor` as it stood).
    @inline(__always)
    mutating func note(_ cells: TextWidth.Cells) -> Bool {
      if cells.exact {
        note(exact: cells.cells)
        return false
      }
      let waits = cells.cells > floor
      if cells.least > floor { floor = cells.least }
      return waits
    }

    /// Takes in the bar of rows noted elsewhere (the other half of a split).
    mutating func merge(_ other: Bar) {
      note(exact: other.exact)
      floor = max(floor, other.floor)
    }
  }

  /// The running widest item of a load.
  struct Widest: Sendable {
    var bar = Bar()
    /// Items known only by an upper bound (byte ranges in the buffer).
    var pending: [(offset: Int, length: Int, bound: Int)] = []
    /// `pending[..<resolved]` have been measured into `exact`.
    var resolved = 0

    /// What an item's upper bound must beat to need measuring.
    var floor: Int { bar.floor }

    @inline(__always)
    mutating func note(exact width: Int) { bar.note(exact: width) }

    @inline(__always)
    mutating func note(offset: Int, length: Int, _ cells: TextWidth.Cells) {
      if bar.note(cells) { pending.append((offset, length, cells.cells)) }
    }

    /// Takes in the items `later` noted (the other half of a split).
    mutating func append(_ later: Widest) {
      pending += later.pending[later.resolved...]
      bar.merge(later.bar)
    }

    /// Measures the pending items that could beat the widest exact one,
    /// decoding them (`measure(offset, length)` gives the true width;
    /// `ItemWidth.settle`). Incremental: each call looks only at items
    /// noted since the last one.
    mutating func resolve(_ measure: (Int, Int) -> Int) -> Int {
      guard resolved < pending.count else { return bar.exact }
      let settled = ItemWidth.settle(exact: bar.exact, pending[resolved...], bound: \.bound) {
        measure($0.offset, $0.length)
      }
      bar.note(exact: settled.cells)
      resolved = pending.count
      return bar.exact
    }
  }

  /// The widest of `exact` and the true widths of `rows`, rows known only
  /// by an upper bound (`bound`): measured (`measure`, which decodes) widest
  /// bound first, up to the first bound that cannot beat the widest so far.
  /// Few rows are decoded, and which ones does not depend on the items'
  /// order: in item order, each row whose bound beat the widest found
  /// before it was (rows growing through the file: all of them). Also
  /// tells how many were decoded.
  static func settle<Rows: Collection>(
    exact: Int, _ rows: Rows, bound: (Rows.Element) -> Int, measure: (Rows.Element) -> Int
  ) -> (cells: Int, decoded: Int) {
    var best = exact
    var decoded = 0
    var candidates = rows.filter { bound($0) > exact }
    candidates.sort { bound($0) > bound($1) }
    for row in candidates {
      guard bound(row) > best else { break }
      decoded += 1
      best = max(best, measure(row))
    }
    return (best, decoded)
  }
}

extension ItemWidth {
  /// The widest row of item data, kept by the scan that finds the items
  /// (`ItemGroups`, on each core of a split) while their bytes are in
  /// cache: rows measured exactly count at once; rows known only by a
  /// bound (text only grapheme breaking can measure) wait, by item number,
  /// until a list is made, and are decoded only if their bound still beats
  /// the widest exact row. The figure is exact whatever the items' order.
  struct Rows: Sendable {
    var bar = Bar()
    /// Rows known only by an upper bound (in item order).
    var pending: [(item: Int, offset: Int, length: Int, bound: Int)] = []

    /// What a row's upper bound must beat to need measuring.
    var floor: Int { bar.floor }

    @inline(__always)
    mutating func note(exact width: Int) { bar.note(exact: width) }

    /// Notes item `item`'s row: `cells` as `TextWidth.cells` gives them.
    @inline(__always)
    mutating func note(item: Int, offset: Int, length: Int, _ cells: ItemStore.Cells) {
      if bar.note(cells) { pending.append((item, offset, length, cells.cells)) }
    }

    /// Forgets the rows of items `n` and later. `bar`: as it stood before
    /// them, when they may not come back (a bad line skipped); a scan
    /// stepping back to rescan them leaves it (they come back as they were).
    mutating func forget(from n: Int, bar: Bar? = nil) {
      while let last = pending.last, last.item >= n { pending.removeLast() }
      if let bar { self.bar = bar }
    }

    /// Takes in the rows of `later`, whose items come after the first `shift`.
    mutating func append(_ later: Rows, shift: Int) {
      // Those its bar skipped may be below this one's, and the reverse:
      // the rows either keeps are kept, then the bars taken together.
      for p in later.pending where p.bound > bar.floor {
        pending.append((p.item + shift, p.offset, p.length, p.bound))
      }
      bar.merge(later.bar)
    }

    /// The widest row: `measure(offset, length)` gives a pending row's true
    /// width (decoding it); only those whose bound beats the widest exact
    /// row are measured. Also tells how many were.
    func resolve(_ measure: (Int, Int) -> Int) -> (cells: Int, decoded: Int) {
      ItemWidth.settle(exact: bar.exact, pending, bound: \.bound) { measure($0.offset, $0.length) }
    }
  }
}

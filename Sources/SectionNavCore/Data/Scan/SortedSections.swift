extension Scan {
  /// The list's sections in natural order, made straight from the sort:
  /// the sort's entries are made and sorted inside the list's own memory,
  /// and each is read just before its section is written over it. No
  /// array of entries and none of indices beside the list: a million
  /// sections fault in 27 MB fewer fresh pages (on this kind of machine
  /// half a millisecond a MB, more than sorting them) and skip a pass.
  /// `repeating`: where a title repeats the one before it, ascending —
  /// the list holds one section per section found, equal titles side by
  /// side (earliest first), for the caller to merge
  /// (`mergedSideBySide`). `keys`: the titles' sort keys, let go once sorted.
  static func sortedListed(_ sections: RawSections, keys: consuming NaturalOrder.SortKeys) -> (
    sections: [SectionedList.Section], repeating: [Int]
  ) {
    typealias Section = SectionedList.Section
    let n = sections.count
    // Layout: entry `k` (`e` bytes) lies at `gap * middle + e * k`, where
    // `gap` is what a section (`s` bytes) takes more. The first half's
    // sections are written upwards from 0, the second half's downwards from
    // the end, both at once; each section is written only after its own
    // entry is read. Upwards, section `k` ends at `s * (k + 1)`, no further
    // than entry `k + 1` starts while `k < middle` (`gap * middle >= gap *
    // (k + 1)`); downwards, section `k` starts at `s * k`, no lower than
    // where entry `k - 1` ends (`gap * middle + e * k <= s * k` for `k >=
    // middle`); the first half's sections end at `s * middle`, where the
    // second half's entries start. So no section is written over an entry
    // not yet read, by either side.
    let (s, e) = (MemoryLayout<Section>.stride, MemoryLayout<SortEntry>.stride)
    let gap = s - e
    precondition(gap >= 0 && gap % MemoryLayout<SortEntry>.alignment == 0, "a section holds its sort entry")
    let middle = n / 2
    var keys: NaturalOrder.SortKeys? = consume keys
    var repeating: [Int] = []
    let list = [Section](unsafeUninitializedCapacity: n) { buffer, made in
      guard let base = buffer.baseAddress else { return }
      let raw = UnsafeMutableRawPointer(base)
      let entries = (raw + gap * middle).bindMemory(to: SortEntry.self, capacity: n)
      // Only the entries' pages now: the rest of the list's are made once
      // the keys are gone, so both are never whole in memory.
      HugePages.prepare(entries, count: n)
      NaturalOrder.sortEntries(count: n, title: { sections.title($0) }, keys: keys!, into: entries)
      keys = nil
      // Back to sections; the entries are read as bytes from here on.
      raw.bindMemory(to: Section.self, capacity: n)
      let at = SendablePointer(base: base)
      @Sendable func entry(_ k: Int) -> SortEntry {
        UnsafeRawPointer(at.base).load(fromByteOffset: gap * middle + e * k, as: SortEntry.self)
      }
      @Sendable func same(_ x: SortEntry, _ y: SortEntry) -> Bool { SortEntry.same(x, y) { sections.title($0) } }
      let boundary = middle > 0 && middle < n && same(entry(middle - 1), entry(middle))
      /// Fills sections `range` one way, each from its entry; where a
      /// title there repeats the one before it (told as the entries pass:
      /// they may be gone after), in the order met.
      @Sendable func fill(_ range: Range<Int>, upwards: Bool) -> [Int] {
        var repeating: [Int] = []
        var neighbour: SortEntry? = nil
        let step = upwards ? 1 : -1
        var k = upwards ? range.lowerBound : range.upperBound - 1
        for _ in range {
          let x = entry(k)
          let ahead = k + step * gatherAhead
          if range.contains(ahead) { sections.prefetch(Int(entry(ahead).index)) }
          if let neighbour, same(neighbour, x) { repeating.append(upwards ? k : k + 1) }
          (at.base + k).initialize(to: sections.listSection(Int(x.index)))
          neighbour = x
          k += step
        }
        return repeating
      }
      let (a, b) = ForkJoin.both(
        if: n >= NaturalOrder.parallelCount, { fill(0..<middle, upwards: true) }, { fill(middle..<n, upwards: false) })
      repeating = a + (boundary ? [middle] : []) + b.reversed()
      made = n
    }
    return (list, repeating)
  }
}

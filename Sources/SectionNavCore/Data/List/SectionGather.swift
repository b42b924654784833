import CMapGuard

extension SectionedList.Section {
  /// The sections `order` names (indices into `titles`, `starts`, `counts`:
  /// a grouper's sections as found), in that order — made once, in the
  /// order they are shown, instead of made and then reordered (a copy of
  /// every section, and its titles retained and released again). On two
  /// cores when many; in sorted order each title, start and count read is
  /// a cache miss, so they are asked for some sections ahead and the
  /// misses overlap instead of queueing. `derived(s)`: section `s`'s title
  /// was made up by sectionnav.
  static func gathered(
    _ order: [Int], titles: [String], starts: [Int], counts: [Int], derived: @escaping @Sendable (Int) -> Bool
  ) -> [SectionedList.Section] {
    ForkJoin.array(count: order.count) { (out: UnsafeMutablePointer<SectionedList.Section>, range) in
      titles.withUnsafeBufferPointer { titles in
        starts.withUnsafeBufferPointer { starts in
          counts.withUnsafeBufferPointer { counts in
            @inline(__always) func prefetch(_ s: Int) {
              sn_prefetch(titles.baseAddress! + s)
              sn_prefetch(starts.baseAddress! + s)
              sn_prefetch(counts.baseAddress! + s)
            }
            for k in range.prefix(Scan.gatherAhead) { prefetch(order[k]) }
            for k in range {
              if k + Scan.gatherAhead < range.upperBound { prefetch(order[k + Scan.gatherAhead]) }
              let s = order[k]
              (out + k).initialize(
                to: SectionedList.Section(
                  title: titles[s], firstItem: starts[s], itemCount: counts[s], derived: derived(s)))
            }
          }
        }
      }
    }
  }
}

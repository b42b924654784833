import CMapGuard

extension Scan {
  /// A section as found, before duplicate titles merge. Items lie in
  /// sections one after another, so a section's first item is the end of
  /// the one before (`RawSections.firstItem`): 24 bytes a section, not 32
  /// (a million sections: 8 MB less at the load's peak).
  struct RawSection {
    var title: String
    /// One past its last item.
    var end: Int
  }

  /// The sections found so far, in file order: this scan's, then the ones
  /// a second half found (`adopt`), kept as that scan made them and their
  /// ends shifted as they are read — joining the halves copies no section
  /// (a million sections: 10 ms and 10 MB at the load's peak).
  struct RawSections: RandomAccessCollection {
    private var head: [RawSection] = []
    private var tail: [RawSection] = []
    /// Added to the ends in `tail`: the items before its first section.
    private var shift = 0

    var startIndex: Int { 0 }
    var endIndex: Int { head.count + tail.count }

    subscript(i: Int) -> RawSection { RawSection(title: title(i), end: end(i)) }

    @inline(__always) func title(_ i: Int) -> String { i < head.count ? head[i].title : tail[i - head.count].title }

    @inline(__always) func end(_ i: Int) -> Int { i < head.count ? head[i].end : tail[i - head.count].end + shift }

    /// Section `i`'s first item: where section `i - 1` ends.
    @inline(__always) func firstItem(_ i: Int) -> Int { i == 0 ? 0 : end(i - 1) }

    /// Section `i` as a list holds it (before equal titles merge).
    @inline(__always) func listSection(_ i: Int) -> SectionedList.Section {
      let first = firstItem(i)
      return SectionedList.Section(title: title(i), firstItem: first, itemCount: end(i) - first)
    }

    /// Starts loading what `title(i)`, `end(i)` and `firstItem(i)` read
    /// (`sn_prefetch`): a gather in sorted order names its sections some
    /// way ahead, so their cache misses overlap instead of queueing. Each
    /// part is read in place: a copy of it would retain and release the
    /// array per call, an atomic write that two gathering cores contend for.
    @inline(__always) func prefetch(_ i: Int) {
      @inline(__always) func lines(_ sections: UnsafeBufferPointer<RawSection>, _ k: Int) {
        guard let base = sections.baseAddress, k < sections.count else { return }
        sn_prefetch(base + k)
        if k > 0 { sn_prefetch(base + k - 1) }
      }
      if i < head.count {
        head.withUnsafeBufferPointer { lines($0, i) }
      } else {
        tail.withUnsafeBufferPointer { lines($0, i - head.count) }
      }
    }

    /// The titles of sections `range`, in order: a sequence the sort
    /// keys' loop is specialized for (a lazy map calls a closure a title).
    struct Titles: Sequence, IteratorProtocol {
      let sections: RawSections
      var range: Range<Int>

      var underestimatedCount: Int { range.count }

      mutating func next() -> String? { range.popFirst().map { sections.title($0) } }
    }

    func titles(_ range: Range<Int>) -> Titles { Titles(sections: self, range: range) }

    /// Takes `section` over (`consuming`: its title is moved in, not
    /// retained here and released by the caller — a million sections: two
    /// runtime calls each fewer).
    mutating func append(_ section: consuming RawSection) {
      if tail.isEmpty {
        head.append(section)
      } else {
        section.end -= shift
        tail.append(section)
      }
    }

    /// Room for `count` sections (before any are adopted).
    mutating func reserveCapacity(_ count: Int) { head.reserveCapacity(count) }

    /// Puts `later`'s sections after these, their items `shift` on (the
    /// second half's own items start at 0).
    mutating func adopt(_ later: RawSections, shift: Int) {
      precondition(tail.isEmpty && later.tail.isEmpty, "a scan adopts one second half")
      guard !later.head.isEmpty else { return }
      tail = later.head
      self.shift = shift
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plain text input for `--lines`: one item per line.
///
/// Lines end at LF or CRLF; a last line without a newline counts; empty
/// lines are skipped. With a delimiter, a line `SECTION<D>ITEM` is split at
/// the first delimiter (nothing is trimmed); a line without the delimiter
/// goes to a section titled "" (empty); a line `SECTION<D>` with nothing
/// after the delimiter declares the section without adding an item. Without
/// a delimiter, lines are grouped by their first letter (`Initials.of`):
/// sorted A–Z with `#` last, or in first-seen order with `keepOrder`; with a
/// locale's `collation`, by its alphabetic-index buckets in its order.
/// Items keep their input order. Invalid UTF-8 shows as U+FFFD. An empty
/// delimiter counts as none.
public enum LineInput {
  public static func load(
    _ bytes: [UInt8], delimiter: String?, keepOrder: Bool, collation: LocaleCollation? = nil
  ) -> SectionedList {
    load(ByteBuffer(bytes), delimiter: delimiter, keepOrder: keepOrder, collation: collation)
  }

  public static func load(
    _ buffer: ByteBuffer, delimiter: String?, keepOrder: Bool, collation: LocaleCollation? = nil
  ) -> SectionedList {
    load(
      buffer, delimiter: delimiter, keepOrder: keepOrder, parallel: Cores.available >= 2, collation: collation)
  }

  /// `parallel`: an input of `minimumSplitSize` bytes or more has its
  /// second half (from the first line that starts after its middle) grouped
  /// on another thread and appended — lines need no context, so the result
  /// is the same either way (the fuzzer splits small ones to check that).
  static func load(
    _ buffer: ByteBuffer, delimiter: String?, keepOrder: Bool, parallel: Bool, collation: LocaleCollation? = nil,
    minimumSplitSize: Int = ScanSplit.minimumSize
  ) -> SectionedList {
    let delimiterBytes = delimiter.map { Array($0.utf8) } ?? []
    var grouping = Grouping(buffer: buffer, delimiter: delimiterBytes, collation: collation)
    if parallel, buffer.count >= max(minimumSplitSize, 1),
      let newline = memchrPointer(buffer.base + buffer.count / 2, buffer.base + buffer.count)
    {
      let middle = newline + 1 - buffer.base
      var (_, second) = ForkJoin.both(
        { grouping.scan(from: 0, to: middle) },
        {
          var second = Grouping(buffer: buffer, delimiter: delimiterBytes, collation: collation)
          second.scan(from: middle, to: buffer.count)
          return second
        })
      grouping.append(&second)
    } else {
      grouping.scan(from: 0, to: buffer.count)
    }
    return grouping.finish(keepOrder: keepOrder, byInitial: delimiter == nil || delimiter!.isEmpty)
  }
}

/// One pass over the lines, remembering each line's item range and section.
struct Grouping {
  typealias Pointer = UnsafePointer<UInt8>

  /// The input (a stream's final buffer replaces its growing one at the end).
  var buffer: ByteBuffer
  let delimiter: [UInt8]
  var titles: [String] = []
  var sectionIndex: [String: Int] = [:]
  /// Up to `perSectionLimit` sections (`--lines` by initial, most
  /// delimited input): each section's item ranges in input order. Laying
  /// them out is then appending one after another, with no tag per item
  /// and no second copy of the ranges.
  var bySection: [PackedRangesBuilder] = []
  /// More sections: item ranges and their section (`flatten`), laid out by
  /// a counting sort at the end.
  var flat = false
  var inputOrder = PackedRangesBuilder(expected: 0)
  var sectionOf = SectionTags()
  var widestPlain = 0
  /// Initials decided from the lines' bytes, and the section of each (by its id; -1 unset).
  var initials: InitialSections
  var initialSections: [Int] = []
  /// Items expected, for the room `flatten` makes.
  let expected: Int
  /// `--locale`'s collation: lines file under its index buckets (nil: `Initials.of`).
  let collation: LocaleCollation?

  static let perSectionLimit = 256

  /// `expectedBytes`: how much input to make room for (a stream's is not known).
  init(buffer: ByteBuffer, delimiter: [UInt8], expectedBytes: Int? = nil, collation: LocaleCollation? = nil) {
    self.buffer = buffer
    self.delimiter = delimiter
    self.collation = collation
    initials = InitialSections(collation: collation)
    // Room for lines of 8 bytes on average: reserved, not used, so the
    // arrays never move as they grow (shorter lines grow them as usual).
    expected = (expectedBytes ?? buffer.count) / 8 + 16
  }

  var itemCount: Int { flat ? inputOrder.count : bySection.reduce(0) { $0 + $1.count } }

  /// Switches to ranges in input order with a tag each: the sections' runs
  /// one after another stand in for input order, since only the order
  /// within a section is kept.
  mutating func flatten() {
    guard !flat else { return }
    flat = true
    inputOrder = PackedRangesBuilder(expected: max(expected, itemCount))
    sectionOf.reserve(max(expected, itemCount))
    for s in bySection.indices {
      for _ in 0..<bySection[s].count { sectionOf.append(s) }
      inputOrder.append(contentsOf: &bySection[s])
    }
    bySection = []
  }

  mutating func section(titled title: String) -> Int {
    if let s = sectionIndex[title] { return s }
    sectionIndex[title] = titles.count
    titles.append(title)
    return titles.count - 1
  }

  /// How far the scan goes between giving mapped pages back.
  static let releaseStep = 4 << 20

  /// Groups the lines in bytes `from..<to` (`from` starts a line).
  mutating func scan(from: Int, to: Int) {
    let base = buffer.base
    let end = base + to
    var p = base + from
    // The previous line's title bytes and section, since neighbours often share one.
    var lastTitle = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var lastSection = -1
    // Mapped pages already scanned are given back every few MiB (as the JSON
    // indexer does): only lines that are not plain ASCII are read again, to
    // measure them, so a large file does not stay resident beside its ranges.
    var released = from
    var nextRelease = p + Self.releaseStep
    while p < end {
      if p >= nextRelease {
        let passed = p - base
        buffer.releasePages(from: released, to: passed)
        released = passed
        nextRelease = p + Self.releaseStep
      }
      let newline = memchrPointer(p, end)
      var lineEnd = newline ?? end
      if lineEnd > p, (lineEnd - 1).pointee == 0x0D { lineEnd -= 1 }
      defer { p = (newline ?? end) + (newline == nil ? 0 : 1) }
      if lineEnd == p { continue }
      let line = UnsafeBufferPointer(start: p, count: lineEnd - p)
      var itemStart = p
      var section: Int
      if delimiter.isEmpty {
        section = initialSection(line)
      } else if let d = find(delimiter, in: line) {
        let title = UnsafeBufferPointer(start: p, count: d)
        if lastSection >= 0, title.elementsEqual(lastTitle) {
          section = lastSection
        } else {
          section = self.section(titled: String(decoding: title, as: UTF8.self))
          lastTitle = title
          lastSection = section
        }
        itemStart = p + d + delimiter.count
        if itemStart == lineEnd { continue }  // "SECTION<D>": the section only.
      } else {
        section = self.section(titled: "")
      }
      append(itemStart, lineEnd, section: section)
    }
  }

  /// Appends the lines `other` grouped after this one's (its sections join
  /// these by title, new titles after these in first-seen order).
  mutating func append(_ other: inout Grouping) {
    let map = other.titles.map { section(titled: $0) }
    widestPlain = max(widestPlain, other.widestPlain)
    if !flat && !other.flat && titles.count <= Self.perSectionLimit {
      for s in other.bySection.indices {
        addSections(through: map[s])
        bySection[map[s]].append(contentsOf: &other.bySection[s])
      }
      other.bySection = []
      return
    }
    flatten()
    other.flatten()
    inputOrder.append(contentsOf: &other.inputOrder)
    sectionOf.reserve(sectionOf.count + other.sectionOf.count)
    other.sectionOf.forEach { _, s in sectionOf.append(map[s]) }
    other.sectionOf = SectionTags()
  }

  /// Ranges for sections up to `section` (a section may have no items).
  mutating func addSections(through section: Int) {
    while bySection.count <= section { bySection.append(PackedRangesBuilder(expected: 1024, hugePages: false)) }
  }

  /// Where the delimiter first occurs in `line`.
  func find(_ needle: [UInt8], in line: UnsafeBufferPointer<UInt8>) -> Int? {
    let n = needle.count
    guard n > 0, line.count >= n else { return nil }
    let first = needle[0]
    var i = 0
    while i <= line.count - n {
      if line[i] == first {
        var k = 1
        while k < n, line[i + k] == needle[k] { k += 1 }
        if k == n { return i }
      }
      i += 1
    }
    return nil
  }

  mutating func initialSection(_ line: UnsafeBufferPointer<UInt8>) -> Int {
    var decoded = 0
    let id = initials.id(start: line, complete: true, decoded: &decoded) {
      String(decoding: UnsafeBufferPointer(rebasing: line.prefix(256)), as: UTF8.self)
    }
    while initialSections.count <= id {
      initialSections.append(section(titled: initials.titles[initialSections.count]))
    }
    return initialSections[id]
  }

  mutating func append(_ start: Pointer, _ end: Pointer, section: Int) {
    let length = end - start
    // ASCII-only lines are one cell per byte (controls show as one-cell symbols).
    var high: UInt8 = 0
    var q = start
    while end - q >= 8 {
      if UnsafeRawPointer(q).loadUnaligned(as: UInt64.self) & JSONLexer.highs != 0 {
        high = 0x80
        break
      }
      q += 8
    }
    while high == 0, q < end {
      high |= q.pointee & 0x80
      q += 1
    }
    let plain = high == 0
    if plain, length > widestPlain { widestPlain = length }
    if !flat {
      if section < bySection.count {
        bySection[section].append(offset: start - buffer.base, length: length, plain: plain)
        return
      }
      if section < Self.perSectionLimit {
        addSections(through: section)
        bySection[section].append(offset: start - buffer.base, length: length, plain: plain)
        return
      }
      flatten()
    }
    inputOrder.append(offset: start - buffer.base, length: length, plain: plain)
    sectionOf.append(section)
  }

  /// Lays items out section by section (a counting sort, input order kept within a section).
  consuming func finish(keepOrder: Bool, byInitial: Bool) -> SectionedList {
    let packed: PackedRanges
    var starts: [Int] = []
    var counts: [Int] = []
    if flat {
      (packed, starts, counts) = sectionOf.layOut(inputOrder, sections: titles.count, releasing: true)
      inputOrder = PackedRangesBuilder(expected: 0)
      sectionOf = SectionTags()
    } else {
      var all = PackedRangesBuilder(expected: itemCount, hugePages: false)
      addSections(through: titles.count - 1)
      for s in bySection.indices {
        starts.append(all.count)
        counts.append(bySection[s].count)
        all.append(contentsOf: &bySection[s])
        bySection[s] = PackedRangesBuilder(expected: 0)
      }
      packed = all.finish()
    }
    let sections = titles.indices.map {
      SectionedList.Section(title: titles[$0], firstItem: starts[$0], itemCount: counts[$0], derived: byInitial)
    }
    let store = ItemStore.lines(LineItems(buffer: buffer, ranges: packed))
    let widest = ItemWidth.widestLine(ranges: packed, buffer: buffer, widestPlain: widestPlain, store: store)
    let list = SectionedList(sections: sections, store: store, maxItemWidth: widest)
    if keepOrder { return list }
    if !byInitial { return list.sortedByTitle(collation: collation) }
    return list.reordered(Initials.order(list.sections.map(\.title), collation: collation))
  }
}

/// `memchr` for a newline, as a pointer.
@inline(__always)
func memchrPointer(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
  guard let r = memchr(p, 0x0A, end - p) else { return nil }
  return UnsafePointer(r.assumingMemoryBound(to: UInt8.self))
}

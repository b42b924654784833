#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--lines --delimiter` lines whose titles seldom repeat apart (ids,
/// paths, `grep` output): each run of lines under one title is noted as a
/// section, as the JSON indexer notes the sections of a document, and the
/// sections are sorted and equal titles merged once at the end
/// (`Scan.sortedListed`, `Scan.mergedSideBySide`). A table probed line by
/// line (`ItemGroups`) missed the cache on every new title: 2 M lines of
/// 2 M titles took 0.8 s and 4.3× the input's memory.
struct LineRuns {
  var sections = Scan.RawSections()
  /// The runs' sort keys, made as each run opens in the C locale (a
  /// locale's at the end, on two cores).
  var keys: NaturalOrder.SortKeys
  var items: PackedRangesBuilder
  /// A second half's items, as it made them (`adopt`).
  var laterItems: PackedRanges? = nil
  /// The run lines are being added to: its title, and where that title's
  /// bytes lie in the input (a stream's buffer never moves).
  private var open: (title: String, offset: Int, length: Int)? = nil

  init(expectedLines: Int, collation: LocaleCollation?) {
    keys = NaturalOrder.SortKeys(collation: collation)
    items = PackedRangesBuilder(expected: expectedLines)
    // Room for a run per 8 lines of that room (a run per 64 bytes) and its
    // key, as the JSON indexer reserves its sections': reserved, touched
    // only as used, so neither array is copied as it grows (`grep` output
    // by `path:line`, a run a line: 15 and 38 MB copied at each doubling).
    // At most 4 M runs: malloc must not refuse a huge file's.
    let room = min(expectedLines / 8, 1 << 22)
    sections.reserveCapacity(room)
    if collation == nil { keys.reserve(keys: room, bytes: room * 48) }
  }

  var collation: LocaleCollation? { keys.collation }

  /// Files a line whose title is `title` (bytes of the input at `base`,
  /// `readable` of them from the title's start), and its item when it has
  /// one (`SECTION<D>` declares the title only).
  @inline(__always)
  mutating func add(
    title: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, readable: Int,
    item: (offset: Int, length: Int, plain: Bool)?
  ) {
    precondition(laterItems == nil, "a run is added before a second half is adopted")
    if let open, open.length == title.count,
      title.isEmpty || memcmp(base + open.offset, title.baseAddress!, title.count) == 0
    {
      // The same title as the line before: the same run.
    } else {
      close()
      let text: String
      if collation != nil {
        text = String(decoding: title, as: UTF8.self)
      } else if let p = title.baseAddress, keys.append(ascii: p, count: title.count, readable: readable) {
        // An ASCII title is keyed from its bytes in one pass, as the JSON
        // indexer keys its titles (a title's generic key: a third of the
        // scan), and copied as it is: that check found it ASCII.
        text = String(copying: UTF8Span(unchecked: title.span, isKnownASCII: true))
      } else if let p = title.baseAddress, UTF8Lead.isValid(p, title.count) {
        // Valid UTF-8 too: its bytes are its text, copied as they are once
        // checked (`String(decoding:)` checks them again, at a tenth of the
        // speed; `String(validating:)` is generic, a runtime lookup a title).
        text = String(copying: UTF8Span(unchecked: title.span))
        keys.append(utf8: p, count: title.count, readable: readable, ascii: false)
      } else {
        // Invalid UTF-8 (or a title of no bytes) is keyed as shown (U+FFFD), from its text.
        text = String(decoding: title, as: UTF8.self)
        keys.append(text)
      }
      open = (text, title.isEmpty ? 0 : title.baseAddress! - base, title.count)
    }
    if let item { items.append(offset: item.offset, length: item.length, plain: item.plain) }
  }

  /// Ends the open run, as a section.
  mutating func close() {
    guard let run = open.take() else { return }
    sections.append(Scan.RawSection(title: run.title, end: items.count))
  }

  /// Puts the runs `later` found (the lines after these, on another
  /// thread) after these, as they are: a title on both sides of the
  /// boundary is two sections, merged with the others at the end.
  mutating func adopt(_ later: inout LineRuns) {
    close()
    later.close()
    sections.adopt(later.sections, shift: items.count)
    if collation == nil { keys.adopt(later.keys) }
    let laterItems = later.items
    later = LineRuns(expectedLines: 0, collation: collation)
    if laterItems.count > 0 { self.laterItems = laterItems.finish() }
  }

  /// The sections in natural order (a locale's), equal titles merged, over
  /// the items they hold: `items` makes the list's store of those ranges.
  consuming func listed() -> (sections: [SectionedList.Section], ranges: PackedRanges) {
    close()
    let keys: NaturalOrder.SortKeys
    if let collation {
      keys = .of(sections.indices.map { sections.title($0) }, collation: collation)
    } else {
      keys = self.keys
    }
    self.keys = NaturalOrder.SortKeys()
    var (listed, repeating) = Scan.sortedListed(sections, keys: keys)
    let first = items.finish()
    let ranges = Scan.mergedSideBySide(
      &listed, repeating: repeating, laterItems.map { PackedRanges(first, then: $0) } ?? first)
    return (listed, ranges)
  }

  /// Whether lines from `from` (the first 2048 of them, up to 256 KiB)
  /// have titles that seldom repeat apart: at least 32 titles, and at
  /// least half as many titles as runs of lines under one (`grep -rn`
  /// output by file: 60 k files' lines 134 → 84 ms as runs). Lines whose
  /// titles interleave (log levels, a few hosts) are filed faster in a
  /// table; only speed depends on the answer, never the list.
  static func suit(
    _ buffer: ByteBuffer, from: Int, to: Int, delimiter: [UInt8], lineEnd: UInt8,
    find: ([UInt8], UnsafeBufferPointer<UInt8>) -> Int?
  ) -> Bool {
    let base = buffer.base
    let end = base + min(to, from + (256 << 10))
    var p = base + from
    var seen = Set<UInt64>(minimumCapacity: 2048)
    var runs = 0
    var last: UnsafeBufferPointer<UInt8>? = nil
    var lines = 0
    while p < end, lines < 2048 {
      let newline = memchrPointer(p, end, lineEnd) ?? end
      let line = UnsafeBufferPointer(start: p, count: newline - p)
      p = newline + 1
      lines += 1
      let title = UnsafeBufferPointer(rebasing: line[..<(find(delimiter, line) ?? 0)])
      if let last, last.elementsEqual(title) { continue }
      last = title
      runs += 1
      seen.insert(KeyTable.hash(UnsafeRawBufferPointer(title)))
    }
    return seen.count >= 32 && seen.count * 2 >= runs
  }
}

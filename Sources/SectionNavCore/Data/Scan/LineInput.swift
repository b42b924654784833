import CMapGuard
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plain text input for `--lines`: one item per line.
///
/// Lines end at LF or CRLF (at NUL with `lineEnd` `.nul`, `--read0`); a last
/// line without one counts; empty lines are skipped. With a delimiter, a line `SECTION<D>ITEM` is split at
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
    _ bytes: [UInt8], delimiter: String?, keepOrder: Bool, collation: LocaleCollation? = nil,
    lineEnd: LineEnd = .newline
  ) -> SectionedList {
    load(ByteBuffer(bytes), delimiter: delimiter, keepOrder: keepOrder, collation: collation, lineEnd: lineEnd)
  }

  public static func load(
    _ buffer: ByteBuffer, delimiter: String?, keepOrder: Bool, collation: LocaleCollation? = nil,
    lineEnd: LineEnd = .newline
  ) -> SectionedList {
    load(
      buffer, delimiter: delimiter, keepOrder: keepOrder, parallel: Cores.available >= 2, collation: collation,
      lineEnd: lineEnd)
  }

  /// The bytes whose lines make the first screen of a large file indexed
  /// in the background: grouped in about a millisecond.
  static let firstScreenBytes = 1 << 20

  /// `load`, first telling `progress` (bytes covered, and the list of the
  /// lines of the first MiB) so that a large file's first screen shows at
  /// once, as the JSON indexer's snapshots do; then, every few MiB, the
  /// bytes the scan has covered (`indexing N%`), the snapshot still that
  /// first screen's list; the whole list follows.
  public static func load(
    _ buffer: ByteBuffer, delimiter: String?, keepOrder: Bool, collation: LocaleCollation? = nil,
    lineEnd: LineEnd = .newline, progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)?
  ) -> SectionedList {
    guard let progress, buffer.count > 2 * firstScreenBytes,
      let newline = memchrPointer(buffer.base + firstScreenBytes, buffer.base + buffer.count, lineEnd.byte)
    else { return load(buffer, delimiter: delimiter, keepOrder: keepOrder, collation: collation, lineEnd: lineEnd) }
    let first = ByteBuffer(base: buffer.base, count: newline + 1 - buffer.base, ownership: .borrowed(buffer))
    var firstList: SectionedList? = nil
    func snapshot() -> SectionedList {
      if firstList == nil {
        firstList = load(
          first, delimiter: delimiter, keepOrder: keepOrder, parallel: false, collation: collation, lineEnd: lineEnd)
      }
      return firstList!
    }
    progress(first.count, snapshot)
    return load(
      buffer, delimiter: delimiter, keepOrder: keepOrder, parallel: Cores.available >= 2, collation: collation,
      lineEnd: lineEnd
    ) { progress($0, snapshot) }
  }

  /// `parallel`: an input of `minimumSplitSize` bytes or more has its
  /// second half (from the first line that starts after its middle) grouped
  /// on another thread and appended — lines need no context, so the result
  /// is the same either way (the fuzzer splits small ones to check that).
  /// `progress`: told every few MiB how many bytes the scan has passed.
  /// `filing`: how delimited lines are filed (nil: as their first lines
  /// suit, `LineScan.Filing`); tests compare the two.
  static func load(
    _ buffer: ByteBuffer, delimiter: String?, keepOrder: Bool, parallel: Bool, collation: LocaleCollation? = nil,
    lineEnd: LineEnd = .newline, minimumSplitSize: Int = ScanSplit.minimumSize, filing: LineScan.Filing? = nil,
    progress: ((Int) -> Void)? = nil
  ) -> SectionedList {
    var grouping = LineScan(
      buffer: buffer, delimiter: delimiter.map { Array($0.utf8) } ?? [], keepOrder: keepOrder, collation: collation,
      lineEnd: lineEnd, filing: filing)
    grouping.scan(from: 0, to: buffer.count, twoThreadsFrom: parallel ? minimumSplitSize : nil, progress: progress)
    return grouping.finish()
  }
}

/// One pass over the lines: each line's item range goes to the one grouper
/// (`ItemGroups`), filed under its delimited title or its initial.
struct LineScan {
  typealias Pointer = UnsafePointer<UInt8>

  /// The input (a stream's final buffer replaces its growing one at the end).
  var buffer: ByteBuffer
  let delimiter: [UInt8]
  /// What ends a line (`LineEnd`).
  let lineEnd: LineEnd
  var groups: ItemGroups
  /// Delimited lines filed as runs instead of in `groups` (`Filing.runs`).
  var runs: LineRuns? = nil
  /// Sections in first-seen order instead of natural order.
  let keepOrder: Bool
  /// How delimited lines are filed; nil until the first lines are seen.
  private(set) var filing: Filing?
  /// The widest line: plain ASCII counts its bytes, any other line that
  /// could beat it is measured as the scan meets it (`note`), while its
  /// bytes are in cache — measured in bulk at the end, every such line was
  /// read again, and a mapped file whose lines are mostly not ASCII came
  /// back whole into memory after the scan had let its pages go (`grep`
  /// output: 60 MB of 190 at the load's peak).
  var widest = ItemWidth.Widest()

  var collation: LocaleCollation? { groups.initials.collation }

  /// How delimited lines are filed. In a table (`ItemGroups`), each line's
  /// title looked up as it comes: fast while titles repeat. As runs
  /// (`LineRuns`), sorted once at the end: fast when they seldom repeat.
  /// The list is the same either way. Lines by initial, and sections in
  /// first-seen order, always take the table.
  enum Filing { case table, runs }

  /// `expectedBytes`: how much input to make room for (a stream's is not
  /// known). `filing`: nil decides from the first lines scanned.
  init(
    buffer: ByteBuffer, delimiter: [UInt8], keepOrder: Bool = false, expectedBytes: Int? = nil,
    collation: LocaleCollation? = nil, lineEnd: LineEnd = .newline, filing: Filing? = nil
  ) {
    self.buffer = buffer
    self.delimiter = delimiter
    self.lineEnd = lineEnd
    self.keepOrder = keepOrder
    // Room for lines of 8 bytes on average: reserved, not used, so the
    // arrays never move as they grow (shorter lines grow them as usual).
    let expected = (expectedBytes ?? buffer.count) / 8 + 16
    groups = ItemGroups(expected: expected, collation: collation, separate: true)
    self.filing = delimiter.isEmpty || keepOrder ? .table : filing
    if self.filing == .runs { runs = LineRuns(expectedLines: expected, collation: collation) }
  }

  /// Decides how lines are filed from those at `from` on, when not yet decided.
  private mutating func decideFiling(from: Int, to: Int) {
    guard filing == nil else { return }
    let suits = LineRuns.suit(buffer, from: from, to: to, delimiter: delimiter, lineEnd: lineEnd.byte, find: find)
    filing = suits ? .runs : .table
    if suits { runs = LineRuns(expectedLines: groups.expected, collation: collation) }
  }

  /// How far the scan goes between giving mapped pages back.
  static let releaseStep = 4 << 20

  /// Groups the lines in bytes `from..<to` (`from` starts a line),
  /// telling `passed` every few MiB how far it has got (an offset).
  ///
  /// 64 bytes at a time (`sn_mask64`): the block's line feeds and its bytes
  /// of 0x80 or more as bit masks, the lines then taken bit by bit — a line
  /// is plain ASCII when no high bit falls inside it. Lines average 20–40
  /// bytes, so a `memchr` call and a byte loop per line cost more than the
  /// bytes did. Nothing past `to` is read (a stream's buffer may end there).
  mutating func scan(from: Int, to: Int, passed: ((Int) -> Void)? = nil) {
    decideFiling(from: from, to: to)
    let byRuns = runs != nil
    let base = buffer.base
    let end = base + to
    var lineStart = base + from
    // Set when the line being read has a byte of 0x80 or more in an earlier block.
    var earlierHigh: UInt64 = 0
    var last = LastTitle()
    // Mapped pages already scanned are given back every few MiB (as the JSON
    // indexer does): lines are measured as they are met, so a large file
    // does not stay resident beside its ranges.
    var released = from
    var nextRelease = lineStart + Self.releaseStep
    var block = lineStart
    let lineEnd = self.lineEnd.byte
    while block < end {
      if block >= nextRelease {
        let reached = lineStart - base
        buffer.releasePages(from: released, to: reached)
        released = reached
        nextRelease = block + Self.releaseStep
        passed?(reached)
      }
      var newlines: UInt64 = 0
      var highs: UInt64 = 0
      if end - block >= 64 {
        sn_mask64(block, lineEnd, &newlines, &highs)
      } else {
        sn_mask64_tail(block, Int32(end - block), lineEnd, &newlines, &highs)
      }
      // Bits of `highs` before `lineStart` are cleared as lines are taken.
      while newlines != 0 {
        let at = newlines.trailingZeroBitCount
        let plain = earlierHigh | (highs & ((1 &<< UInt64(at)) &- 1)) == 0
        take(lineStart, block + at, plain: plain, byRuns: byRuns, last: &last)
        earlierHigh = 0
        highs &= ~((2 &<< UInt64(at)) &- 1)
        newlines &= newlines &- 1
        lineStart = block + at + 1
      }
      earlierHigh |= highs
      block += 64
    }
    // A last line without a line feed.
    if lineStart < end { take(lineStart, end, plain: earlierHigh == 0, byRuns: byRuns, last: &last) }
  }

  /// The previous line's title bytes and section, since neighbours often share one.
  struct LastTitle {
    var title = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var section = -1
  }

  /// Files the line `p..<newline` (a CR before a line feed is not part of
  /// it, nor a byte-order mark before the first line — NUL-ended items keep
  /// both, as file names may; an empty line is skipped). `byRuns`: `runs`
  /// is there (asked once a scan, not once a line).
  @inline(__always)
  private mutating func take(_ p: Pointer, _ newline: Pointer, plain: Bool, byRuns: Bool, last: inout LastTitle) {
    var lineEnd = newline
    if lineEnd > p, (lineEnd - 1).pointee == 0x0D, self.lineEnd == .newline { lineEnd -= 1 }
    var p = p
    if p == buffer.base, self.lineEnd == .newline, ByteOrderMark.starts(p, count: lineEnd - p) { p += 3 }
    if lineEnd == p { return }
    let line = UnsafeBufferPointer(start: p, count: lineEnd - p)
    if byRuns { return addRun(line, plain: plain) }
    var itemStart = p
    var section: Int
    if delimiter.isEmpty {
      // The first 256 bytes decide an initial, as for any row.
      let start = UnsafeBufferPointer(rebasing: line.prefix(256))
      section = groups.section(initialOf: start, complete: true) { String(decoding: start, as: UTF8.self) }
    } else if let d = find(delimiter, in: line) {
      let title = UnsafeBufferPointer(start: p, count: d)
      if last.section >= 0, title.elementsEqual(last.title) {
        section = last.section
      } else {
        // Found by its title at once (the bytes are the title's when they
        // are UTF-8): no second table keyed by the raw bytes, nor a copy of
        // every title's bytes, when titles seldom repeat.
        section = groups.section(rawKey: p, d, written: UnsafeRawBufferPointer(title), kind: .text) {
          (String(decoding: title, as: UTF8.self), .text)
        }
        last = LastTitle(title: title, section: section)
      }
      itemStart = p + d + delimiter.count
      if itemStart == lineEnd { return }  // "SECTION<D>": the section only.
      // The title's bytes may hold the line's only high ones.
      if !plain { return append(itemStart, lineEnd, section: section) }
    } else {
      section = groups.section(titled: "")
    }
    let length = lineEnd - itemStart
    note(itemStart, length, plain: plain)
    groups.append(offset: itemStart - buffer.base, length: length, plain: plain, section: section)
  }

  /// Groups bytes `from..<to`; a stretch of `twoThreadsFrom` bytes or more
  /// has its second half (from the first line that starts after its
  /// middle) grouped on another thread and appended — lines need no
  /// context, so the result is the same either way. `progress`: told on
  /// this thread every few MiB how many bytes both halves have passed.
  mutating func scan(from: Int, to: Int, twoThreadsFrom minimum: Int?, progress: ((Int) -> Void)? = nil) {
    guard let minimum, to - from >= max(minimum, 1),
      let newline = memchrPointer(buffer.base + (from + to) / 2, buffer.base + to, lineEnd.byte)
    else { return scan(from: from, to: to, passed: progress.map { report in { report($0 - from) } }) }
    let middle = newline + 1 - buffer.base
    decideFiling(from: from, to: middle)
    let (buffer, delimiter, collation, lineEnd, keepOrder, filing) = (
      buffer, delimiter, collation, lineEnd, keepOrder, filing
    )
    let secondPassed = PassedBytes()
    var (_, second) = ForkJoin.both(
      { scan(from: from, to: middle, passed: progress.map { report in { report($0 - from + secondPassed.bytes) } }) },
      {
        var second = LineScan(
          buffer: buffer, delimiter: delimiter, keepOrder: keepOrder, collation: collation, lineEnd: lineEnd,
          filing: filing)
        second.scan(from: middle, to: to) { secondPassed.bytes = $0 - middle }
        return second
      })
    append(&second)
  }

  /// How far a second half has got, read by the first half's progress.
  final class PassedBytes: Sendable {
    private let value = Atomic<Int>(0)
    var bytes: Int {
      get { value.load(ordering: .relaxed) }
      set { value.store(newValue, ordering: .relaxed) }
    }
  }

  /// Appends the lines `other` grouped after this one's (its sections join
  /// these by title, new titles after these in first-seen order).
  mutating func append(_ other: inout LineScan) {
    widest.append(other.widest)
    if runs != nil { return runs!.adopt(&other.runs!) }
    groups.append(contentsOf: &other.groups)
  }

  /// Where the delimiter first occurs in `line`: its first byte found by
  /// `memchr` (a byte loop was 8 % of a load of `grep` output, whose
  /// titles are 40 bytes and more), the rest compared where it is.
  func find(_ needle: [UInt8], in line: UnsafeBufferPointer<UInt8>) -> Int? {
    let n = needle.count
    guard n > 0, line.count >= n, let base = line.baseAddress else { return nil }
    let first = needle[0]
    // The last place the delimiter could start, and one past it.
    let stop = base + (line.count - n + 1)
    var p = base
    while p < stop, let hit = memchrPointer(p, stop, first) {
      var k = 1
      while k < n, hit[k] == needle[k] { k += 1 }
      if k == n { return hit - base }
      p = hit + 1
    }
    return nil
  }

  /// Files `line` as `LineRuns` does: its title (all before the first
  /// delimiter, "" without one) and its item (the rest; the whole line
  /// without a delimiter, none after a delimiter that ends it). Not
  /// inlined: `take`'s table way stays as small as it was (inlined, lines
  /// of a few titles took 10 % longer).
  @inline(never)
  private mutating func addRun(_ line: UnsafeBufferPointer<UInt8>, plain: Bool) {
    let p = line.baseAddress!
    let d = find(delimiter, in: line)
    let title = UnsafeBufferPointer(start: p, count: d ?? 0)
    let itemStart = d.map { p + $0 + delimiter.count } ?? p
    let end = p + line.count
    // The title's key is made a word at a time where the line goes on
    // (nothing past the line is read: a stream's bytes may end there).
    let readable = line.count
    guard itemStart < end else { return runs!.add(title: title, base: buffer.base, readable: readable, item: nil) }
    let length = end - itemStart
    // The title's bytes may hold the line's only high ones.
    let itemPlain = plain || (d != nil && Self.plain(itemStart, end))
    note(itemStart, length, plain: itemPlain)
    runs!.add(title: title, base: buffer.base, readable: readable, item: (itemStart - buffer.base, length, itemPlain))
  }

  /// Whether `start..<end` is ASCII only: one cell per byte (controls show
  /// as one-cell symbols).
  @inline(__always)
  static func plain(_ start: Pointer, _ end: Pointer) -> Bool {
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
    return high == 0
  }

  mutating func append(_ start: Pointer, _ end: Pointer, section: Int) {
    let length = end - start
    let plain = Self.plain(start, end)
    note(start, length, plain: plain)
    groups.append(offset: start - buffer.base, length: length, plain: plain, section: section)
  }

  /// Lays items out section by section (input order kept within a
  /// section); a section declared with no line keeps its place, empty.
  /// Many titles are sorted on one core while the items are laid out on
  /// the other, then the sections made in their order (6 M titles: the
  /// sections had been made in the order found, then reordered, 0.3 s).
  consuming func finish() -> SectionedList {
    if let runs = runs.take() {
      let (sections, ranges) = runs.listed()
      let store = ItemStore.lines(LineItems(buffer: buffer, ranges: ranges))
      return SectionedList(sections: sections, store: store, maxItemWidth: widestLine())
    }
    let (byInitial, keepOrder) = (delimiter.isEmpty, keepOrder)
    let titles = groups.titles
    let collation = self.collation
    let ((packed, starts, counts), order) = ForkJoin.both(
      if: titles.count >= NaturalOrder.parallelCount,
      { groups.layOut() },
      { ItemGroups.order(of: titles, keepOrder: keepOrder, initials: byInitial, lastTitle: nil, collation: collation) })
    let sections = SectionedList.Section.gathered(order, titles: titles, starts: starts, counts: counts) { _ in
      byInitial
    }
    let store = ItemStore.lines(LineItems(buffer: buffer, ranges: packed))
    return SectionedList(sections: sections, store: store, maxItemWidth: widestLine())
  }

  /// Notes the width of the item `start[0..<length]` (`plain`: ASCII).
  @inline(__always)
  mutating func note(_ start: Pointer, _ length: Int, plain: Bool) {
    if plain { return widest.note(exact: length) }
    guard length > widest.floor else { return }
    widest.note(
      offset: start - buffer.base, length: length, TextWidth.cells(start, length, escapes: false, floor: widest.floor))
  }

  /// The widest line's cells, decoding only lines whose bound could beat
  /// the widest measured exactly.
  mutating func widestLine() -> Int {
    let base = buffer.base
    return widest.resolve { offset, length in
      TextSanitizer.width(String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self))
    }
  }
}

/// `memchr` for a newline (or `byte`), as a pointer.
@inline(__always)
func memchrPointer(
  _ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ byte: UInt8 = 0x0A
) -> UnsafePointer<UInt8>? {
  guard let r = memchr(p, Int32(byte), end - p) else { return nil }
  return UnsafePointer(r.assumingMemoryBound(to: UInt8.self))
}

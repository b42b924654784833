#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `--group-by` makes sections out of items found one by one (JSON
/// arrays, JSON Lines, CSV).
public enum GroupBy: Sendable, Equatable {
  /// One section (no `--group-by`), with this title.
  case single(String)
  /// The distinct values of a field; missing or null ones under `none`.
  case field(FieldPath)
  /// The folded first letter of the row text, as `--lines` groups.
  case initial

  /// The section of items whose field is missing or null.
  public static let none = "(none)"

  /// The title sorted after all others: `(none)` for a field, `#` for
  /// initials (as `--lines`); nothing for one section.
  var lastTitle: String? {
    switch self {
    case .single: nil
    case .field: Self.none
    case .initial: Initials.other
    }
  }

  /// Whether a section of this kind of key was named by sectionnav rather
  /// than by the data: initials, the one section's name, `(none)` for
  /// items missing the field (the filter never matches these). A field's
  /// text that reads `(none)` is the data's: its kind says so, its title
  /// cannot.
  func derives(_ kind: GroupKey.Kind) -> Bool {
    switch self {
    case .single, .initial: true
    case .field: kind == .none
    }
  }

  /// `--group-by VALUE`: `initial`, or a field (`.initial` for a field of that name).
  public init(option value: String) throws(UsageError) {
    do {
      self = value == "initial" ? .initial : .field(try FieldPath(value))
    } catch {
      throw UsageError("--group-by: \(error.message)")
    }
  }
}

/// A section's identity: its title's exact bytes (Swift's `==` would make
/// NFC `é` and NFD `e\u{301}` one section) and what kind of value it is.
struct GroupKey: Hashable {
  enum Kind: UInt8 {
    /// Text: a JSON string, a CSV value, an initial, a fixed title.
    case text
    /// A JSON number, boolean, array or object, by its canonical text.
    case json
    /// Missing or null: `(none)`.
    case none
  }

  let text: String
  let kind: Kind

  static func == (a: GroupKey, b: GroupKey) -> Bool { a.kind == b.kind && a.text.sameScalars(as: b.text) }

  func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

/// The one grouper (`--lines`, `--group-by`, CSV, JSON Lines, arrays):
/// items in input order with the section each belongs to, laid out section
/// by section when a list is wanted (a counting sort: input order kept within
/// a section). Items stay packed byte ranges into the input.
struct ItemGroups {
  var titles: [String] = []
  /// Per section: what kind of value its title names (`GroupKey.Kind`).
  var kinds: [GroupKey.Kind] = []
  /// The sections by title and kind, but those from `unindexedFrom` on.
  var sectionIndex = KeyTable()
  /// Sections from here on are not in `sectionIndex`: a join appends the
  /// later half's new ones unentered (`sections(joining:)`); they are
  /// entered before the next lookup (`indexJoined`).
  private var unindexedFrom: Int?
  var ranges: PackedRangesBuilder
  var sectionOf = SectionTags()
  /// The widest row, measured as items are added (`ItemWidth.Rows`).
  var rows = ItemWidth.Rows()
  /// Sections by the bytes of their key as written (a JSON value with its
  /// escapes, a CSV field with its quotes): a key seen before costs a hash
  /// and a compare, not a decoded `String` per item. Key `k`'s bytes are
  /// `rawBytes[rawStarts[k]..<rawStarts[k + 1]]`, all in one array (a key
  /// that differs on every row is not an allocation each).
  var rawKeys = KeyTable()
  var rawBytes: [UInt8] = []
  var rawStarts: [Int] = [0]
  var rawKeySections: [Int] = []
  /// The first short keys, found by two word compares before any hashing.
  var shortKeys = ShortKeys()
  /// Keys and rows decoded into a `String` while scanning: once per distinct
  /// key, not once per item (`--group-by initial` of text that does not
  /// start with an ASCII letter is the exception). Tests read it.
  var decoded = 0
  /// `--group-by initial`: initials decided from the rows' bytes, and the section of each (by its id).
  var initials: InitialSections
  var initialSections: [Int] = []
  /// The section of a row by its first byte, when that is printable ASCII
  /// and no collation reads on (-1: not met yet): most rows start so, and
  /// their initial is then that byte's alone.
  private var leadSections = [Int](repeating: -1, count: 128)

  /// Sections kept apart (`separate`, up to `perSectionLimit` of them):
  /// each section's item ranges in input order, no tag per item, and
  /// laying them out is appending one run after another (a counting sort
  /// of the tags, one range at a time, was half the time a split load
  /// spent on one core after its halves joined). Past the limit, or when
  /// items are taken back (`truncate`), they turn into `ranges` and tags
  /// (`flatten`).
  var separate: Bool
  var bySection: [PackedRangesBuilder] = []
  static let perSectionLimit = 256
  /// Items to make room for (`flatten` makes its room from it).
  let expected: Int

  /// `expected`: items to make room for (reserved, not touched, so a good
  /// guess costs no memory and spares the arrays' moves). `separate`: keep
  /// sections apart while they are few (see `bySection`).
  init(expected: Int, collation: LocaleCollation? = nil, separate: Bool = false) {
    self.expected = expected
    self.separate = separate
    ranges = PackedRangesBuilder(expected: separate ? 0 : expected)
    if !separate { sectionOf.reserve(expected) }
    initials = InitialSections(collation: collation)
  }

  var count: Int { separate ? separateCount : ranges.count }
  /// Items in `bySection`, kept as they come (`count` is asked per item).
  private var separateCount = 0

  /// Turns sections kept apart into ranges with a tag each: the sections'
  /// runs one after another stand in for input order, since only the order
  /// within a section is kept.
  mutating func flatten() {
    guard separate else { return }
    ranges = PackedRangesBuilder(expected: max(expected, count))
    sectionOf.reserve(max(expected, count))
    for s in bySection.indices {
      for _ in 0..<bySection[s].count { sectionOf.append(s) }
      ranges.append(contentsOf: &bySection[s])
    }
    bySection = []
    separateCount = 0
    separate = false
  }

  /// Runs for sections up to `section` (a section may have no items).
  mutating func addRuns(through section: Int) {
    while bySection.count <= section { bySection.append(PackedRangesBuilder(expected: 1024, hugePages: false)) }
  }

  /// The section of `title`: the same bytes and kind (NFC and NFD apart,
  /// a string `"3"` apart from the number 3, as jq's `group_by` keeps them).
  mutating func section(titled title: String, kind: GroupKey.Kind = .text) -> Int {
    section(titled: title, kind: kind, hash: KeyTable.hash(title, kind: kind.rawValue))
  }

  private mutating func section(titled title: String, kind: GroupKey.Kind, hash: UInt64) -> Int {
    indexJoined()
    if let s = sectionIndex.find(hash, where: { kinds[$0] == kind && titles[$0].sameScalars(as: title) }) { return s }
    sectionIndex.add(titles.count, hash: hash)
    titles.append(title)
    kinds.append(kind)
    return titles.count - 1
  }

  /// The sections of `titles` (a later half's, each once), of `kinds`,
  /// whose `hashes` its table kept: found among these by title and kind,
  /// or appended. The new ones are not entered: a quarter of a million of
  /// them grew the table and were entered one by one, most of a join's
  /// time on one core, for lookups that seldom come (halves are joined
  /// once the input is scanned). The lookups, which only read, run on two
  /// cores when many (each a cache miss: a quarter of a million took 6 ms
  /// on one); each slot is prefetched some titles ahead of its probe, so
  /// the misses overlap instead of queueing.
  mutating func sections(joining titles: [String], kinds: [GroupKey.Kind], hashes: [UInt64]) -> [Int] {
    indexJoined()
    let known = self.titles.count
    let table = sectionIndex
    var map = self.titles.withUnsafeBufferPointer { mine in
      self.kinds.withUnsafeBufferPointer { myKinds in
        // Read in place by both cores, not retained: a copy of the arrays
        // held a moment too long would make the appends below copy them.
        let here = Known(titles: mine.baseAddress, kinds: myKinds.baseAddress)
        return ForkJoin.array(count: titles.count) { (out: UnsafeMutablePointer<Int>, range) in
          let ahead = 16
          for k in range.prefix(ahead) { table.prefetch(hashes[k]) }
          for k in range {
            if k + ahead < range.upperBound { table.prefetch(hashes[k + ahead]) }
            let found = table.find(hashes[k]) {
              kinds[k] == here.kinds![$0] && here.titles![$0].sameScalars(as: titles[k])
            }
            (out + k).initialize(to: found ?? -1)
          }
        }
      }
    }
    for k in map.indices where map[k] < 0 {
      self.titles.append(titles[k])
      self.kinds.append(kinds[k])
      map[k] = self.titles.count - 1
    }
    if self.titles.count > known { unindexedFrom = known }
    return map
  }

  /// This half's titles and kinds, read by a join's two cores.
  private struct Known: @unchecked Sendable {
    let titles: UnsafePointer<String>?
    let kinds: UnsafePointer<GroupKey.Kind>?
  }

  /// Enters the sections a join appended (`sections(joining:)`).
  @inline(__always) mutating func indexJoined() {
    guard let from = unindexedFrom else { return }
    unindexedFrom = nil
    sectionIndex.reserve(titles.count)
    for s in from..<titles.count { sectionIndex.add(s, hash: KeyTable.hash(titles[s], kind: kinds[s].rawValue)) }
  }

  /// The section of the key written as `p[0..<length]`; `title` decodes it
  /// the first time. Keys past 4 KiB are not kept raw (a 100 MB value would
  /// cost its size again), only decoded each time they appear.
  mutating func section(
    rawKey p: UnsafePointer<UInt8>, _ length: Int, title: () -> (text: String, kind: GroupKey.Kind)
  ) -> Int {
    if let known = shortKeys.section(p, length) { return known }
    guard length <= 4096 else {
      decoded += 1
      let t = title()
      return section(titled: t.text, kind: t.kind)
    }
    let bytes = UnsafeRawBufferPointer(start: p, count: length)
    let hash = KeyTable.hash(bytes)
    let known = rawKeys.find(hash) { k in
      let start = rawStarts[k]
      return rawStarts[k + 1] - start == length
        && (length == 0 || rawBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, p, length) == 0 })
    }
    if let known { return rawKeySections[known] }
    decoded += 1
    let t = title()
    let s = section(titled: t.text, kind: t.kind)
    shortKeys.add(p, length, section: s)
    rawKeys.add(rawKeySections.count, hash: hash)
    rawBytes.append(contentsOf: bytes)
    rawStarts.append(rawBytes.count)
    rawKeySections.append(s)
    return s
  }

  /// `section(rawKey:)` for a key whose title is `written`, bytes of the
  /// key as they stand (a JSON string with no escape, between its quotes;
  /// an integer jq writes as it is written): found by its title at once,
  /// with no raw key kept. A key that differs on every row (an id) made
  /// each new key a miss in two tables and an entry in both; the raw
  /// bytes' table was a third of the load and held a copy of every key.
  /// Bytes that are not UTF-8 (their title repairs them) take the raw way.
  mutating func section(
    rawKey p: UnsafePointer<UInt8>, _ length: Int, written: UnsafeRawBufferPointer, kind: GroupKey.Kind,
    title: () -> (text: String, kind: GroupKey.Kind)
  ) -> Int {
    if let known = shortKeys.section(p, length) { return known }
    let hash = KeyTable.hash(written, kind: kind.rawValue)
    indexJoined()
    var s = sectionIndex.find(hash) { kinds[$0] == kind && titles[$0].hasUTF8(written) }
    if s == nil {
      // Decoding repairs what is not UTF-8, so the bytes come back the
      // same only when they were UTF-8 (`String(validating:)` is generic
      // here, and was a quarter of this function).
      let text = String(decoding: written, as: UTF8.self)
      guard text.hasUTF8(written) else { return section(rawKey: p, length, title: title) }
      decoded += 1
      sectionIndex.add(titles.count, hash: hash)
      titles.append(text)
      kinds.append(kind)
      s = titles.count - 1
    }
    shortKeys.add(p, length, section: s!)
    return s!
  }

  /// The section of the initial of a row whose text starts with `start`
  /// (all of it when `complete`); `text` renders the row when the bytes do
  /// not settle it (`InitialSections`).
  mutating func section(
    initialOf start: UnsafeBufferPointer<UInt8>, complete: Bool, text: () -> String
  ) -> Int {
    if let known = knownInitialSection(start) { return known }
    let lead = start.isEmpty || initials.collation != nil ? 0 : Int(start[0])
    let id = initials.id(start: start, complete: complete, decoded: &decoded, text: text)
    while initialSections.count <= id {
      initialSections.append(section(titled: initials.titles[initialSections.count]))
    }
    if lead > 0x20 && lead < 0x80 { leadSections[lead] = initialSections[id] }
    return initialSections[id]
  }

  /// The section of the initial of a row starting with `start` when its
  /// first byte settles it (a printable ASCII byte met before): callers
  /// that would build `text` ask this first, so most rows cost no closure.
  @inline(__always)
  func knownInitialSection(_ start: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !start.isEmpty, initials.collation == nil else { return nil }
    let lead = Int(start[0])
    guard lead > 0x20 && lead < 0x80 else { return nil }
    let known = leadSections[lead]
    return known >= 0 ? known : nil
  }

  /// The titles as shown: a string whose text is also the title of a value
  /// of another kind (`"3"` beside 3, `"true"` beside true, `"(none)"`
  /// beside missing) is shown as a JSON string, quotes and all — and then
  /// so is every string starting with `"`, which could otherwise read as
  /// one so shown (the string `"3"`, quotes its own, beside those): no
  /// other title starts with a quote, so no two titles read the same.
  var shownTitles: [String] {
    let texts = kinds.reduce(0) { $0 + ($1 == .text ? 1 : 0) }
    // All of one kind (ids that are all numbers, names all strings): none to quote.
    if texts == 0 || texts == titles.count { return titles }
    // A `KeyTable`, not a `Set` of strings: a quarter of a million number
    // titles beside a few strings made this a sixth of the whole load.
    var others = KeyTable()
    others.reserve(titles.count - texts)
    for k in kinds.indices where kinds[k] != .text { others.add(k, hash: KeyTable.hash(titles[k])) }
    func spellsAnother(_ k: Int) -> Bool {
      let t = titles[k]
      return kinds[k] == .text && others.find(KeyTable.hash(t), where: { titles[$0].sameScalars(as: t) }) != nil
    }
    guard titles.indices.contains(where: spellsAnother) else { return titles }
    return titles.indices.map { k in
      let t = titles[k]
      guard (kinds[k] == .text && t.utf8.first == UInt8(ascii: "\"")) || spellsAnother(k) else { return t }
      return JSONText.quoted(t)
    }
  }

  /// Lets go of what finds a key or a title again (raw keys, titles by
  /// hash) once the scan is over: the list needs none of it, and a key that
  /// differs on every row made it 40 % of the load's peak memory.
  mutating func dropLookups() {
    (rawKeys, rawBytes, rawStarts, rawKeySections) = (KeyTable(), [], [0], [])
    (sectionIndex, shortKeys, unindexedFrom) = (KeyTable(), ShortKeys(), nil)
  }

  /// Adds an item in `section`.
  @inline(__always)
  mutating func append(offset: Int, length: Int, plain: Bool, section: Int) {
    if separate {
      if section < bySection.count {
        bySection[section].append(offset: offset, length: length, plain: plain)
        separateCount += 1
        return
      }
      if section < Self.perSectionLimit {
        addRuns(through: section)
        bySection[section].append(offset: offset, length: length, plain: plain)
        separateCount += 1
        return
      }
      flatten()
    }
    ranges.append(offset: offset, length: length, plain: plain)
    sectionOf.append(section)
  }

  /// Notes the row of the item about to be added at `offset..<offset + length`:
  /// `measure` gives its cells, and is called only when the row could be
  /// the widest (`bytesBound`: a row takes no more cells than the item's
  /// bytes, unless a template adds text or repeats fields). It is given
  /// the bar's floor, short of which measuring may stop (`TextWidth.cells`).
  @inline(__always)
  mutating func noteRow(offset: Int, length: Int, bytesBound: Bool, measure: (_ floor: Int) -> ItemStore.Cells) {
    if bytesBound && length <= rows.floor { return }
    rows.note(item: count, offset: offset, length: length, measure(rows.floor))
  }

  /// Forgets the items from `n` on (a bad JSON line skipped, or the
  /// elements of a first value that turned out to be one of several).
  /// `widest`: the widest-row bar as it stood before them, when they do
  /// not come back (`ItemWidth.Rows.forget`).
  mutating func truncate(to n: Int, widest: ItemWidth.Bar? = nil) {
    // Sections kept apart have no input order to cut: tags give them one.
    if separate && n < count { flatten() }
    if separate {
      rows.forget(from: n, bar: widest)
      return
    }
    ranges.truncate(to: n)
    sectionOf.truncate(to: n)
    rows.forget(from: n, bar: widest)
  }

  /// The items so far as a list (copies the ranges, so it can be called
  /// again as more items arrive). Initials sort like `--lines` (`Initials.order`);
  /// other titles by `collation` (nil: natural order), with `(none)` last.
  func list(
    buffer: ByteBuffer, keepOrder: Bool, grouping: GroupBy, collation: LocaleCollation?,
    makeStore: (PackedRanges) -> ItemStore
  ) -> SectionedList {
    let shown = shownTitles
    // Many titles are sorted on one core while the items are laid out by
    // section on the other: neither reads what the other makes (a key that
    // differs on every row: each about 6 ms on one core, one after the
    // other). Titles with no item are sorted too and left out after: the
    // others keep their order, which is total.
    let ((packed, starts, counts), sorted) = ForkJoin.both(
      if: titles.count >= NaturalOrder.parallelCount,
      { separate ? runsLaidOut() : sectionOf.layOut(ranges, sections: titles.count, releasing: false) },
      {
        Self.order(
          of: shown, keepOrder: keepOrder, initials: grouping == .initial, lastTitle: grouping.lastTitle,
          collation: collation)
      })
    // A title whose only item was taken back (input cut mid-item) has none yet.
    let order = counts.allSatisfy { $0 > 0 } ? sorted : sorted.filter { counts[$0] > 0 }
    let kinds = self.kinds
    let sections = SectionedList.Section.gathered(order, titles: shown, starts: starts, counts: counts) {
      grouping.derives(kinds[$0])
    }
    let store = makeStore(packed)
    return SectionedList(sections: sections, store: store, maxItemWidth: widestRow(makeStore: makeStore).cells)
  }

  /// The order sections titled `titles` are shown in: as found
  /// (`keepOrder`), `initials` in the index's order (`Initials.order`),
  /// other titles by `collation` (nil: natural order) with `lastTitle`
  /// (`(none)`, or none) last. `--group-by` and `--lines` alike.
  static func order(
    of titles: [String], keepOrder: Bool, initials: Bool, lastTitle: String?, collation: LocaleCollation?
  ) -> [Int] {
    if keepOrder { return Array(titles.indices) }
    if initials { return Initials.order(titles, collation: collation) }
    return NaturalOrder.sortedIndices(titles, collation: collation, lastTitle: lastTitle)
  }

  /// Sections kept apart, copied one run after another (they stay as they are).
  func runsLaidOut() -> (ranges: PackedRanges, starts: [Int], counts: [Int]) {
    var all = PackedRangesBuilder(expected: count)
    var starts: [Int] = []
    var counts: [Int] = []
    for s in titles.indices {
      starts.append(all.count)
      guard s < bySection.count else {
        counts.append(0)
        continue
      }
      counts.append(bySection[s].count)
      all.append(copyOf: bySection[s])
    }
    return (all.finish(), starts, counts)
  }

  /// Lays the items out section by section for good (`--lines`): the input
  /// order ranges' pages go as the copy passes them. Every section keeps its
  /// place, an empty one (a title declared with no item) too.
  mutating func layOut() -> (ranges: PackedRanges, starts: [Int], counts: [Int]) {
    if separate {
      var all = PackedRangesBuilder(expected: count, hugePages: false)
      var starts: [Int] = []
      var counts: [Int] = []
      addRuns(through: titles.count - 1)
      for s in bySection.indices {
        starts.append(all.count)
        counts.append(bySection[s].count)
        all.append(contentsOf: &bySection[s])
        bySection[s] = PackedRangesBuilder(expected: 0)
      }
      separateCount = 0
      return (all.finish(), starts, counts)
    }
    let laid = sectionOf.layOut(ranges, sections: titles.count, releasing: true)
    ranges = PackedRangesBuilder(expected: 0, hugePages: false)
    sectionOf = SectionTags()
    return laid
  }

  /// The widest row of the items so far, with how many rows had to be
  /// decoded for it (those only a bound measured, `ItemWidth.Rows`).
  func widestRow(makeStore: (PackedRanges) -> ItemStore) -> (cells: Int, decoded: Int) {
    rows.resolve { offset, length in
      var one = PackedRangesBuilder(expected: 1, hugePages: false)
      one.append(offset: offset, length: length, plain: false)
      return TextSanitizer.width(makeStore(one.finish()).text(at: 0))
    }
  }

  /// Moves the items of `later` (the items after these, found by another
  /// scan) to the end, its sections mapped to these by title and kind: the
  /// groups one scan of the whole input would have made.
  mutating func append(contentsOf later: inout ItemGroups) {
    // Its titles are all the join reads: its tables would sit beside
    // these growing to hold both halves' keys, at the load's peak.
    let hashes = later.titles.indices.map {
      later.sectionIndex.hash(of: $0) ?? KeyTable.hash(later.titles[$0], kind: later.kinds[$0].rawValue)
    }
    later.dropLookups()
    let map = sections(joining: later.titles, kinds: later.kinds, hashes: hashes)
    rows.append(later.rows, shift: count)
    decoded += later.decoded
    if separate && later.separate && titles.count <= Self.perSectionLimit {
      separateCount += later.count
      for s in later.bySection.indices {
        addRuns(through: map[s])
        bySection[map[s]].append(contentsOf: &later.bySection[s])
      }
      later.bySection = []
      later.separateCount = 0
      return
    }
    flatten()
    later.flatten()
    sectionOf.reserve(count + later.count)
    later.sectionOf.forEach { _, s in sectionOf.append(map[s]) }
    ranges.append(contentsOf: &later.ranges)
    later.sectionOf = SectionTags()
  }

  /// Lets the titles go on another thread when many: the list has its
  /// own, and a key that differs on every row left a quarter of a million
  /// to free one by one (5 ms the load need not wait for).
  mutating func releaseTitles() {
    guard titles.count >= NaturalOrder.parallelCount else { return }
    let old = titles
    titles = []
    DetachedThread.release(old)
  }

  /// Releases the ranges' memory (the builder does not free itself).
  consuming func discard() { ranges.discard() }
}

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

  /// `--group-by VALUE`: `initial`, or a field (`.initial` for a field of that name).
  public init(option value: String) throws(UsageError) {
    self = value == "initial" ? .initial : .field(try FieldPath(value))
  }
}

/// Items in input order with the section each belongs to, laid out section
/// by section when a list is wanted (a counting sort: input order kept within
/// a section). Items stay packed byte ranges into the input.
struct ItemGroups {
  var titles: [String] = []
  var sectionIndex: [String: Int] = [:]
  var ranges: PackedRangesBuilder
  var sectionOf = SectionTags()
  /// Widest plain item (its width is its byte length).
  var widestPlain = 0
  /// Sections by the bytes of their key as written (a JSON value with its
  /// escapes, a CSV field with its quotes): a key seen before costs a hash
  /// and a compare, not a decoded `String` per item.
  var rawSections: [UInt64: (section: Int, raw: [UInt8])] = [:]

  init(expected: Int) {
    ranges = PackedRangesBuilder(expected: expected)
  }

  var count: Int { ranges.count }

  mutating func section(titled title: String) -> Int {
    if let s = sectionIndex[title] { return s }
    sectionIndex[title] = titles.count
    titles.append(title)
    return titles.count - 1
  }

  /// The section of the key written as `p[0..<length]`; `title` decodes it
  /// the first time. Keys past 4 KiB are not kept raw (a 100 MB value would
  /// cost its size again), only decoded each time they appear.
  mutating func section(rawKey p: UnsafePointer<UInt8>, _ length: Int, title: () -> String) -> Int {
    guard length <= 4096 else { return section(titled: title()) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for i in 0..<length { hash = (hash ^ UInt64(p[i])) &* 0x0000_0100_0000_01B3 }
    if let known = rawSections[hash], known.raw.count == length,
      known.raw.withUnsafeBufferPointer({ memcmp($0.baseAddress!, p, length) == 0 })
    {
      return known.section
    }
    let s = section(titled: title())
    if rawSections[hash] == nil { rawSections[hash] = (s, Array(UnsafeBufferPointer(start: p, count: length))) }
    return s
  }

  /// Adds an item; `width` is its exact display width when `plain`.
  @inline(__always)
  mutating func append(offset: Int, length: Int, plain: Bool, width: Int, section: Int) {
    ranges.append(offset: offset, length: length, plain: plain)
    sectionOf.append(section)
    if plain, width > widestPlain { widestPlain = width }
  }

  /// Forgets the items from `n` on (a bad JSON line skipped, or the
  /// elements of a first value that turned out to be one of several).
  mutating func truncate(to n: Int) {
    ranges.truncate(to: n)
    sectionOf.truncate(to: n)
  }

  /// The items so far as a list (copies the ranges, so it can be called
  /// again as more items arrive). `last` is a title sorted after all others
  /// (`(none)`, `#`); `initials` sorts like `--lines` (letters, then `#`).
  func list(
    buffer: ByteBuffer, keepOrder: Bool, last: String?, makeStore: (PackedRanges) -> ItemStore,
    widest: (ItemStore, PackedRanges) -> Int
  ) -> SectionedList {
    let (packed, starts, counts) = sectionOf.layOut(ranges, sections: titles.count, releasing: false)
    // A title whose only item was taken back (input cut mid-item) has none yet.
    let sections = titles.indices.filter { counts[$0] > 0 }.map {
      SectionedList.Section(title: titles[$0], firstItem: starts[$0], itemCount: counts[$0])
    }
    let store = makeStore(packed)
    let list = SectionedList(sections: sections, store: store, maxItemWidth: widest(store, packed))
    if keepOrder { return list }
    return list.reordered(NaturalOrder.sortedIndices(sections.map(\.title)) { $0 == last })
  }

  /// The widest row: plain items as scanned (`widestPlain`), every other
  /// one measured from its bytes (`ItemStore.measurer`), so the figure is
  /// exact whatever the items' order. Only rows whose bytes give a mere
  /// bound wider than the widest exact row are decoded and measured.
  static func widest(store: ItemStore, ranges: PackedRanges, widestPlain: Int) -> Int {
    measureWidest(store: store, ranges: ranges, widestPlain: widestPlain).cells
  }

  /// `widest`, with how many rows had to be decoded (a `String` each).
  static func measureWidest(store: ItemStore, ranges: PackedRanges, widestPlain: Int) -> (cells: Int, decoded: Int) {
    var best = widestPlain
    var unsure: [(index: Int, bound: Int)] = []
    let measure = store.measurer()
    for i in 0..<ranges.count where !ranges.isPlain(i) {
      let (cells, exact) = measure(i)
      if exact {
        if cells > best { best = cells }
      } else if cells > best {
        unsure.append((i, cells))
      }
    }
    var decoded = 0
    for u in unsure where u.bound > best {
      decoded += 1
      best = max(best, TextSanitizer.width(store.text(at: u.index)))
    }
    return (best, decoded)
  }

  /// Releases the ranges' memory (the builder does not free itself).
  consuming func discard() { ranges.discard() }
}

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
    do {
      self = value == "initial" ? .initial : .field(try FieldPath(value))
    } catch {
      throw UsageError("--group-by: \(error.message)")
    }
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

  /// The widest row: plain items as scanned; the others by an upper bound
  /// from their bytes, decoded only when that could beat the widest so far.
  /// Rows built from fields (`rendered`) are decoded and measured.
  static func widest(store: ItemStore, ranges: PackedRanges, buffer: ByteBuffer, widestPlain: Int, rendered: Bool)
    -> Int
  {
    var best = widestPlain
    let isJSON = if case .json = store { true } else { false }
    for i in 0..<ranges.count where !ranges.isPlain(i) {
      let p = buffer.base + ranges.offset(i)
      let length = ranges.length(i)
      let c = p.pointee
      if rendered && (!isJSON || c == 0x7B) {
        best = max(best, TextSanitizer.width(store.text(at: i)))
        continue
      }
      if length <= best { continue }
      let bound =
        isJSON ? ItemWidth.jsonBound(p, length) : ItemWidth.cells(p, length, escapes: false).cells
      if bound > best { best = max(best, TextSanitizer.width(store.text(at: i))) }
    }
    return best
  }

  /// Releases the ranges' memory (the builder does not free itself).
  consuming func discard() { ranges.discard() }
}

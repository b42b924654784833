/// The loaded data: ordered sections, each a title and a run of items. Items
/// are kept compact (byte ranges into the source for loaded JSON) and decoded
/// only when a row is drawn, searched or printed. Immutable once built, so the
/// run loop, the renderer and background work can share it freely.
public final class SectionedList: Sendable {
  /// One section: its title and where its items sit in the item store.
  public struct Section: Sendable, Hashable {
    public let title: String
    /// Where its items start and how many, 32 bits each (a list holds at
    /// most `maximumItemCount` items), `derived` in the count's top bit: 24
    /// bytes a section, not 32 — a million sections fault in 8 MB fewer
    /// fresh pages, and a section takes the room of the sort entry
    /// `Scan.sortedListed` writes it over. A larger value is kept as the
    /// largest these hold: such a list is refused (`checkItemCount`) before
    /// anything reads it.
    private var first: UInt32
    private var countAndDerived: UInt32

    public var firstItem: Int { Int(first) }
    public var itemCount: Int { Int(countAndDerived & Self.countMask) }
    /// The title was made up by sectionnav (an initial, `#`, `(none)`), not
    /// read from the data: the filter never matches it.
    public var derived: Bool { countAndDerived & ~Self.countMask != 0 }

    public init(title: String, firstItem: Int, itemCount: Int, derived: Bool = false) {
      self.title = title
      first = UInt32(clamping: firstItem)
      countAndDerived = UInt32(clamping: min(itemCount, Int(Self.countMask))) | (derived ? ~Self.countMask : 0)
    }

    /// Moves its items (a merge lays them out anew), `derived` kept.
    mutating func place(firstItem: Int, itemCount: Int) {
      first = UInt32(clamping: firstItem)
      countAndDerived = UInt32(clamping: min(itemCount, Int(Self.countMask))) | (countAndDerived & ~Self.countMask)
    }

    private static let countMask = UInt32(Int32.max)
  }

  public let sections: [Section]
  let store: ItemStore
  /// Display width (cells, after sanitising) of the widest item.
  public let maxItemWidth: Int

  /// Section `s`'s title when it comes from the data (what `--nth section`
  /// lets a filter term match), nil when sectionnav made it up.
  func realTitle(_ s: Int) -> String? { sections[s].derived ? nil : sections[s].title }

  init(sections: [Section], store: ItemStore, maxItemWidth: Int) {
    self.sections = sections
    self.store = store
    self.maxItemWidth = maxItemWidth
  }

  /// Many sections are freed on a thread of their own: a million titles
  /// take milliseconds to free one by one, which whoever let the list go
  /// (the terminal's run loop, as a new snapshot replaces it) need not wait for.
  deinit {
    if sections.count >= NaturalOrder.parallelCount { DetachedThread.release(sections) }
  }

  /// Builds a list from plain strings (demos, line input, tests). Titles keep
  /// the given order; duplicates merge into the first.
  public convenience init(_ pairs: [(title: String, items: [String])]) {
    var order: [ExactName] = []
    var byTitle: [ExactName: [String]] = [:]
    for (title, items) in pairs {
      let title = ExactName(title)
      if byTitle[title] == nil {
        order.append(title)
        byTitle[title] = []
      }
      byTitle[title]!.append(contentsOf: items)
    }
    var all: [String] = []
    var sections: [Section] = []
    var widest = 0
    for title in order {
      let items = byTitle[title]!
      sections.append(Section(title: title.text, firstItem: all.count, itemCount: items.count))
      for item in items { widest = max(widest, TextSanitizer.width(item)) }
      all.append(contentsOf: items)
    }
    self.init(sections: sections, store: .strings(all), maxItemWidth: widest)
  }

  public var sectionCount: Int { sections.count }
  /// Total number of items.
  public var itemCount: Int { store.count }

  /// The most items a list may hold: the filter numbers items in 32 bits
  /// and counts its matches and sections in 31 (fzf's limit too). Such an
  /// input is gigabytes of lines; past it the load fails (`checkItemCount`)
  /// instead of the first filter trapping.
  public static let maximumItemCount = Int(Int32.max)

  /// Throws, naming `source`, when the list holds more than `limit` items.
  public func checkItemCount(source: String, limit: Int = SectionedList.maximumItemCount) throws(Failure) {
    guard itemCount > limit else { return }
    throw Failure("more than \(limit) items, the most sectionnav lists", at: source)
  }

  public func title(_ section: Int) -> String { sections[section].title }
  public func itemCount(_ section: Int) -> Int { sections[section].itemCount }

  /// The display text of an item (not yet sanitised for the terminal).
  public func itemText(section: Int, item: Int) -> String {
    store.text(at: sections[section].firstItem + item)
  }

  /// The beginning of an item's display text, enough to fill `cells` cells:
  /// what a row draws. Long items are decoded only that far.
  public func itemText(section: Int, item: Int, cells: Int) -> String {
    store.text(at: sections[section].firstItem + item, prefixBytes: max(0, cells + 1) * 64 + 64)
  }

  /// An item's display text cut to `characters` characters, ending in `…`
  /// when cut — what `state` reports. Costs O(`characters`) even for an
  /// item of hundreds of megabytes (the whole item is decoded only when
  /// chosen and printed).
  public func itemPreview(section: Int, item: Int, characters: Int) -> String {
    let index = sections[section].firstItem + item
    let limit = max(0, characters + 1) * 64 + 64
    let text = store.text(at: index, prefixBytes: limit)
    var end = text.startIndex
    var n = 0
    while end < text.endIndex, n < characters {
      text.formIndex(after: &end)
      n += 1
    }
    if end < text.endIndex || store.isCut(at: index, prefixBytes: limit) { return String(text[..<end]) + "…" }
    return text
  }

  /// The item as a JSON value (for `--print json`).
  public func itemJSON(section: Int, item: Int) -> String {
    store.json(at: sections[section].firstItem + item)
  }

  /// The same data with sections in another order (`permutation[i]` is the old index).
  public func reordered(_ permutation: [Int]) -> SectionedList {
    SectionedList(sections: permutation.map { sections[$0] }, store: store, maxItemWidth: maxItemWidth)
  }

  /// Sections sorted by title in case-insensitive natural order (stable),
  /// or by `collation` (`--locale`).
  public func sortedByTitle(collation: LocaleCollation? = nil) -> SectionedList {
    let perm = NaturalOrder.sortedIndices(sections.map(\.title), collation: collation)
    return reordered(perm)
  }
}

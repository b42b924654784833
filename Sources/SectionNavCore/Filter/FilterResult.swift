/// The items of a list that survive a filter, grouped under their sections:
/// 4 bytes per surviving item (its position in the list's item store) plus
/// 8 per surviving section. Sections and items are in data order, or ranked
/// by score under `--sort`.
public struct FilterResult: Sendable, Equatable {
  public let query: FilterQuery
  /// The list filtered (the full data, never a filtered view).
  public let list: SectionedList
  /// Which filter run this is (the app drops results of older runs).
  public let generation: Int
  /// Per surviving section: its index in `list`.
  public let sections: [Int32]
  /// Per surviving section: where its items start in `ordinals`; one more
  /// entry at the end (the total).
  public let starts: [Int32]
  /// Store positions of the surviving items (`list.sections[s].firstItem + item`).
  public let ordinals: [UInt32]
  /// False while the run goes on (a partial result streamed to the screen).
  public let isComplete: Bool
  /// Candidates looked at so far, of `total`.
  public let scanned: Int
  public let total: Int
  /// The widest survivor's row, when the run measured it (`FilterRun.widest`).
  var widest: Int? = nil

  public static func == (a: FilterResult, b: FilterResult) -> Bool {
    a.list === b.list && a.generation == b.generation && a.query == b.query && a.isComplete == b.isComplete
      && a.scanned == b.scanned && a.sections == b.sections && a.starts == b.starts && a.ordinals == b.ordinals
  }

  public var itemCount: Int { ordinals.count }
  public var sectionCount: Int { sections.count }

  /// The filtered view: a list of the surviving sections and items, reading
  /// item text from `list` (no item is copied).
  public func view() -> SectionedList {
    var viewSections: [SectionedList.Section] = []
    viewSections.reserveCapacity(sections.count)
    for k in 0..<sections.count {
      viewSections.append(
        SectionedList.Section(
          title: list.title(Int(sections[k])), firstItem: Int(starts[k]), itemCount: Int(starts[k + 1] - starts[k]),
          derived: list.sections[Int(sections[k])].derived))
    }
    return SectionedList(
      sections: viewSections, store: .subset(SubsetItems(base: list, ordinals: ordinals)),
      maxItemWidth: widest ?? list.maxItemWidth)
  }

  /// Section and item of `list` for item `item` of surviving section `k`.
  public func baseItem(section k: Int, item: Int) -> (section: Int, item: Int) {
    let s = Int(sections[k])
    return (s, Int(ordinals[Int(starts[k]) + item]) - list.sections[s].firstItem)
  }
}

/// Some items of a list, by store position (a filtered view's items).
final class SubsetItems: Sendable {
  let base: SectionedList
  let ordinals: [UInt32]

  init(base: SectionedList, ordinals: [UInt32]) {
    self.base = base
    self.ordinals = ordinals
  }
}

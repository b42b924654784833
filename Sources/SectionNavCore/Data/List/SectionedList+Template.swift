extension SectionedList {
  /// The same sections with object items shown through `template`
  /// (`--item-format` on sectioned JSON).
  public func showing(_ template: ItemTemplate) -> SectionedList {
    guard case .json(var items) = store else { return self }
    items.template = template
    let store = ItemStore.json(items)
    var plain = 0
    for i in 0..<items.ranges.count where items.ranges.isPlain(i) {
      let length = items.ranges.length(i)
      plain = max(plain, items.buffer.base[items.ranges.offset(i)] == 0x22 ? length - 2 : length)
    }
    let widest = ItemGroups.widest(store: store, ranges: items.ranges, widestPlain: plain)
    return SectionedList(sections: sections, store: store, maxItemWidth: widest)
  }
}

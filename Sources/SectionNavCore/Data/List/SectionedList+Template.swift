extension SectionedList {
  /// The same sections with object items shown through `template`
  /// (`--item-format` on sectioned JSON).
  public func showing(_ template: ItemTemplate) -> SectionedList {
    guard case .json(var items) = store else { return self }
    items.template = template
    let store = ItemStore.json(items)
    // Plain strings, numbers… show as their bytes (strings without their
    // quotes); objects, even plain ones, as the template makes their rows.
    let ranges = items.ranges
    let base = items.buffer.base
    var plain = 0
    for i in 0..<ranges.count where ranges.isPlain(i) {
      let first = base[ranges.offset(i)]
      if first != 0x7B { plain = max(plain, ranges.length(i) - (first == 0x22 ? 2 : 0)) }
    }
    let buffer = items.buffer
    let widest = ItemWidth.measureWidest(store: store, ranges: ranges, widestPlain: plain) {
      ranges.isPlain($0) && buffer.base[ranges.offset($0)] != 0x7B
    }
    return SectionedList(sections: sections, store: store, maxItemWidth: widest.cells)
  }
}

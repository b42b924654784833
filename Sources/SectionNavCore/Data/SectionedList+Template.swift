extension SectionedList {
  /// The same sections with object items shown through `template`
  /// (`--item-format` on sectioned JSON).
  public func showing(_ template: ItemTemplate) -> SectionedList {
    guard case .json(var items) = store else { return self }
    items.template = template
    let store = ItemStore.json(items)
    var widest = 0
    for i in 0..<items.ranges.count { widest = max(widest, TextSanitizer.width(store.text(at: i))) }
    return SectionedList(sections: sections, store: store, maxItemWidth: widest)
  }
}

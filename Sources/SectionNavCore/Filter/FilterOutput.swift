/// Printing filtered items fast (`--filter-print`): the default format
/// `{item}` copies plain items' bytes straight from the data, so printing
/// a million survivors makes no `String` per item.
extension SectionedList {
  /// Appends the display text of store item `ordinal` (as `itemText` gives it, unsanitised).
  public func appendItemText(ordinal: Int, to out: inout [UInt8]) {
    switch store {
    case .lines(let lines):
      if lines.ranges.isPlain(ordinal) {
        let p = lines.buffer.base + lines.ranges.offset(ordinal)
        out.append(contentsOf: UnsafeBufferPointer(start: p, count: lines.ranges.length(ordinal)))
        return
      }
    case .json(let items):
      let p = items.buffer.base + items.ranges.offset(ordinal)
      if p.pointee == 0x22 && items.ranges.isPlain(ordinal) {
        out.append(contentsOf: UnsafeBufferPointer(start: p + 1, count: items.ranges.length(ordinal) - 2))
        return
      }
    default:
      break
    }
    out.append(contentsOf: store.text(at: ordinal).utf8)
  }

  /// The section and 0-based item of store position `ordinal` in section `section`.
  public func item(ordinal: Int, in section: Int) -> Int { ordinal - sections[section].firstItem }
}

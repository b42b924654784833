/// Printing filtered items fast (`--filter-print`): the default format
/// `{item}` copies plain items' bytes straight from the data, so printing
/// a million survivors makes no `String` per item.
extension SectionedList {
  /// Appends the display text of store item `ordinal` (as `itemText` gives
  /// it, unsanitised), except that a line is its bytes, UTF-8 or not.
  public func appendItemText(ordinal: Int, to out: inout [UInt8]) {
    switch store {
    case .lines(let lines):
      // A line is its bytes, UTF-8 or not.
      let p = lines.buffer.base + lines.ranges.offset(ordinal)
      out.append(contentsOf: UnsafeBufferPointer(start: p, count: lines.ranges.length(ordinal)))
      return
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

extension FilterResult {
  /// The survivors as `--filter-print` prints them per `chosen`, handed to
  /// `write` in pieces of about 1 MiB; the exit status (1: nothing
  /// matched). Under `--print0` every survivor is checked before anything
  /// is written: an item holding a NUL fails the run with nothing printed,
  /// as `xargs -0` would otherwise act on the pieces.
  public func print(_ chosen: Chosen, to write: ([UInt8]) -> Void) throws(Failure) -> ExitCode {
    if chosen.terminator == "\0" { try pieces(chosen, output: false, to: write) }
    try pieces(chosen, output: true, to: write)
    return itemCount > 0 ? .success : .notChosen
  }

  /// The survivors per `chosen`, handed to `write` only when `output`. Plain
  /// `{item}` to anything but a terminal copies the items' bytes.
  private func pieces(_ chosen: Chosen, output: Bool, to write: ([UInt8]) -> Void) throws(Failure) {
    let fast = chosen.format == .standard && !chosen.sanitize
    let terminator = Array(chosen.terminator.utf8)
    let checkNUL = !output && fast
    var out: [UInt8] = []
    out.reserveCapacity(1 << 20)
    for k in 0..<sectionCount {
      let s = Int(sections[k])
      for o in starts[k]..<starts[k + 1] {
        let ordinal = Int(ordinals[Int(o)])
        if fast {
          let start = out.count
          list.appendItemText(ordinal: ordinal, to: &out)
          if checkNUL && out[start...].contains(0) {
            throw Chosen.holdsNUL(list, section: s, item: list.item(ordinal: ordinal, in: s))
          }
          out.append(contentsOf: terminator)
        } else {
          out.append(contentsOf: try chosen.text(list, section: s, item: list.item(ordinal: ordinal, in: s)))
        }
        if out.count >= 1 << 20 {
          if output { write(out) }
          out.removeAll(keepingCapacity: true)
        }
      }
    }
    if output { write(out) }
  }
}

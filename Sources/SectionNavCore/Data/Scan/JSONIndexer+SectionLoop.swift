/// Sections of an object of sections taken in a loop of their own.
///
/// Between two sections the general loop (`Scan.run`) passes the comma, the
/// key, the colon and the bracket through all its checks and hooks
/// (`key`, `valueHook`, `closeHook`): about 600 instructions a section
/// where its items take a few dozen each — most of the load when sections
/// are many and small. A section that is `, "title": [` then string items
/// (`stringItems`) needs none of them.
extension Scan {
  /// Where `sectionLoop` stopped, for the general loop to go on from.
  enum SectionLoopStop {
    /// Between sections: after a value at depth 1.
    case between
    /// Inside a section, after a string item it noted.
    case afterItem
    /// Inside a section, where an item it does not take starts.
    case atItem
  }

  /// The sections after one that closed at `p`, at depth 1 of an object of
  /// sections, while each is `, "title": [` (a title with no escape,
  /// `quickString`) then string items (`stringItems`) and `]`, noted here
  /// as the general loop notes them. Stops before anything else: between
  /// sections before a title with an escape, a value that is not an array,
  /// bytes not yet here or the second half's start (`handOff`); inside a
  /// section (its `title` and `first` item set) at an item of another
  /// kind, with an escape, or ending past the next progress report
  /// (`limit`: the general loop reports after an item).
  mutating func sectionLoop(
    after p: Pointer, _ end: Pointer, limit: Pointer, handOff: Int, title: inout String?, first: inout Int
  ) -> (Pointer, SectionLoopStop) {
    var p = p
    while true {
      let comma = JSONLexer.skipSpace(p, end)
      guard comma < end, comma.pointee == 0x2C else { return (p, .between) }
      let key = JSONLexer.skipSpace(comma + 1, end)
      guard key < end, key.pointee == 0x22, key - buffer.base != handOff else { return (p, .between) }
      var plainKey = true
      guard let keyEnd = JSONLexer.quickString(key, end, &plainKey) else { return (p, .between) }
      let colon = JSONLexer.skipSpace(keyEnd, end)
      guard colon < end, colon.pointee == 0x3A else { return (p, .between) }
      let open = JSONLexer.skipSpace(colon + 1, end)
      guard open < end, open.pointee == 0x5B else { return (p, .between) }
      var q = JSONLexer.skipSpace(open + 1, end)
      guard q < end else { return (p, .between) }
      // No escape in it: the title is its bytes (as `JSONValueText.unescape`
      // makes it), made once the items are passed (not kept across calls).
      @inline(__always) func name() -> String { JSONValueText.text(key + 1, keyEnd - key - 2) }
      let firstItem = items.count
      var plain = true
      if q.pointee != 0x5D {
        guard q.pointee == 0x22, let after = JSONLexer.quickString(q, end, &plain), after < limit else {
          (title, first) = (name(), firstItem)
          return (q, .atItem)
        }
        noteString(q, after - q, plain: plain, saved: 0)
        let last = stringItems(after: after, end, limit: limit, handOff: handOff)
        q = JSONLexer.skipSpace(last, end)
        guard q < end, q.pointee == 0x5D else {
          (title, first) = (name(), firstItem)
          return (last, .afterItem)
        }
      }
      let title = name()
      // A title that is not ASCII is keyed as shown (invalid UTF-8 as U+FFFD).
      if keysInScan && !sortKeys.append(ascii: key + 1, count: keyEnd - key - 2, readable: end - key - 1) {
        sortKeys.append(title)
      }
      sections.append(RawSection(title: title, end: items.count))
      p = q + 1
    }
  }
}

/// Object items scanned member by member in a loop of their own.
///
/// The general loop (`scan`) passes every token through its checks —
/// where the path is, which depth is watched, a checkpoint to resume from
/// — though inside an object item only its members on a field's way need
/// anything. Here a member's key is compared at once and its value skipped
/// whole (a container by `JSONLexer.skipContainer`), or walked member by
/// member when a field lies inside it. The hooks called are the general
/// loop's own, in the same order, so the item is filed exactly as it would
/// be there.
///
/// Anything short of a well-formed item in full — a syntax error, the end
/// of the bytes so far, an array on a field's way — makes this give the
/// item back: the general loop redoes it, for its exact error message, to
/// wait for more input, or to follow the field into the array.
extension JSONItemScan {
  /// The member levels a field goes down (`--group-by` and shown fields):
  /// members deeper than this are on no field's way.
  var fieldLevels: Int { max(groupDepth, shown.levels) }

  /// The object at `open` (its `{`), whose members are at `depth`, `level`
  /// members deep in the open item (0: the item's own). Returns just after its `}`.
  mutating func objectMembers(
    _ open: Pointer, _ end: Pointer, depth d: Int, level k: Int, _ spaces: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    let base = buffer.base
    if d > JSONIndexer.maximumDepth { throw SyntaxFailure(offset: open - base, message: "") }
    let levels = fieldLevels
    if levels == 0 {
      // No field is looked for: the object in one call, as the indexer
      // takes its items (`Scan.wholeItem`), not member by member.
      var plain = true
      let after = try JSONLexer.skipContainer(open, end, base, &plain, &spaces, depth: d - 1)
      if !plain { itemPlain = false }
      return after
    }
    let deeper = k + 1 < levels
    let flat = flatFields
    return try JSONLexer.members(open, end, base, &spaces) {
      key, after, keyPlain, value, spaces throws(SyntaxFailure) in
      var plain = keyPlain
      var saved = 0
      var on = false
      // A field named here when every field is one name (`flatFields`).
      var named: MemberNames.Name? = nil
      if k >= levels {
        on = false
      } else if k == 0 && plain && after - key - 2 <= ShortKeys.maxLength && !firstNames.hasLong {
        if flat {
          named = firstNames.match(key + 1, after - key - 2)
        } else {
          on = namedMember(level: 0, key + 1, after - key - 2, at: value)
        }
      } else {
        keyStart = key - base
        keyEnd = after - base
        self.keyPlain = plain
        on = memberStarts(depth: d, at: value)
      }
      let valueEnd: Pointer
      if on && deeper && value.pointee == 0x7B {
        valueEnd = try objectMembers(value, end, depth: d + 1, level: k + 1, &spaces)
      } else if on && deeper && value.pointee == 0x5B {
        // Elements on a field's way: the general loop follows them.
        throw SyntaxFailure(offset: value - base, message: "")
      } else {
        valueEnd = try JSONLexer.skipValue(value, end, base, &plain, &saved, &spaces, depth: d)
      }
      if !plain { itemPlain = false }
      if let named {
        noteFlat(named, start: value - base, end: valueEnd - base, saved: saved)
      } else if on {
        memberEnds(at: valueEnd, depth: d)
      }
      return valueEnd
    }
  }

  /// Every field is one member name (`--group-by NAME`, `--item-field NAME`,
  /// `{NAME}`s): a member named by one is noted whole where it ends, with
  /// no per-field flags to set and read back (`memberStarts`, `memberEnds`).
  var flatFields: Bool { groupDepth <= 1 && shown.levels <= 1 }

  /// The open item's member `name` lies at `start..<end` (its escapes
  /// `saved` bytes, `ShownFields.saved`): the last such member wins, as jq's does.
  @inline(__always)
  mutating func noteFlat(_ name: MemberNames.Name, start: Int, end: Int, saved: Int) {
    var fields = name.fields
    while fields != 0 {
      let f = fields.trailingZeroBitCount
      shown.start[f] = start
      shown.end[f] = end
      shown.saved[f] = saved
      fields &= fields - 1
    }
    if name.group {
      groupStart = start
      groupEnd = end
    }
  }

  /// A JSON line that is one object with no space in it, ended by its line
  /// break (or the end of a complete input): scanned by `objectMembers`
  /// straight from the line's start, without first looking for its end.
  /// Returns where the next line starts, or nil for any other line, the
  /// scan's state as it was (what the open item noted is noted again):
  /// `runLines` then finds the line's end and scans it as before.
  mutating func objectLine(_ p: Pointer, _ limit: Pointer, eof: Bool) -> Pointer? {
    let before = state
    state.depth = 0
    valueStarts(at: p, 0x7B, depth: 0, spaces: state.spaces)
    var blank = state.spaces
    guard state.itemDepth == 0, let after = try? objectMembers(p, limit, depth: 1, level: 0, &blank),
      blank == state.spaces
    else {
      state = before
      return nil
    }
    let next: Pointer
    if after == limit && eof {
      next = limit
    } else if after < limit && after.pointee == 0x0A {
      next = after + 1
    } else if limit - after >= 2 && after.pointee == 0x0D && after[1] == 0x0A {
      next = after + 2
    } else {
      state = before
      return nil
    }
    ends(at: after, depth: 0, spaces: blank)
    return next
  }
}

/// Objects whose member is the item: `--path '.[].name'` and the like.
extension JSONItemScan {
  /// The depth of the objects whose member named by the path's last step
  /// is the item (`.KEY` after a `[]`: `.[].name` has them at 1), or -1.
  static func carrierDepth(of steps: [JSONPath.Step]) -> Int {
    guard case .key = steps.last, steps.contains(.each) else { return -1 }
    return steps.count - 1
  }

  /// The object at `open`, at `carrierDepth` `d` on the path: its member
  /// named by the last step is the item, every other member is off the
  /// path, outside any item — the general loop's hooks have nothing to do
  /// there — and is skipped whole. The item is scanned in place (hooks in
  /// the general loop's order) but filed (`ends`) only once the object has
  /// closed, so a give-back (`giveBackCarrier`) has no item to take back.
  /// Given back as `objectMembers` gives back, and also on a second member
  /// of that name (jq's last one wins: the general loop settles it) and on
  /// an array item whose fields are looked for.
  mutating func carrierMembers(_ open: Pointer, _ end: Pointer, depth d: Int, _ spaces: inout Int)
    throws(SyntaxFailure) -> Pointer
  {
    let base = buffer.base
    if d + 2 > JSONIndexer.maximumDepth { throw SyntaxFailure(offset: open - base, message: "") }
    var itemEnd: Pointer? = nil
    var spacesAtItemEnd = 0
    let after = try stepKeys[d].withUnsafeBufferPointer { (name) throws(SyntaxFailure) -> Pointer in
      let count = name.count
      let nameBytes = name.baseAddress ?? base
      return try JSONLexer.members(open, end, base, &spaces) {
        key, after, keyPlain, value, spaces throws(SyntaxFailure) in
        keyStart = key - base
        keyEnd = after - base
        self.keyPlain = keyPlain
        // A plain key compared from the closure's own arguments: through
        // `keyMatches` (the fields just stored, read back) the loop took 25 % longer.
        let matches =
          keyPlain ? after - key - 2 == count && sameBytes(key + 1, nameBytes, count) : keyMatches(nameBytes, count)
        var plain = true
        var saved = 0
        if !matches {
          return try JSONLexer.skipValue(value, end, base, &plain, &saved, &spaces, depth: d + 1)
        }
        if itemEnd != nil { throw SyntaxFailure(offset: value - base, message: "") }
        let c = value.pointee
        stack[d + 1] = 1
        valueStarts(at: value, c, depth: d + 1, spaces: spaces)
        let valueEnd: Pointer
        if c == 0x7B {
          valueEnd = try objectMembers(value, end, depth: d + 2, level: 0, &spaces)
        } else if c == 0x5B && fieldLevels > 0 {
          throw SyntaxFailure(offset: value - base, message: "")
        } else {
          valueEnd = try JSONLexer.skipValue(value, end, base, &plain, &saved, &spaces, depth: d + 1)
          if !plain { itemPlain = false }
          stringSaved = saved
        }
        itemEnd = valueEnd
        spacesAtItemEnd = spaces
        return valueEnd
      }
    }
    if let itemEnd { ends(at: itemEnd, depth: d + 1, spaces: spacesAtItemEnd) }
    return after
  }

  /// Undoes what a failed `carrierMembers` at depth `d` noted, so the
  /// general loop redoes the object as if it had come to it first.
  mutating func giveBackCarrier(depth d: Int) {
    foundAt[d] = -1
    elements[d] = 0
    state.itemDepth = -1
  }
}

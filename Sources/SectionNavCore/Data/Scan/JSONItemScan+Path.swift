#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Following `--path` and spotting items as values start and end.
extension JSONItemScan {
  /// Whether the member key just read is `name`.
  /// Inlined: a call from a mutating hook would copy the whole scan (a
  /// kilobyte) to pass `self`, per member on the path.
  @inline(__always)
  func keyMatches(_ name: [UInt8]) -> Bool {
    name.withUnsafeBufferPointer { keyMatches($0.baseAddress!, $0.count) }
  }

  /// Whether the member key just read is the `count` bytes at `name`.
  @inline(__always)
  func keyMatches(_ name: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let base = buffer.base
    if keyPlain {
      return keyEnd - keyStart - 2 == count && sameBytes(base + keyStart + 1, name, count)
    }
    return JSONValueText.unescape(base + keyStart, keyEnd - keyStart).utf8.elementsEqual(
      UnsafeBufferPointer(start: name, count: count))
  }

  /// The member whose key was just read starts at `value`, at depth `d`
  /// below the path: notes whether it is on the way to the `--group-by`
  /// field or a shown field (what `valueStarts` does for other values).
  /// Returns false when it is on no field's way — most members of most
  /// items: then no hook has anything to do with it or anything inside it
  /// (the scan passes it *quietly*, its hooks skipped). A key only decoding
  /// can compare is never quiet.
  @inline(__always)
  mutating func memberStarts(depth d: Int, at value: Pointer) -> Bool {
    let item = state.itemDepth
    // Members of no item: no hook acts on them. (Items are never members here.)
    if item < 0 || d <= item { return item >= 0 }
    let k = d - item - 1
    if k >= max(groupDepth, shown.levels) { return false }
    let length = keyEnd - keyStart - 2
    if keyPlain {
      if nameLengths[k] >> UInt64(min(length, 63)) & 1 == 0 { return false }
      if length <= ShortKeys.maxLength && !memberNames[k].hasLong && objectItems {
        return namedMember(level: k, buffer.base + keyStart + 1, length, at: value)
      }
    }
    return memberOnTheWay(level: k, at: value - buffer.base, length: length)
  }

  /// `memberStarts` of a member `level` deep in the open item whose plain
  /// key `key[0..<length]` is at most 16 bytes (and no name looked for
  /// there is longer): what each name means was worked out once
  /// (`MemberNames`), and which fields the member above is on the way of
  /// is one word (`ShownFields.onMask`). `memberOnTheWay` decides the rest.
  @inline(__always)
  mutating func namedMember(level k: Int, _ key: Pointer, _ length: Int, at value: Pointer) -> Bool {
    guard let name = memberNames[k].match(key, length) else { return false }
    // (Fields named this deep make `shown.levels` deeper than `k`: `onMask[k - 1]` is there.)
    let fields = k == 0 || name.fields == 0 ? name.fields : name.fields & shown.onMask[k - 1]
    let grouped = name.group && (k == 0 || groupOn[k - 1])
    if !grouped && fields == 0 { return false }
    let offset = value - buffer.base
    if k < shown.levels { shown.take(level: k, matches: fields, offset: offset) }
    if k < groupDepth {
      groupOn[k] = grouped
      if grouped { if k == groupDepth - 1 { groupStart = offset } else { groupEnd = -1 } }
    }
    return true
  }

  /// `memberStarts` past the length test: each name compared once.
  @inline(never)
  mutating func memberOnTheWay(level k: Int, at offset: Int, length: Int) -> Bool {
    let key = buffer.base + keyStart + 1
    var grouped = false
    var fields: UInt64 = 0
    if keyPlain {
      grouped =
        k < groupDepth && (k == 0 || groupOn[k - 1]) && groupKeyOffsets[k + 1] - groupKeyOffsets[k] == length
        && sameBytes(groupKeyBytes + groupKeyOffsets[k], key, length)
      fields = shown.matches(level: k, key: key, length: length)
      if !grouped && fields == 0 { return false }
      if k < shown.levels { shown.take(level: k, matches: fields, offset: offset) }
    } else {
      if k < shown.levels {
        shown.valueStarts(level: k, offset: offset, member: true, plain: false, key: key, length: length)
      }
      grouped =
        k < groupDepth && (k == 0 || groupOn[k - 1])
        && keyMatches(groupKeyBytes + groupKeyOffsets[k], groupKeyOffsets[k + 1] - groupKeyOffsets[k])
    }
    if k < groupDepth {
      groupOn[k] = grouped
      // A repeated key replaces what an earlier one held (jq: the last wins).
      if grouped { if k == groupDepth - 1 { groupStart = offset } else { groupEnd = -1 } }
    }
    return true
  }

  /// A value ended at `p` at a watched depth: below the path inside the
  /// open item (`memberEnds`, small enough to inline), or `valueEnds`.
  @inline(__always)
  mutating func ends(at p: Pointer, depth d: Int, spaces: Int) {
    if d > n && d > state.itemDepth { memberEnds(at: p, depth: d) } else { valueEnds(at: p, depth: d, spaces: spaces) }
  }

  /// `valueEnds` of a value below the path deeper than the item (a member
  /// or an element inside it, or anything outside items): only the fields'
  /// ends can be there.
  @inline(__always)
  mutating func memberEnds(at p: Pointer, depth d: Int) {
    let item = state.itemDepth
    if item < 0 { return }
    if d == item + groupDepth, groupOn[groupDepth - 1] { groupEnd = p - buffer.base }
    let k = d - item - 1
    if k < shown.levels { shown.valueEnds(level: k, offset: p - buffer.base) }
  }

  /// A value starts at `p` at a depth where the path or the items are.
  @inline(__always)
  mutating func valueStarts(at p: Pointer, _ c: UInt8, depth d: Int, spaces: Int) {
    let offset = p - buffer.base
    if d == 0 {
      if state.roots == 1, implicit, !state.sequence, !lineMode {
        becomeSequence()
      }
      state.roots += 1
      if state.roots == 1 {
        state.firstRootStart = offset
      }
    }
    if d == state.itemDepth {
      startItem(at: offset, spaces: spaces)
      return
    }
    if d > n {
      // An element of an array inside the open item (members had
      // `memberStarts`): no field's way goes through it.
      let item = state.itemDepth
      if item >= 0, d > item {
        let k = d - item - 1
        if k < shown.levels {
          shown.valueStarts(level: k, offset: offset, member: false, plain: true, key: buffer.base, length: 0)
        }
        if k < groupDepth { groupOn[k] = false }
      }
      return
    }
    var on = d == 0 || onPath[d - 1]
    if on && d > 0 {
      switch steps[d - 1] {
      case .key: on = stack[d] == 1 && keyMatches(stepKeys[d - 1])
      case .index(let i): on = elements[d - 1] == i
      case .slice: on = false
      case .each: if stack[d] == 1 && !implicit { noteEachKey(depth: d - 1) }
      }
      if on {
        // A repeated key on the path: jq keeps the last one. (Every
        // element of a `[]` is on it: no repeat; `noteEachKey` has objects'.)
        if case .key = steps[d - 1], foundAt[d - 1] >= 0, foundAt[d - 1] != offset, !implicit {
          needsEvaluation = true
        }
        foundAt[d - 1] = offset
      }
    }
    onPath[d] = on
    guard on else { return }
    starts[d] = offset
    foundAt[d] = -1
    elements[d] = 0
    if d < n {
      let ok: Bool
      switch steps[d] {
      case .key: ok = c == 0x7B
      case .index: ok = c == 0x5B
      case .slice: ok = false
      case .each:
        ok = c == 0x7B || c == 0x5B
        if c == 0x7B && !implicit { eachKeys[d].removeAll(keepingCapacity: eachKeys[d].count < 256) }
      }
      if !ok {
        onPath[d] = false
        let expected: String
        switch steps[d] {
        case .key(let k): expected = "an object (to take \(JSONText.quoted(k)))"
        case .index(let i): expected = "an array (to take element \(i))"
        case .slice: expected = "an array or a string (to take a slice)"
        case .each: expected = "an array or an object (for '[]')"
        }
        failPath(at: offset, "\(prefixText(d)) is \(Scan.kind(c)), expected \(expected)")
      }
    } else if state.yields {
      startItem(at: offset, spaces: spaces)
      state.itemDepth = d
    } else if c == 0x5B {
      state.itemDepth = d + 1
    } else {
      onPath[d] = false
      // `[]` takes an object's values; a string or a number has none.
      let hint = implicit ? " (choose the list with --path)" : c == 0x7B ? " (add '[]' to take each value)" : ""
      failPath(at: offset, "\(prefixText(d)) is \(Scan.kind(c)), expected an array of items\(hint)")
    }
  }

  @inline(__always)
  mutating func startItem(at offset: Int, spaces: Int) {
    itemStart = offset
    itemPlain = true
    // A string item scanned by a loop that does not note its escapes is
    // bounded by its length alone, never by an earlier string's.
    stringSaved = 0
    itemSpaces = spaces
    groupEnd = -1
    if shown.count > 0 { shown.reset() }
  }

  /// A value at `depth` ended just before `p`.
  @inline(__always)
  mutating func valueEnds(at p: Pointer, depth d: Int, spaces: Int) {
    // Counted only where an index step reads them (not per member of every item).
    if d > 0, d <= n { elements[d - 1] += 1 }
    if groupDepth > 0, state.itemDepth >= 0, d == state.itemDepth + groupDepth, groupOn[groupDepth - 1] {
      groupEnd = p - buffer.base
    }
    let item = state.itemDepth
    if item >= 0, d > item, d <= item + shown.levels { shown.valueEnds(level: d - item - 1, offset: p - buffer.base) }
    if d == item {
      // A string item is the last string scanned: `stringSaved` is its own
      // (0 from `startItem` when its loop did not note it).
      addItem(
        start: itemStart, end: p - buffer.base, plain: itemPlain, whitespace: spaces - itemSpaces,
        saved: stringSaved, group: groupDepth == 0 ? nil : groupEnd, fieldsFound: shown.count > 0 && !shown.unsure)
      if state.yields { state.itemDepth = -1 }
    } else if d == state.itemDepth - 1 {
      // The array of items closed.
      state.itemDepth = -1
    }
    if d < n, onPath[d] {
      var missing: String? = nil
      switch steps[d] {
      case .key(let k): if foundAt[d] < 0 { missing = "has no key \(JSONText.quoted(k))" }
      case .index(let i): if foundAt[d] < 0 { missing = "has no element \(i) (it has \(elements[d]))" }
      case .each, .slice: break
      }
      if let missing { failPath(at: starts[d], "\(prefixText(d)) \(missing)") }
    }
    if d == 0, state.roots == 1 { state.firstRootEnd = p - buffer.base }
  }

  /// The second top-level value of a document without `--path`: the input
  /// is JSON Lines (a sequence of values), each value an item.
  mutating func becomeSequence() {
    state.sequence = true
    state.yields = true
    state.itemDepth = -1
    items.truncate(to: 0, widest: ItemWidth.Bar())
    pathFailure = nil
    let start = state.firstRootStart
    let first = buffer.base + start
    var plain = first.pointee != 0x7B && first.pointee != 0x5B
    var saved = 0
    if first.pointee == 0x22 {
      _ = try? JSONLexer.skipString(first, buffer.base + state.firstRootEnd, buffer.base, &plain, saved: &saved)
    }
    addItem(
      start: start, end: state.firstRootEnd, plain: plain, whitespace: 0, saved: saved, group: nil, fieldsFound: false)
  }

  /// The path up to depth `d`, for messages: `.a.b` of `.a.b[0].c`.
  func prefixText(_ d: Int) -> String { JSONPath(steps: steps, text: pathText).prefixText(d) }

  /// A member of an object that `[]` takes each value of: a repeated key
  /// means jq's object (last value, first place) differs from the text.
  mutating func noteEachKey(depth d: Int) {
    let p = buffer.base + keyStart
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    if keyPlain {
      for i in 1..<(keyEnd - keyStart - 1) { hash = (hash ^ UInt64(p[i])) &* 0x0000_0100_0000_01B3 }
    } else {
      for b in JSONValueText.unescape(p, keyEnd - keyStart).utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    }
    if let at = eachKeys[d].updateValue(keyStart, forKey: hash), at != keyStart { needsEvaluation = true }
  }

  /// A path that meets a missing or `null` value, or a value of the wrong
  /// kind: jq may give `null`, or an error, or nothing (`?`), so an explicit
  /// `--path` is settled by `PathEvaluation` once the input is complete.
  mutating func failPath(at offset: Int, _ message: String) {
    if !implicit {
      needsEvaluation = true
      return
    }
    if pathFailure == nil { pathFailure = SyntaxFailure(offset: offset, message: message) }
  }

  /// The input is complete.
  mutating func finish(at p: Pointer) {
    finished = true
    state.offset = p - buffer.base
  }
}

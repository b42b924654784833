/// Object and array items taken whole, not token by token.
///
/// The indexer's general loop (`Scan.run`) passes every token through its
/// checks — which depth is watched, whether a section ends, where a split
/// hands over — though nothing inside an item needs any of them: an item
/// is only its range, whether its text is plain, its whitespace, and with
/// `--item-field` where that member's value lies. So an object or array
/// item is skipped in one call by the shared validating skipper
/// (`JSONLexer.skipContainer`), or, when `--item-field` names a member of
/// an object item, walked member by member: each key compared at once,
/// each value skipped whole.
///
/// Anything short of a well-formed item in full — a syntax error, the end
/// of the bytes so far (a stream), nesting past 64 levels inside it — gives
/// the item back untouched: the general loop redoes it, for its exact error
/// message and position, or to wait for more of a stream.
extension Scan {
  /// The object or array item at `p` (inside a container at `depth`),
  /// skipped whole; returns just after it, or nil to leave it to the
  /// general loop. On success `plain` and `spaces` are updated as the
  /// general loop would; with `field` (`--item-field`'s name) an object's
  /// field value range is set as the general loop finds it (its last
  /// occurrence) and the item is never plain.
  /// Static: a method would copy the whole `Scan` at every item.
  @inline(__always)
  static func wholeItem(
    _ p: Pointer, _ end: Pointer, _ base: Pointer, depth: Int, field: UnsafeBufferPointer<UInt8>?,
    _ plain: inout Bool, _ spaces: inout Int, _ fieldStart: inout Pointer?, _ fieldEnd: inout Pointer?
  ) -> Pointer? {
    var blank = spaces
    if let field, p.pointee == 0x7B {
      var start: Pointer? = nil
      var stop: Pointer? = nil
      guard let after = try? members(p, end, base, depth: depth, field: field, &blank, &start, &stop) else {
        return nil
      }
      plain = false
      spaces = blank
      fieldStart = start
      fieldEnd = stop
      return after
    }
    var itemPlain = plain
    guard let after = try? JSONLexer.skipContainer(p, end, base, &itemPlain, &blank, depth: depth) else {
      return nil
    }
    plain = itemPlain
    spaces = blank
    return after
  }

  /// The object item at `open` (its `{`, inside a container at `depth`)
  /// member by member (`JSONLexer.members`): a key that is `field` (as
  /// `isItemField` judges) sets `start..<stop` to its value's range.
  /// Throws, with an empty message, for anything it does not take in full.
  @inline(never)
  static func members(
    _ open: Pointer, _ end: Pointer, _ base: Pointer, depth: Int, field: UnsafeBufferPointer<UInt8>,
    _ spaces: inout Int, _ start: inout Pointer?, _ stop: inout Pointer?
  ) throws(SyntaxFailure) -> Pointer {
    // Whether strings are plain does not matter: an object shown by a field never is.
    var ignored = true
    return try JSONLexer.members(open, end, base, &spaces) {
      key, after, keyPlain, value, spaces throws(SyntaxFailure) in
      // A plain key (no escape, no non-ASCII byte) is the name only byte for byte.
      let named =
        keyPlain
        ? after - key - 2 == field.count && sameBytes(key + 1, field.baseAddress!, field.count)
        : isItemField(key, after, name: field)
      var saved = 0
      let valueEnd = try JSONLexer.skipValue(value, end, base, &ignored, &saved, &spaces, depth: depth + 1)
      if named {
        start = value
        stop = valueEnd
      }
      return valueEnd
    }
  }
}

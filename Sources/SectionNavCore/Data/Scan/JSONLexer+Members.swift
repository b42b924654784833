extension JSONLexer {
  /// The members of the object at `open` (its `{`), walked by the loops
  /// that take an object item whole — the indexer's (`Scan.members`) and
  /// the item scan's (`JSONItemScan.objectMembers`) — so the object's
  /// framing is read one way: each key, its `:`, the `,` or `}` after the
  /// value and the space between them (added to `spaces`). `member` gets
  /// each key (its opening quote, just past its closing one, whether it is
  /// plain) and its value's first byte, with `spaces`, and returns just
  /// past the value. Returns just past the `}`. Throws, with an empty
  /// message, at anything but a well-formed object: its caller gives the
  /// item back to its general loop, which words the error.
  @inline(__always)
  static func members(
    _ open: Pointer, _ end: Pointer, _ base: Pointer, _ spaces: inout Int,
    _ member: (
      _ key: Pointer, _ afterKey: Pointer, _ keyPlain: Bool, _ value: Pointer, _ spaces: inout Int
    ) throws(SyntaxFailure) -> Pointer
  ) throws(SyntaxFailure) -> Pointer {
    var p = skipSpace(open + 1, end)
    spaces &+= p - open - 1
    if p < end, p.pointee == 0x7D { return p + 1 }
    while true {
      if p == end || p.pointee != 0x22 { throw SyntaxFailure(offset: p - base, message: "") }
      var keyPlain = true
      let after = try scanString(p, end, base, &keyPlain)
      let value = try skipColon(after, end, base: base, &spaces)
      if value == end { throw SyntaxFailure(offset: value - base, message: "") }
      let valueEnd = try member(p, after, keyPlain, value, &spaces)
      p = skipSpace(valueEnd, end)
      spaces &+= p - valueEnd
      if p == end { throw SyntaxFailure(offset: p - base, message: "") }
      if p.pointee == 0x2C {
        let q = skipSpace(p + 1, end)
        spaces &+= q - p - 1
        p = q
        continue
      }
      if p.pointee != 0x7D { throw SyntaxFailure(offset: p - base, message: "") }
      return p + 1
    }
  }
}

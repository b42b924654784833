/// Whole containers skipped in one call, checked as every loader checks
/// them: the inner loop of a scan that has nothing to do inside a value (an
/// object item's members no field goes through) and so need not pass each
/// token through its hooks.
///
/// These throw for anything they do not take in full — bad JSON, a value
/// cut off by `end`, nesting past 64 levels inside the value — with an
/// empty message at best: a caller redoes such a value with its own loop,
/// for the exact error, or to wait for more input.
extension JSONLexer {
  /// The value at `value` (before `end`, inside a container at `depth`),
  /// whole: a string (`plain` and `saved` as `scanString` keeps them), a
  /// number, a literal, or a container (`skipContainer`). The member loops
  /// of object items share it, so what a value is is decided in one place.
  @inline(__always)
  static func skipValue(
    _ value: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool, _ saved: inout Int, _ spaces: inout Int,
    depth: Int
  ) throws(SyntaxFailure) -> Pointer {
    switch value.pointee {
    case 0x22: try scanString(value, end, base, &plain, saved: &saved)
    case 0x2D, 0x30...0x39: try skipNumber(value, end, base)
    case 0x74, 0x66, 0x6E: try skipLiteral(value, end, base)
    case 0x7B, 0x5B: try skipContainer(value, end, base, &plain, &spaces, depth: depth)
    default: throw SyntaxFailure(offset: value - base, message: "")
    }
  }

  /// The object or array at `start` (inside a container at `depth`) with
  /// everything in it; returns just after it. `plain` is cleared when a
  /// string in it has an escape or a non-ASCII byte; `spaces` counts the
  /// whitespace between its tokens. Its open containers are bits of one
  /// word (1: an object), so none is written to memory.
  @inline(never)
  static func skipContainer(
    _ start: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool, _ spaces: inout Int, depth: Int
  ) throws(SyntaxFailure) -> Pointer {
    // As deep as the loaders allow (`JSONIndexer.maximumDepth`), and at most 64 levels here.
    let room = min(64, JSONIndexer.maximumDepth - depth)
    var p = start
    var kinds: UInt64 = 0
    var open = 0
    var blank = spaces
    defer { spaces = blank }
    // A key comes before the value (just inside an object, or after its ','):
    // one place scans keys, so their inlined string scan is in the code once.
    var key = false
    while true {
      if key {
        if p == end || p.pointee != 0x22 { throw SyntaxFailure(offset: p - base, message: "") }
        let after = try scanString(p, end, base, &plain)
        p = try skipColon(after, end, base: base, &blank)
        key = false
      }
      // A value starts at `p`.
      if p == end { throw SyntaxFailure(offset: p - base, message: "") }
      let c = p.pointee
      switch c {
      case 0x7B, 0x5B:
        if open == room { throw SyntaxFailure(offset: p - base, message: "") }
        let isObject = c == 0x7B
        kinds = kinds << 1 | (isObject ? 1 : 0)
        open += 1
        let q = skipSpace(p + 1, end)
        blank &+= q - p - 1
        p = q
        if p < end, p.pointee == (isObject ? 0x7D : 0x5D) {
          p += 1
          kinds >>= 1
          open -= 1
        } else {
          key = isObject
          continue
        }
      case 0x22: p = try scanString(p, end, base, &plain)
      case 0x2D, 0x30...0x39: p = try skipNumber(p, end, base)
      case 0x74, 0x66, 0x6E: p = try skipLiteral(p, end, base)
      default: throw SyntaxFailure(offset: p - base, message: "")
      }
      // Just after a value, `open` containers deep.
      while true {
        if open == 0 { return p }
        var q = skipSpace(p, end)
        blank &+= q - p
        p = q
        if p == end { throw SyntaxFailure(offset: p - base, message: "") }
        let isObject = kinds & 1 == 1
        if p.pointee == 0x2C {
          q = skipSpace(p + 1, end)
          blank &+= q - p - 1
          p = q
          key = isObject
          break
        }
        if p.pointee != (isObject ? 0x7D : 0x5D) { throw SyntaxFailure(offset: p - base, message: "") }
        p += 1
        kinds >>= 1
        open -= 1
      }
    }
  }
}

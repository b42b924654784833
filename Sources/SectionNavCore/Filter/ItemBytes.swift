#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An item's display text as UTF-8 bytes for matching, without making a
/// `String` for the common cases: plain JSON strings and text lines are read
/// in place, escaped strings are resolved into a scratch buffer. Objects,
/// arrays and objects shown by a field are decoded (as a drawn row would be).
struct ItemBytes {
  var scratch: [UInt8] = []

  /// Calls `body` with the bytes of store item `i` and whether they are
  /// known to be ASCII.
  @inline(__always)
  mutating func with<R>(_ store: ItemStore, _ i: Int, _ body: (UnsafePointer<UInt8>, Int, Bool) -> R) -> R {
    switch store {
    case .lines(let lines):
      return body(lines.buffer.base + lines.ranges.offset(i), lines.ranges.length(i), lines.ranges.isPlain(i))
    case .json(let items):
      let p = items.buffer.base + items.ranges.offset(i)
      let n = items.ranges.length(i)
      switch p.pointee {
      case 0x22:
        if items.ranges.isPlain(i) { return body(p + 1, n - 2, true) }
        if memchr(p + 1, 0x5C, n - 2) == nil { return body(p + 1, n - 2, false) }
        scratch.removeAll(keepingCapacity: true)
        JSONValueText.appendUnescaped(UnsafeBufferPointer(start: p + 1, count: n - 2), to: &scratch)
        return scratch.withUnsafeBufferPointer { body($0.baseAddress ?? p, $0.count, false) }
      case 0x7B, 0x5B:
        return decoded(items.text(at: i), body)
      default:
        return body(p, n, true)
      }
    case .strings(let strings):
      return decoded(strings[i], body)
    case .records(let records):
      return decoded(records.text(at: i), body)
    case .subset(let subset):
      return with(subset.base.store, Int(subset.ordinals[i]), body)
    }
  }

  private mutating func decoded<R>(_ text: String, _ body: (UnsafePointer<UInt8>, Int, Bool) -> R) -> R {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: text.utf8)
    scratch.append(0)
    return scratch.withUnsafeBufferPointer { body($0.baseAddress!, $0.count - 1, false) }
  }
}

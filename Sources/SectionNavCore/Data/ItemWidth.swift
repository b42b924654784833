/// Finding the widest item without decoding every one. Plain items (ASCII
/// without escapes) are measured for free while scanning — one cell per
/// byte. Every other item has a cheap upper bound on its width; only items
/// whose bound beats the widest so far are decoded and measured exactly.
enum ItemWidth {
  static func widest(store: ItemStore, ranges: PackedRanges, buffer: ByteBuffer, widestPlain: Int) -> Int {
    var best = widestPlain
    let itemField: [UInt8]?
    if case .json(let j) = store, let f = j.itemField { itemField = Array(f.utf8) } else { itemField = nil }
    let isJSON = if case .json = store { true } else { false }
    var released = 0
    for i in 0..<ranges.count {
      if i & 0xFFFF == 0 {
        // Like the scan, give back the mapped pages this pass has left behind.
        let behind = ranges.offset(i) - (1 << 20)
        if behind > released + (4 << 20) {
          buffer.releasePages(from: released, to: behind)
          released = behind
        }
      }
      if ranges.isPlain(i) { continue }
      let length = ranges.length(i)
      if length <= best { continue }
      let p = buffer.base + ranges.offset(i)
      let bound = isJSON ? jsonBound(p, length, itemField: itemField) : cellBound(p, length)
      if bound <= best { continue }
      best = max(best, TextSanitizer.width(store.text(at: i)))
    }
    return best
  }

  /// An upper bound on the display width of the JSON item at `p`.
  static func jsonBound(_ p: UnsafePointer<UInt8>, _ length: Int, itemField: [UInt8]?) -> Int {
    switch p.pointee {
    case 0x22:
      let body = UnsafeBufferPointer(start: p + 1, count: length - 2)
      return body.contains(0x5C) ? length : cellBound(p + 1, length - 2)
    case 0x7B:
      if let itemField, let f = JSONValueText.field(itemField, in: p, length) {
        return jsonBound(p + f.offset, f.length, itemField: nil)
      }
      return compactLength(p, length)
    case 0x5B:
      return compactLength(p, length)
    default:
      return length
    }
  }

  /// Bytes left after removing whitespace outside strings (each character
  /// of compact JSON takes at least one byte and at most one cell per byte).
  static func compactLength(_ p: UnsafePointer<UInt8>, _ length: Int) -> Int {
    var n = 0
    var inString = false
    var escaped = false
    for i in 0..<length {
      let c = p[i]
      if inString {
        n += 1
        if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
      } else if !JSONLexer.isSpace(c) {
        n += 1
        if c == 0x22 { inString = true }
      }
    }
    return n
  }

  /// An upper bound on the cells of UTF-8 text: one per scalar below U+1000
  /// (nothing there is wide), two per scalar from U+1000 on. A grapheme is
  /// never wider than its widest scalar's bound, and a wide grapheme always
  /// holds a scalar from U+1000 up (a wide character or U+FE0F). Invalid
  /// UTF-8 falls back to the byte count (each bad byte is one U+FFFD).
  static func cellBound(_ p: UnsafePointer<UInt8>, _ length: Int) -> Int {
    var cells = 0
    var i = 0
    while i < length {
      let c = p[i]
      if c < 0x80 {
        cells += 1
        i += 1
        continue
      }
      let need: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch c {
      case 0xC2...0xDF: need = 1
      case 0xE0:
        need = 2
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: need = 2
      case 0xED:
        need = 2
        high = 0x9F
      case 0xF0:
        need = 3
        low = 0x90
      case 0xF1...0xF3: need = 3
      case 0xF4:
        need = 3
        high = 0x8F
      default: return length
      }
      if i + need >= length { return length }
      let second = p[i + 1]
      if second < low || second > high { return length }
      var k = 2
      while k <= need {
        if p[i + k] & 0xC0 != 0x80 { return length }
        k += 1
      }
      cells += c >= 0xE1 ? 2 : 1
      i += need + 1
    }
    return cells
  }
}

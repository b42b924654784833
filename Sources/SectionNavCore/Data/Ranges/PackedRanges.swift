import CMapGuard

/// Items as byte ranges into a `ByteBuffer`, about four bytes each: no
/// string and no heap object per item. Input held in memory (a pipe) plus
/// its ranges is most of a load's peak, and eight bytes an item made a
/// 60 MB pipe of short items peak at 1.6× its size.
///
/// Items come in blocks of `RangeCodec.blockSize`, each with a header. A
/// narrow block (nearly all) holds each item in four bytes as its offset
/// from the block's first item, its length and a plain bit; a block whose
/// items do not fit (a long item, items far apart, or one before the block's
/// first) is wide: eight bytes an item in a pool of its own. Plain means the
/// scan already knew the display width exactly (ASCII without escapes: one
/// cell per byte), so only the others need measuring.
final class PackedRanges: @unchecked Sendable {
  let entries: UnsafePointer<UInt32>
  let headers: UnsafePointer<UInt64>
  let wide: UnsafePointer<UInt64>
  /// All items, `later`'s too.
  let count: Int
  /// Lengths of `RangeCodec.lengthSentinel` and more, keyed by offset
  /// (offsets are unique per item).
  let overflow: [Int: Int]
  /// The memory viewed, kept alive by this list.
  let storage: RangeStorage
  /// The items from `split` on, as another scan made them (`init(_:then:)`): a
  /// second half's, viewed where they lie instead of copied after the
  /// first's (a million items: 7 ms on one core and their pages again).
  let later: PackedRanges?
  /// Items below this are this storage's; the rest `later`'s.
  let split: Int

  init(storage: RangeStorage, count: Int, overflow: [Int: Int]) {
    entries = UnsafePointer(storage.entries.base.assumingMemoryBound(to: UInt32.self))
    headers = UnsafePointer(storage.headers.base.assumingMemoryBound(to: UInt64.self))
    wide = UnsafePointer(storage.wide.base.assumingMemoryBound(to: UInt64.self))
    self.count = count
    self.overflow = overflow
    self.storage = storage
    later = nil
    split = count
  }

  /// `first`'s items, then `then`'s (neither joined before).
  init(_ first: PackedRanges, then: PackedRanges) {
    precondition(first.later == nil && then.later == nil, "ranges join in two parts")
    (entries, headers, wide, storage, overflow) = (
      first.entries, first.headers, first.wide, first.storage, first.overflow
    )
    split = first.count
    count = first.count + then.count
    later = then
  }

  @inline(__always) func offset(_ i: Int) -> Int {
    if i >= split, let later { return later.offset(i &- split) }
    return RangeCodec.offset(i, entries: entries, headers: headers, wide: wide)
  }

  @inline(__always) func length(_ i: Int) -> Int {
    if i >= split, let later { return later.length(i &- split) }
    return RangeCodec.length(i, entries: entries, headers: headers, wide: wide, overflow: overflow)
  }

  @inline(__always) func isPlain(_ i: Int) -> Bool {
    if i >= split, let later { return later.isPlain(i &- split) }
    return RangeCodec.isPlain(i, entries: entries, headers: headers, wide: wide)
  }

  /// Starts loading item `i`'s entry (`sn_prefetch`): a gather in another
  /// order than the items' names them some way ahead, so the misses overlap.
  @inline(__always) func prefetch(_ i: Int) {
    if i >= split, let later { return later.prefetch(i &- split) }
    if i < count { sn_prefetch(entries + i) }
  }

  /// All three at once, reading the header and the entry once (hot loops).
  @inline(__always) func range(_ i: Int) -> (offset: Int, length: Int, plain: Bool) {
    if i >= split, let later { return later.range(i &- split) }
    return RangeCodec.range(i, entries: entries, headers: headers, wide: wide, overflow: overflow)
  }
}

/// The packed formats, in one place: a block header, a narrow entry and a
/// wide entry.
enum RangeCodec {
  static let blockShift = 6
  static let blockSize = 1 << blockShift

  static func blocks(_ items: Int) -> Int { (items + blockSize - 1) >> blockShift }

  // Header: 0 while no item of the block is written; else a tag and, for a
  // narrow block, its first item's offset, for a wide one the index of its
  // first entry in the wide pool.
  static let narrowTag: UInt64 = 1 << 62
  static let wideTag: UInt64 = 1 << 63
  static let payloadMask: UInt64 = (1 << 62) - 1

  // Narrow entry: bits 0–19 the offset from the block's first item, 20–30
  // the length, bit 31 set when not plain.
  static let deltaLimit = 1 << 20
  static let narrowLengthLimit = 1 << 11
  static let narrowNotPlain: UInt32 = 1 << 31

  // Wide entry: bits 0–39 the offset (files up to 1 TiB), 40–62 the length
  // (`lengthSentinel`: look in the overflow), bit 63 set when not plain.
  static let offsetBits: UInt64 = 40
  static let offsetMask: UInt64 = (1 << 40) - 1
  static let lengthSentinel: UInt64 = (1 << 23) - 1
  static let notPlainBit: UInt64 = 1 << 63

  @inline(__always)
  static func narrow(delta: Int, length: Int, plain: Bool) -> UInt32 {
    UInt32(truncatingIfNeeded: delta) | UInt32(truncatingIfNeeded: length) << 20 | (plain ? 0 : narrowNotPlain)
  }

  /// A narrow entry's fields.
  @inline(__always)
  static func fields(_ e: UInt32) -> (delta: Int, length: Int, plain: Bool) {
    (
      Int(truncatingIfNeeded: e & UInt32(deltaLimit - 1)),
      Int(truncatingIfNeeded: (e >> 20) & UInt32(narrowLengthLimit - 1)), e & narrowNotPlain == 0
    )
  }

  /// A wide entry; a length too long for it goes to `overflow`.
  @inline(__always)
  static func wide(offset: Int, length: Int, plain: Bool, overflow: inout [Int: Int]) -> UInt64 {
    var l = UInt64(truncatingIfNeeded: length)
    if l >= lengthSentinel {
      overflow[offset] = length
      l = lengthSentinel
    }
    return UInt64(truncatingIfNeeded: offset) | (l << offsetBits) | (plain ? 0 : notPlainBit)
  }

  @inline(__always)
  static func offset(
    _ i: Int, entries: UnsafePointer<UInt32>, headers: UnsafePointer<UInt64>, wide: UnsafePointer<UInt64>
  ) -> Int {
    let h = headers[i &>> blockShift]
    if h & wideTag == 0 {
      return Int(truncatingIfNeeded: h & payloadMask) &+ Int(truncatingIfNeeded: entries[i] & UInt32(deltaLimit - 1))
    }
    return Int(truncatingIfNeeded: wide[Int(truncatingIfNeeded: h & payloadMask) &+ (i & (blockSize - 1))] & offsetMask)
  }

  @inline(__always)
  static func length(
    _ i: Int, entries: UnsafePointer<UInt32>, headers: UnsafePointer<UInt64>, wide: UnsafePointer<UInt64>,
    overflow: [Int: Int]
  ) -> Int {
    let h = headers[i &>> blockShift]
    if h & wideTag == 0 { return Int(truncatingIfNeeded: (entries[i] >> 20) & UInt32(narrowLengthLimit - 1)) }
    let e = wide[Int(truncatingIfNeeded: h & payloadMask) &+ (i & (blockSize - 1))]
    let l = (e >> offsetBits) & lengthSentinel
    return l == lengthSentinel ? overflow[Int(truncatingIfNeeded: e & offsetMask)]! : Int(truncatingIfNeeded: l)
  }

  @inline(__always)
  static func range(
    _ i: Int, entries: UnsafePointer<UInt32>, headers: UnsafePointer<UInt64>, wide: UnsafePointer<UInt64>,
    overflow: [Int: Int]
  ) -> (offset: Int, length: Int, plain: Bool) {
    let h = headers[i &>> blockShift]
    if h & wideTag == 0 {
      let (delta, length, plain) = fields(entries[i])
      return (Int(truncatingIfNeeded: h & payloadMask) &+ delta, length, plain)
    }
    let e = wide[Int(truncatingIfNeeded: h & payloadMask) &+ (i & (blockSize - 1))]
    let offset = Int(truncatingIfNeeded: e & offsetMask)
    let l = (e >> offsetBits) & lengthSentinel
    return (offset, l == lengthSentinel ? overflow[offset]! : Int(truncatingIfNeeded: l), e & notPlainBit == 0)
  }

  @inline(__always)
  static func isPlain(
    _ i: Int, entries: UnsafePointer<UInt32>, headers: UnsafePointer<UInt64>, wide: UnsafePointer<UInt64>
  ) -> Bool {
    let h = headers[i &>> blockShift]
    if h & wideTag == 0 { return entries[i] & narrowNotPlain == 0 }
    return wide[Int(truncatingIfNeeded: h & payloadMask) &+ (i & (blockSize - 1))] & notPlainBit == 0
  }
}

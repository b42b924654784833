/// The sections of the first few distinct short group keys (up to 16 bytes
/// as written, like most countries, levels, kinds), each held in two words:
/// a key met again costs two loads and a compare or two, before
/// `ItemGroups.section(rawKey:)` hashes it byte by byte.
struct ShortKeys {
  static let capacity = 16
  static let maxLength = 16

  private var keys: [(low: UInt64, high: UInt64, length: Int, section: Int)] = []

  /// The key `p[0..<length]` as two words, zero past its end; nil when it is
  /// too long. `end`: where the readable bytes end (loads never pass it).
  @inline(__always)
  static func words(_ p: UnsafePointer<UInt8>, _ length: Int, end: UnsafePointer<UInt8>) -> (UInt64, UInt64)? {
    guard length <= maxLength else { return nil }
    if end - p >= 16 {
      let raw = UnsafeRawPointer(p)
      var low = raw.loadUnaligned(as: UInt64.self)
      var high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      if length < 8 {
        low &= (1 << UInt64(8 * length)) &- 1
        high = 0
      } else if length < 16 {
        high &= (1 << UInt64(8 * (length - 8))) &- 1
      }
      return (low, high)
    }
    // Near the end of the input: byte by byte.
    var low: UInt64 = 0
    var high: UInt64 = 0
    for i in 0..<length {
      if i < 8 { low |= UInt64(p[i]) << UInt64(8 * i) } else { high |= UInt64(p[i]) << UInt64(8 * (i - 8)) }
    }
    return (low, high)
  }

  /// The section of the key `p[0..<length]`, when it is one of those kept.
  @inline(__always)
  func section(_ p: UnsafePointer<UInt8>, _ length: Int, end: UnsafePointer<UInt8>) -> Int? {
    guard !keys.isEmpty, let (low, high) = Self.words(p, length, end: end) else { return nil }
    for k in keys where k.low == low && k.high == high && k.length == length { return k.section }
    return nil
  }

  /// Keeps the key `p[0..<length]` of `section`, while there is room.
  mutating func add(_ p: UnsafePointer<UInt8>, _ length: Int, end: UnsafePointer<UInt8>, section: Int) {
    guard keys.count < Self.capacity, let (low, high) = Self.words(p, length, end: end) else { return }
    keys.append((low, high, length, section))
  }
}

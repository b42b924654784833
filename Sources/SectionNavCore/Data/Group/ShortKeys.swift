/// The sections of the first few distinct short group keys (up to 16 bytes
/// as written, like most countries, levels, kinds), each held in two words:
/// a key met again costs two loads, a multiply and a compare or two, before
/// `ItemGroups.section(rawKey:)` hashes it byte by byte.
struct ShortKeys {
  static let capacity = 16
  static let maxLength = 16

  private var keys: [(low: UInt64, high: UInt64, length: Int, section: Int)] = []
  /// Each kept key's index plus one at the slot its words hash to (0: none;
  /// a key whose slot was taken is found by trying the keys in turn). Rows
  /// whose keys alternate then cost one compare each, not a loop whose exit
  /// the branch predictor cannot learn (`--csv --group-by country`: 8 % of the load).
  private var slots = InlineArray<32, UInt8>(repeating: 0)

  @inline(__always)
  static func slot(_ low: UInt64, _ high: UInt64, _ length: Int) -> Int {
    let k: UInt64 = 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: ((low ^ (high &* k) ^ UInt64(length)) &* k) >> 59)
  }

  /// The key `p[0..<length]` as two words, nil when it is too long. Loads
  /// overlap rather than pass the key's end (its first and last 8 or 4
  /// bytes): with the length compared too, two keys share words only when
  /// they share bytes.
  @inline(__always)
  static func words(_ p: UnsafePointer<UInt8>, _ length: Int) -> (UInt64, UInt64)? {
    guard length <= maxLength else { return nil }
    let raw = UnsafeRawPointer(p)
    if length >= 8 {
      return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self))
    }
    if length >= 4 {
      let last = raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      return (UInt64(raw.loadUnaligned(as: UInt32.self)), UInt64(last))
    }
    var low: UInt64 = 0
    for i in 0..<length { low |= UInt64(p[i]) << UInt64(8 * i) }
    return (low, 0)
  }

  /// The section of the key `p[0..<length]`, when it is one of those kept.
  @inline(__always)
  func section(_ p: UnsafePointer<UInt8>, _ length: Int) -> Int? {
    guard !keys.isEmpty, let (low, high) = Self.words(p, length) else { return nil }
    let at = Int(slots[Self.slot(low, high, length)])
    if at > 0 {
      let k = keys[at - 1]
      if k.low == low && k.high == high && k.length == length { return k.section }
    }
    for k in keys where k.low == low && k.high == high && k.length == length { return k.section }
    return nil
  }

  /// Keeps the key `p[0..<length]` of `section`, while there is room.
  mutating func add(_ p: UnsafePointer<UInt8>, _ length: Int, section: Int) {
    guard keys.count < Self.capacity, let (low, high) = Self.words(p, length) else { return }
    keys.append((low, high, length, section))
    let slot = Self.slot(low, high, length)
    if slots[slot] == 0 { slots[slot] = UInt8(keys.count) }
  }
}

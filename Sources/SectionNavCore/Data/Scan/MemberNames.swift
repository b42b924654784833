/// The member names the fields go through at one level of an object item
/// (level 0: the item's own members; `--group-by`'s name there, each shown
/// field's), each up to 16 bytes held in two words (`ShortKeys.words`): a
/// plain key is matched with a load or two and a compare per name, and
/// what a match means — the group field, which shown fields — was worked
/// out once, here.
struct MemberNames {
  struct Name {
    var low: UInt64
    var high: UInt64
    var length: Int
    /// The shown fields (bit `f`: field `f`) whose way starts here.
    var fields: UInt64
    /// Whether `--group-by`'s way starts here.
    var group: Bool
  }

  /// Names back to back in raw memory: the per-member match costs no reference counting.
  let names: UnsafeMutablePointer<Name>
  let count: Int
  /// Some name is longer than 16 bytes: keys that long are compared the slow way.
  let hasLong: Bool

  /// The names at `level`: `group`, `--group-by`'s name there (nil when it
  /// is not a chain of names that long), and those of the `shown` fields
  /// that go that deep.
  init(level k: Int, group: [UInt8]?, shown: ShownFields) {
    var list: [([UInt8], UInt64, Bool)] = []
    func add(_ name: [UInt8], fields: UInt64, group: Bool) {
      if let i = list.firstIndex(where: { $0.0 == name }) {
        list[i].1 |= fields
        list[i].2 = list[i].2 || group
      } else {
        list.append((name, fields, group))
      }
    }
    if let group { add(group, fields: 0, group: true) }
    for f in 0..<shown.count where k < shown.depths[f] {
      let i = f * shown.levels + k
      add(
        Array(UnsafeBufferPointer(start: shown.names + shown.nameStart[i], count: shown.nameLength[i])),
        fields: 1 << UInt64(f), group: false)
    }
    let short = list.filter { $0.0.count <= ShortKeys.maxLength }
    hasLong = short.count < list.count
    count = short.count
    names = .allocate(capacity: max(1, short.count))
    for (i, entry) in short.enumerated() {
      let (low, high) = entry.0.withUnsafeBufferPointer { ShortKeys.words($0.baseAddress!, $0.count)! }
      names[i] = Name(low: low, high: high, length: entry.0.count, fields: entry.1, group: entry.2)
    }
  }

  /// Frees the memory (once, when the scan is released).
  func release() { names.deallocate() }

  /// The name `key[0..<length]` (at most 16 bytes), or nil when none is.
  @inline(__always)
  func match(_ key: UnsafePointer<UInt8>, _ length: Int) -> Name? {
    guard let (low, high) = ShortKeys.words(key, length) else { return nil }
    for i in 0..<count where names[i].low == low && names[i].high == high && names[i].length == length {
      return names[i]
    }
    return nil
  }
}

/// Case- and accent-insensitive natural order ("Item 2" before "Item 10",
/// "Émile" among the E's, "Ŋoma" among the N's), the order a keyed data
/// model sorted by key shows to people. Titles are folded by `Folding` (the
/// rule the index files them by), digit runs compare as numbers, and titles
/// equal under that order fall back to code-point order, so sorting is
/// total and repeatable.
///
/// Each title's key is made once and keys compare as bytes (an 8-byte
/// prefix as an integer first), so sorting many titles costs no string
/// comparison at all.
public enum NaturalOrder {
  /// The sort key of `title`: its fold, with each run of ASCII digits
  /// written as `0`, the run's length without leading zeros (one byte) and
  /// those digits — so longer numbers sort after shorter ones and the
  /// marker `0` sorts where a digit would.
  public static func sortKey(_ title: String) -> [UInt8] {
    var title = title
    var folded: [UInt8] = []
    folded.reserveCapacity(title.utf8.count)
    title.withUTF8 { Folding.fold($0, into: &folded) }
    guard folded.contains(where: { $0 &- 0x30 < 10 }) else { return folded }
    var key: [UInt8] = []
    key.reserveCapacity(folded.count + 4)
    var i = 0
    while i < folded.count {
      guard folded[i] &- 0x30 < 10 else {
        key.append(folded[i])
        i += 1
        continue
      }
      var start = i
      while i < folded.count, folded[i] &- 0x30 < 10 { i += 1 }
      while start < i, folded[start] == 0x30 { start += 1 }
      key.append(0x30)
      key.append(UInt8(min(i - start, 255)))
      key.append(contentsOf: folded[start..<i])
    }
    return key
  }

  /// Whether `a` sorts before `b`.
  public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    let ka = sortKey(a)
    let kb = sortKey(b)
    if ka != kb { return ka.lexicographicallyPrecedes(kb) }
    return Array(a.utf8).lexicographicallyPrecedes(b.utf8)
  }

  /// The order of `titles` (indices into it), stable for equal titles.
  /// `ahead(i)` puts some titles before all others (false for all: plain
  /// natural order).
  public static func sortedIndices(_ titles: [String], last: ((String) -> Bool)? = nil) -> [Int] {
    struct Entry {
      var group: UInt8
      var prefix: UInt64
      var index: Int32
    }
    var keys: [[UInt8]] = []
    keys.reserveCapacity(titles.count)
    var entries: [Entry] = []
    entries.reserveCapacity(titles.count)
    for (i, title) in titles.enumerated() {
      let key = sortKey(title)
      var prefix: UInt64 = 0
      for k in 0..<8 { prefix = prefix << 8 | UInt64(k < key.count ? key[k] : 0) }
      entries.append(Entry(group: last?(title) == true ? 1 : 0, prefix: prefix, index: Int32(i)))
      keys.append(key)
    }
    entries.sort { x, y in
      if x.group != y.group { return x.group < y.group }
      if x.prefix != y.prefix { return x.prefix < y.prefix }
      let a = Int(x.index)
      let b = Int(y.index)
      if keys[a].count > 8 || keys[b].count > 8, keys[a] != keys[b] {
        return keys[a].lexicographicallyPrecedes(keys[b])
      }
      if keys[a].count != keys[b].count { return keys[a].count < keys[b].count }
      if titles[a] != titles[b] { return titles[a].utf8.lexicographicallyPrecedes(titles[b].utf8) }
      return a < b
    }
    return entries.map { Int($0.index) }
  }
}

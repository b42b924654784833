#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var keys = SortKeys()
    keys.append(title)
    return keys.bytes
  }

  /// Sort keys of many titles in one byte array (no array per title: a
  /// million sections make two allocations, not a million).
  public struct SortKeys: Sendable {
    var bytes: [UInt8] = []
    /// `bytes[ends[i - 1]..<ends[i]]` is key `i` (0 before the first).
    var ends: [Int] = []
    var folded: [UInt8] = []

    public init() {}

    public var count: Int { ends.count }

    /// Appends the key of `title`.
    public mutating func append(_ title: String) {
      var title = title
      folded.removeAll(keepingCapacity: true)
      title.withUTF8 { Folding.fold($0, into: &folded) }
      var i = 0
      let n = folded.count
      while i < n {
        guard folded[i] &- 0x30 < 10 else {
          bytes.append(folded[i])
          i += 1
          continue
        }
        var start = i
        while i < n, folded[i] &- 0x30 < 10 { i += 1 }
        while start < i, folded[start] == 0x30 { start += 1 }
        bytes.append(0x30)
        bytes.append(UInt8(min(i - start, 255)))
        bytes.append(contentsOf: folded[start..<i])
      }
      ends.append(bytes.count)
    }

    func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }
  }

  /// Whether `a` sorts before `b`.
  public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    sortedIndices([b, a]) == [1, 0]
  }

  /// The order of `titles` (indices into it), stable for equal titles.
  /// `last` puts the titles it picks after all others (nil: plain
  /// natural order).
  public static func sortedIndices(_ titles: [String], last: ((String) -> Bool)? = nil) -> [Int] {
    var keys = SortKeys()
    for t in titles { keys.append(t) }
    return sortedIndices(titles, keys: keys, last: last)
  }

  /// `sortedIndices(titles)` with each title's key already made
  /// (a background load keeps them from one snapshot to the next).
  static func sortedIndices(_ titles: [String], keys: SortKeys, last: ((String) -> Bool)? = nil) -> [Int] {
    struct Entry {
      var group: UInt8
      var prefix: UInt64
      var index: Int32
    }
    var entries: [Entry] = []
    entries.reserveCapacity(titles.count)
    keys.bytes.withUnsafeBufferPointer { b in
      for (i, title) in titles.enumerated() {
        let r = keys.range(i)
        var prefix: UInt64 = 0
        for k in 0..<8 { prefix = prefix << 8 | UInt64(r.lowerBound + k < r.upperBound ? b[r.lowerBound + k] : 0) }
        entries.append(Entry(group: last?(title) == true ? 1 : 0, prefix: prefix, index: Int32(i)))
      }
      entries.sort { x, y in
        if x.group != y.group { return x.group < y.group }
        if x.prefix != y.prefix { return x.prefix < y.prefix }
        let a = Int(x.index)
        let b2 = Int(y.index)
        let ra = keys.range(a)
        let rb = keys.range(b2)
        if ra.count > 8 || rb.count > 8 {
          let common = min(ra.count, rb.count)
          let c = memcmp(b.baseAddress! + ra.lowerBound, b.baseAddress! + rb.lowerBound, common)
          if c != 0 { return c < 0 }
        }
        if ra.count != rb.count { return ra.count < rb.count }
        if titles[a] != titles[b2] { return titles[a].utf8.lexicographicallyPrecedes(titles[b2].utf8) }
        return a < b2
      }
    }
    return entries.map { Int($0.index) }
  }
}

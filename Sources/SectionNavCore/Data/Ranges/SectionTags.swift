/// The section of each item in input order, for the counting sort that lays
/// items out section by section (`--lines`, `--group-by`). One byte an item
/// while there are at most 256 sections — `--lines` by initial, most fields
/// grouped by — four once there are more: 2.6 M lines then cost 2.6 MB here
/// instead of 10 MB.
struct SectionTags {
  private var narrow: [UInt8] = []
  private var wide: [UInt32] = []
  private var isWide = false

  var count: Int { isWide ? wide.count : narrow.count }

  /// Makes room for `n` tags up front (untouched room costs no memory).
  mutating func reserve(_ n: Int) {
    if isWide { wide.reserveCapacity(n) } else { narrow.reserveCapacity(n) }
  }

  @inline(__always)
  mutating func append(_ section: Int) {
    if !isWide && section < 256 {
      narrow.append(UInt8(truncatingIfNeeded: section))
    } else {
      appendWide(section)
    }
  }

  /// The 257th section: every tag from now on takes four bytes.
  @inline(never)
  mutating func appendWide(_ section: Int) {
    if !isWide {
      wide = narrow.map { UInt32($0) }
      narrow = []
      isWide = true
    }
    wide.append(UInt32(truncatingIfNeeded: section))
  }

  /// Forgets the tags from `n` on.
  mutating func truncate(to n: Int) {
    if isWide {
      if wide.count > n { wide.removeSubrange(n...) }
    } else if narrow.count > n {
      narrow.removeSubrange(n...)
    }
  }

  /// Calls `body` with each item's index and section, in input order.
  @inline(__always)
  func forEach(_ body: (_ item: Int, _ section: Int) -> Void) {
    if isWide {
      wide.withUnsafeBufferPointer { tags in for i in tags.indices { body(i, Int(tags[i])) } }
    } else {
      narrow.withUnsafeBufferPointer { tags in for i in tags.indices { body(i, Int(tags[i])) } }
    }
  }

  /// Lays `ranges` (one per tag, in input order) out section by section: a
  /// counting sort that keeps input order within a section. Returns the
  /// laid-out ranges and each of the `sections` sections' first index and
  /// item count. `releasing`: give `ranges`' pages back as the copy passes
  /// them, so the two never add up (the caller then discards it).
  ///
  /// Up to 256 sections, items go straight to their places: each section's
  /// run fills its blocks in input order, so they pack narrow. More sections
  /// (items of many sections share a block) go through eight-byte entries
  /// first, then block by block into the packed form (`appendBlock`), which
  /// keeps a block that cannot pack narrow from touching narrow memory.
  func layOut(_ ranges: PackedRangesBuilder, sections: Int, releasing: Bool) -> (
    ranges: PackedRanges, starts: [Int], counts: [Int]
  ) {
    var counts = [Int](repeating: 0, count: sections)
    forEach { _, s in counts[s] += 1 }
    var starts = [Int](repeating: 0, count: sections)
    var total = 0
    for s in 0..<sections {
      starts[s] = total
      total += counts[s]
    }
    var next = starts
    let releaseMask = (1 << 18) - 1  // every 1 MiB of entries
    var builder = PackedRangesBuilder(expected: total, hugePages: !releasing)
    if !isWide {
      builder.setCount(total)
      forEach { i, s in
        let r = ranges.range(i)
        builder.write(at: next[s], offset: r.offset, length: r.length, plain: r.plain)
        next[s] += 1
        if releasing && i & releaseMask == releaseMask { ranges.releasePages(from: i - releaseMask, below: i + 1) }
      }
      return (builder.finish(), starts, counts)
    }
    var overflow: [Int: Int] = [:]
    let placed = UnsafeMutablePointer<UInt64>.allocate(capacity: max(total, 1))
    defer { placed.deallocate() }
    forEach { i, s in
      let r = ranges.range(i)
      placed[next[s]] = RangeCodec.wide(offset: r.offset, length: r.length, plain: r.plain, overflow: &overflow)
      next[s] += 1
      if releasing && i & releaseMask == releaseMask { ranges.releasePages(from: i - releaseMask, below: i + 1) }
    }
    let released = UnsafeMutableRawPointer(placed)
    var i = 0
    while i < total {
      let n = min(RangeCodec.blockSize, total - i)
      builder.appendBlock(UnsafeBufferPointer(start: placed + i, count: n), overflow: overflow)
      i += n
      if i & releaseMask == 0 { RangeRegion.release(released, from: (i - releaseMask - 1) * 8, to: i * 8) }
    }
    return (builder.finish(), starts, counts)
  }
}

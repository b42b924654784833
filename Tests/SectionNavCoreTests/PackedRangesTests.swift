import Testing

@testable import SectionNavCore

/// Item ranges pack into four bytes an item where they can and fall back to
/// eight per block where they cannot: whatever the mix, every item must read
/// back as written, or the list shows another item's text.
@Suite struct PackedRangesTests {
  typealias Range = (offset: Int, length: Int, plain: Bool)

  /// Ranges in file order with every kind of misfit sprinkled in: long
  /// items, items far after their block's first, items before it, lengths
  /// past the eight-byte form (kept aside), and runs that pack narrow.
  static func ranges(_ n: Int, seed: UInt64) -> [Range] {
    var rng = SeededGenerator(seed: seed)
    var offset = 0
    return (0..<n).map { _ in
      let kind = Int.random(in: 0..<100, using: &rng)
      var length = Int.random(in: 0..<40, using: &rng)
      var at = offset
      switch kind {
      case 0: length = Int.random(in: 2047...5000, using: &rng)
      case 1: at += Int.random(in: (1 << 20)...(3 << 20), using: &rng)
      case 2: at = max(0, offset - Int.random(in: 1...5000, using: &rng))
      case 3: length = (1 << 23) + Int.random(in: 0...9, using: &rng)
      default: break
      }
      offset = max(offset, at + 1) + length
      return (at, length, Int.random(in: 0..<3, using: &rng) != 0)
    }
  }

  func readBack(_ list: PackedRanges) -> [Range] {
    (0..<list.count).map { (list.offset($0), list.length($0), list.isPlain($0)) }
  }

  func same(_ a: [Range], _ b: [Range]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy { $0.offset == $1.offset && $0.length == $1.length && $0.plain == $1.plain }
  }

  @Test(arguments: [false, true])
  func appendedItemsReadBackAsWritten(reserved: Bool) {
    let want = Self.ranges(20_000, seed: 3)
    var builder = reserved ? PackedRangesBuilder(reserving: 64) : PackedRangesBuilder(expected: 16)
    for r in want { builder.append(offset: r.offset, length: r.length, plain: r.plain) }
    #expect(same(readBack(builder.finish()), want))
  }

  /// Items of a short, plain, close-together run cost four bytes each.
  @Test func closeShortItemsPackNarrow() {
    var builder = PackedRangesBuilder(expected: 16)
    for i in 0..<100_000 { builder.append(offset: i * 23, length: 21, plain: true) }
    let list = builder.finish()
    #expect(list.storage.wide.capacity <= 64)
    #expect(list.length(99_999) == 21 && list.offset(99_999) == 99_999 * 23)
  }

  /// Written in any order (sections laid out from input order), or a
  /// block at a time in the eight-byte form: the same list.
  @Test func itemsWrittenInAnyOrderOrByBlockReadBackAsWritten() {
    let want = Self.ranges(5_000, seed: 8)
    var rng = SeededGenerator(seed: 2)
    var scattered = PackedRangesBuilder(expected: 16, hugePages: false)
    scattered.setCount(want.count)
    for i in Array(want.indices).shuffled(using: &rng) {
      scattered.write(at: i, offset: want[i].offset, length: want[i].length, plain: want[i].plain)
    }
    #expect(same(readBack(scattered.finish()), want))

    var overflow: [Int: Int] = [:]
    let wideForm = want.map {
      RangeCodec.wide(offset: $0.offset, length: $0.length, plain: $0.plain, overflow: &overflow)
    }
    var blocks = PackedRangesBuilder(expected: 16)
    wideForm.withUnsafeBufferPointer { all in
      var i = 0
      while i < all.count {
        let n = min(RangeCodec.blockSize, all.count - i)
        blocks.appendBlock(UnsafeBufferPointer(rebasing: all[i..<i + n]), overflow: overflow)
        i += n
      }
    }
    #expect(same(readBack(blocks.finish()), want))
  }

  /// A list shared while its last block is half full keeps reading the
  /// items it had when that block later turns wide, and after the builder
  /// forgets items and moves.
  @Test func sharedItemsStayWhenTheirBlockTurnsWide() {
    var builder = PackedRangesBuilder(reserving: 1 << 12)
    for i in 0..<100 { builder.append(offset: 1000 + i * 10, length: 5, plain: true) }
    let shared = builder.share(100)
    builder.append(offset: 7, length: 3, plain: false)  // before the block's first item: wide
    builder.append(offset: 5 << 20, length: 4000, plain: true)
    #expect(
      (0..<100).allSatisfy { shared.offset($0) == 1000 + $0 * 10 && shared.length($0) == 5 && shared.isPlain($0) })
    builder.truncate(to: 50)
    builder.append(offset: 1, length: 1, plain: true)
    let final = builder.finish()
    #expect(final.count == 51 && final.offset(49) == 1490 && final.offset(50) == 1 && final.length(50) == 1)
    #expect(shared.count == 100 && shared.offset(99) == 1990)
  }

  /// Moving one builder's items after another's (a second half adopted)
  /// and laying them out by section keep every item.
  @Test(arguments: [3, 300])
  func itemsLaidOutBySectionKeepTheirRanges(sections: Int) {
    let want = Self.ranges(30_000, seed: 5)
    var first = PackedRangesBuilder(expected: 16)
    var second = PackedRangesBuilder(expected: 16)
    for (i, r) in want.enumerated() {
      if i < 12_345 {
        first.append(offset: r.offset, length: r.length, plain: r.plain)
      } else {
        second.append(offset: r.offset, length: r.length, plain: r.plain)
      }
    }
    first.append(contentsOf: &second)
    #expect(first.count == want.count && second.count == 0)
    var tags = SectionTags()
    var rng = SeededGenerator(seed: 1)
    let sectionOf = want.map { _ in Int.random(in: 0..<sections, using: &rng) }
    for s in sectionOf { tags.append(s) }
    let (list, starts, counts) = tags.layOut(first, sections: sections, releasing: false)
    let expected = (0..<sections).flatMap { s in want.indices.filter { sectionOf[$0] == s }.map { want[$0] } }
    #expect(same(readBack(list), expected))
    #expect(counts.reduce(0, +) == want.count && starts[sections - 1] + counts[sections - 1] == want.count)
  }
}

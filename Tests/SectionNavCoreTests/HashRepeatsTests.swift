import Testing

@testable import SectionNavCore

/// `HashRepeats` tells a `--keep-order` load whether any two titles may be
/// the same: a repeat it misses would show one title as two sections.
@Suite struct HashRepeatsTests {
  /// Random hashes, with two equal ones planted at `a` and `b` when given.
  static func hashes(_ count: Int, seed: UInt64, equal: (a: Int, b: Int)? = nil) -> [UInt64] {
    var rng = SeededGenerator(seed: seed)
    var hashes = (0..<count).map { _ in rng.next() | 1 }
    if let equal { hashes[equal.b] = hashes[equal.a] }
    return hashes
  }

  func any(_ hashes: [UInt64]) -> Bool { hashes.withUnsafeBufferPointer(HashRepeats.any) }

  /// Sizes from none to past the two-core threshold, where the buckets are
  /// counted and filled by two cores and looked through by two.
  @Test(arguments: [0, 1, 2, 17, 600, 5_000, NaturalOrder.parallelCount + 5, 200_000])
  func findsAPlantedPairAndNothingElse(count: Int) {
    for seed in 1...3 as ClosedRange<UInt64> {
      let distinct = Self.hashes(count, seed: seed)
      let (found, repeats) = (any(distinct), Set(distinct).count < count)
      #expect(found == repeats, "\(count), seed \(seed)")
      guard count >= 2 else { continue }
      var rng = SeededGenerator(seed: seed + 100)
      // Anywhere, and at the two ends (in the two cores' halves).
      for (a, b) in [(Int(rng.next() % UInt64(count)), Int(rng.next() % UInt64(count))), (0, count - 1)] where a != b {
        let found = any(Self.hashes(count, seed: seed, equal: (a, b)))
        #expect(found, "\(count), \(a) and \(b)")
      }
    }
  }

  /// Hashes that share their top bits all fall in one bucket: still looked
  /// through whole; and 0 (which marks an empty slot) counts as a hash.
  @Test func oneCrowdedBucketAndZeros() {
    let crowded = (1...70_000).map { UInt64($0) }
    let (none, one) = (any(crowded), any(crowded + [69_999]))
    #expect(!none)
    #expect(one)
    #expect(!any([0, 5, 7]))
    #expect(any([0, 5, 0]))
  }
}

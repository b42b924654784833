import Testing

@testable import SectionNavCore

/// A grouper's kept short keys (`ShortKeys`): every key kept is found with
/// its section, whichever slot it hashed to and whichever keys share it,
/// and no other key is — keys that differ in one byte, in length only
/// (zero bytes), or were never kept.
@Suite struct ShortKeysTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func keptKeysAreFoundAndOthersAreNot(seed: UInt64) {
    var random = OracleRandom(seed: seed)
    var keys: [[UInt8]] = []
    while keys.count < 40 {
      let key = (0..<random.below(ShortKeys.maxLength + 1)).map { _ in UInt8(random.pick([0, 0x61, 0x62, 0xC3, 0xFF])) }
      if !keys.contains(key) { keys.append(key) }
    }
    var short = ShortKeys()
    for (section, key) in keys.enumerated() {
      key.withUnsafeBufferPointer {
        short.add($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, key.count, section: section)
      }
    }
    for (section, key) in keys.enumerated() {
      // Read from a longer buffer, as keys are read in place: bytes past the key must not count.
      let bytes = key + [0x7A, 0x7A, 0x7A, 0x7A, 0x7A, 0x7A, 0x7A, 0x7A]
      let found = bytes.withUnsafeBufferPointer { short.section($0.baseAddress!, key.count) }
      #expect(found == (section < ShortKeys.capacity ? section : nil), "seed \(seed), key \(key)")
    }
  }
}

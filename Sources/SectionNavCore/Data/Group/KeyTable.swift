import CMapGuard

/// A hash table from keys to the caller's numbers (sections, raw keys),
/// where the keys stay wherever the caller keeps them: a slot is 8 bytes —
/// the number and a tag from the key's hash — and a probe reads a key only
/// when its tag matches. Each number's hash is kept, so growing rehashes no
/// key. `Dictionary`s and `Set`s of strings here made `--group-by` of a key
/// that differs on every row (an id) take 8× the load of a few keys, and
/// `--keep-order` of a million sections 3×: 16-byte strings to probe, each
/// hashed again on every resize. Hashed with SipHash-1-3 keyed per process
/// (`sn_siphash13`, what `Hasher` computes, without its per-key calls), so
/// no data can pile its keys onto one slot.
struct KeyTable {
  /// 0: empty; else `tag << numberBits | (number + 1)`, by linear probing.
  private var slots: [UInt64] = []
  /// By number: its key's hash (never 0), or 0 where a number was never added.
  private var hashes: [UInt64] = []
  private(set) var count = 0

  private static let numberBits: UInt64 = 40
  private static let numberMask: UInt64 = 1 << numberBits - 1

  /// The hash of a key's bytes, with `kind` told apart (a string `"3"` and
  /// the number 3 are two group keys).
  static func hash(_ bytes: UnsafeRawBufferPointer, kind: UInt8 = 0) -> UInt64 {
    max(1, sn_siphash13(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, kind))
  }

  /// The hash of a text's UTF-8: names equal by their scalars hash alike.
  static func hash(_ text: String, kind: UInt8 = 0) -> UInt64 {
    var text = text
    return text.withUTF8 { hash(UnsafeRawBufferPointer($0), kind: kind) }
  }

  /// Starts loading the slot a key with `hash` is looked for in first: a
  /// batch of keys' misses then overlap instead of queueing.
  @inline(__always) func prefetch(_ hash: UInt64) {
    guard !slots.isEmpty else { return }
    slots.withUnsafeBufferPointer { sn_prefetch($0.baseAddress! + (Int(truncatingIfNeeded: hash) & ($0.count - 1))) }
  }

  /// The number of a key with `hash` for which `same` holds, if one is in.
  @inline(__always) func find(_ hash: UInt64, where same: (Int) -> Bool) -> Int? {
    guard !slots.isEmpty else { return nil }
    let tag = hash >> Self.numberBits
    let mask = slots.count - 1
    var k = Int(truncatingIfNeeded: hash) & mask
    while slots[k] != 0 {
      let slot = slots[k]
      let number = Int(slot & Self.numberMask) - 1
      if slot >> Self.numberBits == tag, same(number) { return number }
      k = (k + 1) & mask
    }
    return nil
  }

  /// The hash `number` was added with, if it was.
  func hash(of number: Int) -> UInt64? {
    number < hashes.count && hashes[number] != 0 ? hashes[number] : nil
  }

  /// Adds `number`, whose key hashes to `hash` and is not in (`find` first).
  mutating func add(_ number: Int, hash: UInt64) {
    reserve(count + 1)
    // One `append` a number, not a generic `append(contentsOf:)`: numbers
    // come one after another (a million sections' titles).
    while number >= hashes.count { hashes.append(0) }
    hashes[number] = hash
    place(UInt64(number + 1), hash: hash)
    count += 1
  }

  /// `reserve(total)`, and room for the hashes of numbers below `numbers`
  /// (added in a batch: their array grown once, not doubled and copied).
  mutating func reserve(_ total: Int, numbers: Int) {
    hashes.reserveCapacity(numbers)
    reserve(total)
  }

  /// Room for `total` keys with no more than half the slots full.
  mutating func reserve(_ total: Int) {
    guard total * 2 > slots.count else { return }
    var capacity = 64
    while capacity < total * 2 { capacity *= 2 }
    // A million keys' slots are 16 MB probed at random: in huge pages
    // when they come cheaply, one TLB entry for 2 MiB rather than 4 KiB.
    slots = [UInt64](unsafeUninitializedCapacity: capacity) { buffer, made in
      HugePages.prepare(buffer.baseAddress, count: capacity)
      buffer.initialize(repeating: 0)
      made = capacity
    }
    for (n, hash) in hashes.enumerated() where hash != 0 { place(UInt64(n + 1), hash: hash) }
  }

  private mutating func place(_ numberPlusOne: UInt64, hash: UInt64) {
    let mask = slots.count - 1
    var k = Int(truncatingIfNeeded: hash) & mask
    while slots[k] != 0 { k = (k + 1) & mask }
    slots[k] = (hash >> Self.numberBits) << Self.numberBits | numberPlusOne
  }
}

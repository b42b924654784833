import CMapGuard
import Testing

@testable import SectionNavCore

/// Group keys and titles are found again through `KeyTable`, hashed with
/// SipHash-1-3 under a key drawn per process: a weaker or broken function
/// would let data (ids, titles) pile onto a few slots and turn a load
/// quadratic, and a hash that differs for equal keys would split a group.
@Suite struct KeyHashTests {
  /// SipHash-1-3's reference vectors (Rust's libcore `test_siphash_1_3`):
  /// key bytes 00…0f, message `length` bytes 00, 01, …, output as
  /// little-endian bytes.
  static let vectors: [(length: Int, bytes: String)] = [
    (0, "dcc40f055801acab"), (1, "93ca577df39bf4c9"), (2, "4dd4c74d029bcb82"), (7, "4011b19b987d92d3"),
    (8, "8e9a298d11959036"), (9, "e43d066cb38ea425"), (15, "5699512a6dd820d3"), (16, "668b907d1add4fcc"),
    (17, "0cd8db639068f29c"), (31, "bcd1218c1fdd7023"), (63, "a8b3bbb76290199d"),
  ]

  @Test func theFunctionIsSipHash13() {
    let message = (0..<64).map { UInt8($0) }
    for (length, bytes) in Self.vectors {
      let expected = stride(from: 14, through: 0, by: -2).reduce(UInt64(0)) { value, at in
        let digits = bytes.utf8.dropFirst(at).prefix(2)
        return value << 8 | UInt64(String(decoding: digits, as: UTF8.self), radix: 16)!
      }
      let found = message.withUnsafeBufferPointer {
        sn_siphash13_keyed(0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908, $0.baseAddress, length)
      }
      #expect(found == expected, "\(length) bytes")
    }
  }

  @Test func equalKeysHashAlikeAndKindsApart() {
    for text in ["", "3", "café", "日本語 and more than sixteen bytes", String(repeating: "x", count: 100)] {
      let bytes = Array(text.utf8)
      let fromBytes = bytes.withUnsafeBytes { KeyTable.hash($0) }
      #expect(fromBytes == KeyTable.hash(text) && fromBytes != 0)
      #expect(KeyTable.hash(text, kind: 1) != fromBytes, "\(text)")
    }
    // A byte more or less, or one changed, gives another hash.
    #expect(KeyTable.hash("user 1") != KeyTable.hash("user 10"))
    #expect(KeyTable.hash("user 1") != KeyTable.hash("user 2"))
  }
}

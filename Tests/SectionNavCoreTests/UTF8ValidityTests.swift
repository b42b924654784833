import Testing

@testable import SectionNavCore

/// `UTF8Lead.isValid`, which lets a line's title be copied into a `String`
/// without the standard library checking it again, says valid exactly
/// when the standard library does: a `String` made of bytes it wrongly
/// passed would break the string's own invariants.
@Suite struct UTF8ValidityTests {
  static func standard(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { (try? UTF8Span(validating: $0.span)) != nil }
  }

  static func ours(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { b in b.baseAddress.map { UTF8Lead.isValid($0, b.count) } ?? true }
  }

  /// Every lead byte with every second byte, each followed by continuation
  /// bytes or not, alone and after 1–9 ASCII bytes (the word-at-a-time
  /// skip stops at the first high byte wherever it falls in a word).
  @Test func everyTwoByteStartIsJudgedAsTheStandardLibraryJudgesIt() {
    var wrong: [[UInt8]] = []
    for lead in 0x80...0xFF as ClosedRange<Int> {
      for second in 0...0xFF as ClosedRange<Int> {
        for tail in [[], [0x80], [0xBF, 0x80], [0x41], [0x80, 0x41]] as [[UInt8]] {
          for ascii in [0, 1, 7, 9] {
            let bytes = Array(repeating: 0x61, count: ascii) + [UInt8(lead), UInt8(second)] + tail
            if Self.standard(bytes) != Self.ours(bytes) { wrong.append(bytes) }
          }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) judged otherwise, first \(wrong.first ?? [])")
  }

  /// Random bytes dense in the values that decide validity (leads,
  /// continuations, the bounds of `secondByte`'s ranges), random lengths.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomBytesAreJudgedAsTheStandardLibraryJudgesThem(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let telling: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
      0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    var wrong = 0
    var valid = 0
    for _ in 0..<20_000 {
      let count = Int(rng.next() % 24)
      let bytes = (0..<count).map { _ in
        rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : telling[Int(rng.next() % UInt64(telling.count))]
      }
      let standard = Self.standard(bytes)
      if standard { valid += 1 }
      if standard != Self.ours(bytes) { wrong += 1 }
    }
    // Valid sequences of every length are among them too, not only garbage.
    let samples = ["é", "中文", "😀 ok", "a\u{10FFFF}", "\u{D7FF}\u{E000}", "ȧ́"].map { Array($0.utf8) }
    #expect(samples.allSatisfy(Self.ours))
    #expect(wrong == 0, "\(wrong) of 20000 judged otherwise (\(valid) valid)")
  }
}

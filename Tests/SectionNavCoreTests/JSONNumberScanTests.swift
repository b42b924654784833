import Testing

@testable import SectionNavCore

/// A number's end and its errors are what the JSON grammar says, byte by
/// byte: digit runs are taken eight bytes a step (`ASCIIDigits.runEnd`),
/// so every run length, every byte after a run (each of the 256) and every
/// place the input may end must agree with a byte loop.
@Suite struct JSONNumberScanTests {
  /// The end of the digit run at `i`, one byte at a time.
  static func referenceDigits(_ b: [UInt8], _ i: Int) -> Int {
    var i = i
    while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
    return i
  }

  @Test func digitRunsEndAtTheFirstOtherByteWhateverItIs() {
    for run in 0..<20 {
      for after in 0..<256 {
        for tail in [0, 1, 9] {
          let bytes = [UInt8](repeating: 0x37, count: run) + [UInt8(after)] + [UInt8](repeating: 0x35, count: tail)
          bytes.withUnsafeBufferPointer { b in
            let end = ASCIIDigits.runEnd(b.baseAddress!, b.baseAddress! + b.count) - b.baseAddress!
            #expect(end == Self.referenceDigits(bytes, 0), "\(run) digits, then \(after), then \(tail)")
          }
        }
      }
      // A run the input ends in.
      let bytes = [UInt8](repeating: 0x30, count: run)
      bytes.withUnsafeBufferPointer { b in
        guard let base = b.baseAddress else { return }
        #expect(ASCIIDigits.runEnd(base, base + b.count) - base == run)
      }
    }
  }

  /// The sort keys' variant reads whole words past `end` (a scratch
  /// buffer with room after it): digits there — a longer title's left
  /// behind — never lengthen a run, wherever `end` falls in a word.
  @Test func paddedDigitRunsStopAtTheEndWhateverLiesPastIt() {
    for run in 0..<20 {
      for cut in 0...run {
        for after: UInt8 in [0x35, 0x20, 0x00, 0xC3] {
          let bytes = [UInt8](repeating: 0x37, count: run) + [UInt8](repeating: after, count: 16)
          bytes.withUnsafeBufferPointer { b in
            let base = b.baseAddress!
            let end = ASCIIDigits.runEnd(padded: base, base + cut) - base
            #expect(end == cut, "\(run) digits cut at \(cut), then \(after)")
            let whole = ASCIIDigits.runEnd(padded: base, base + run + 16) - base
            #expect(whole == Self.referenceDigits(bytes, 0), "\(run) digits, then \(after)")
          }
        }
      }
    }
  }

  /// RFC 8259's number, one byte at a time: where it ends, or where it is wrong.
  static func referenceNumber(_ b: [UInt8]) -> Int? {
    var i = 0
    if i < b.count, b[i] == 0x2D { i += 1 }
    guard i < b.count, b[i] >= 0x30, b[i] <= 0x39 else { return nil }
    i = b[i] == 0x30 ? i + 1 : referenceDigits(b, i)
    if i < b.count, b[i] == 0x2E {
      guard i + 1 < b.count, b[i + 1] >= 0x30, b[i + 1] <= 0x39 else { return nil }
      i = referenceDigits(b, i + 1)
    }
    if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
      i += 1
      if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
      guard i < b.count, b[i] >= 0x30, b[i] <= 0x39 else { return nil }
      i = referenceDigits(b, i)
    }
    return i
  }

  @Test func numbersOfEveryShapeEndWhereTheGrammarSays() {
    var random = OracleRandom(seed: 7)
    let pieces: [[UInt8]] = [
      Array("-".utf8), Array("0".utf8), Array("7".utf8), Array("123456789".utf8), Array(".".utf8), Array("e".utf8),
      Array("E+".utf8), Array("-".utf8), Array("9999999999999".utf8), [0x3A], [0x2F], [0xB0], [0x20], Array(",".utf8),
    ]
    for _ in 0..<20_000 {
      var bytes: [UInt8] = random.chance(50) ? Array("-".utf8) : []
      bytes += random.pick([Array("1".utf8), Array("0".utf8), Array("5".utf8)])
      for _ in 0..<random.below(6) { bytes += random.pick(pieces) }
      let expected = Self.referenceNumber(bytes)
      bytes.withUnsafeBufferPointer { b in
        let base = b.baseAddress!
        let end = try? JSONLexer.skipNumber(base, base + b.count, base)
        #expect(end.map { $0 - base } == expected, "\(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }
}

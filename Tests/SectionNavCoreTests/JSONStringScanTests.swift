import CMapGuard
import TestScratch
import Testing

@testable import SectionNavCore

/// A string's end, whether it is plain, the bytes its escapes save and its
/// errors are what the JSON grammar says, byte by byte: wherever escapes and
/// block edges fall (a string with escapes is taken 64 bytes of stops at a
/// time), and whatever comes after an escape — text, another escape, a raw
/// control character, a bad escape, the end of the input.
@Suite struct JSONStringScanTests {
  typealias Outcome = Result<(end: Int, plain: Bool, saved: Int), SyntaxFailure>

  /// RFC 8259's string, one byte at a time, with the lexer's messages.
  static func reference(_ b: [UInt8], _ quote: Int) -> Outcome {
    var i = quote + 1
    var plain = true
    var saved = 0
    func failure(_ offset: Int, _ message: String) -> Outcome {
      .failure(SyntaxFailure(offset: offset, message: message))
    }
    while true {
      guard i < b.count else { return failure(b.count, "unterminated string") }
      let c = b[i]
      if c == 0x22 { return .success((i + 1, plain, saved)) }
      if c < 0x20 {
        return failure(i, "control character \(JSONLexer.hexScalar(c)) in string (write it as an escape)")
      }
      if c >= 0x80 { plain = false }
      guard c == 0x5C else {
        i += 1
        continue
      }
      plain = false
      let e = i + 1
      guard e < b.count else { return failure(b.count, "unterminated string") }
      switch b[e] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        saved += 1
        i = e + 1
      case UInt8(ascii: "u"):
        var v = 0
        for h in e + 1...e + 4 {
          guard h < b.count else { return failure(b.count, "unterminated string") }
          guard let d = Int(String(UnicodeScalar(b[h])), radix: 16) else {
            return failure(h, "\\u must be followed by four hexadecimal digits")
          }
          v = v * 16 + d
        }
        saved += v < 0x1100 ? 5 : 4
        i = e + 5
      default:
        return b.withUnsafeBufferPointer {
          failure(e, "invalid escape \(JSONLexer.describe($0.baseAddress! + e, $0.baseAddress! + b.count))")
        }
      }
    }
  }

  static let pieces: [String] = [
    "plain text ", "é", "中文", #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\t"#, #"\u00e9"#, #"\u65e5"#, #"\uD83D\uDE00"#,
    #"\u1100"#, "x", #"\u10ff"#, #"\u0FFF"#, #"\u1000"#, #"\u1011"#, "u1", "0",
  ]
  static let faults: [String] = ["\u{1}", #"\x"#, #"\u12G4"#, #"\"#, #"\u00"#, "\u{1F}", #"\u0""#, #"\U0041"#]

  @Test(arguments: 1...4) func stringsAgreeWithTheGrammarWhereverEscapesAndBlockEdgesFall(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed))
    var checked = 0
    for _ in 0..<3000 {
      var body = ""
      let escaped = Int.random(in: 0..<4, using: &rng) > 0
      for _ in 0..<Int.random(in: 0..<80, using: &rng) {
        body +=
          escaped
          ? Self.pieces.randomElement(using: &rng)! : String(repeating: "a", count: Int.random(in: 1..<9, using: &rng))
      }
      if Int.random(in: 0..<6, using: &rng) == 0 {
        let fault = Self.faults.randomElement(using: &rng)!
        let at = body.index(body.startIndex, offsetBy: Int.random(in: 0...body.count, using: &rng))
        body.insert(contentsOf: fault, at: at)
      }
      // Where the string starts moves its bytes across the blocks; now and then it is cut short.
      var bytes = Array(repeating: UInt8(ascii: " "), count: Int.random(in: 0..<64, using: &rng)) + [0x22]
      let quote = bytes.count - 1
      bytes += Array(body.utf8) + [0x22] + Array("  , 1".utf8)
      if Int.random(in: 0..<8, using: &rng) == 0 {
        bytes.removeLast(Int.random(in: 0..<min(bytes.count - quote, 40), using: &rng))
      }
      let expected = Self.reference(bytes, quote)
      bytes.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        let end = base + buffer.count
        var plain = true
        var saved = 0
        let found = Result { () throws(SyntaxFailure) in
          try JSONLexer.skipString(base + quote, end, base, &plain, saved: &saved) - base
        }
        var quickPlain = true
        let quick = Result { () throws(SyntaxFailure) in
          try JSONLexer.scanString(base + quote, end, base, &quickPlain) - base
        }
        switch (expected, found, quick) {
        case (.success(let e), .success(let f), .success(let q)):
          #expect(f == e.end && q == e.end && plain == e.plain && quickPlain == e.plain && saved == e.saved, "\(body)")
        case (.failure(let e), .failure(let f), .failure(let q)):
          #expect(f.offset == e.offset && f.message == e.message && q.offset == e.offset, "\(body): \(f) vs \(e)")
        default:
          Issue.record("\(body): grammar \(expected), skipString \(found), scanString \(quick)")
        }
        checked += 1
      }
    }
    #expect(checked == 3000)
  }

  /// The block kernel has two builds, AVX2 with hardware bit counts and
  /// SSE2 (`sn_escaped_blocks`), chosen by the processor: the grammar test
  /// above runs the one this machine picks, this one holds the other to it
  /// — where it stops, what it says there and the bytes saved.
  @Test(
    .enabled(if: sn_escaped_wide_available() != 0, "this processor has no AVX2: only the SSE2 kernel runs"),
    arguments: 1...3)
  func bothBlockKernelsStopAndCountAlike(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed) + 100)
    var statuses = Set<UInt32>()
    for _ in 0..<3000 {
      var body = ""
      for _ in 0..<Int.random(in: 0..<120, using: &rng) { body += Self.pieces.randomElement(using: &rng)! }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        let fault = Self.faults.randomElement(using: &rng)!
        let at = body.index(body.startIndex, offsetBy: Int.random(in: 0...body.count, using: &rng))
        body.insert(contentsOf: fault, at: at)
      }
      let bytes =
        Array(body.utf8) + [0x22] + Array(repeating: UInt8(ascii: " "), count: Int.random(in: 0..<80, using: &rng))
      bytes.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        let end = base + buffer.count
        let wide = sn_escaped_blocks_with(1, base, end)
        let narrow = sn_escaped_blocks_with(0, base, end)
        statuses.insert(wide.status.rawValue)
        #expect(
          wide.next == narrow.next && wide.saved == narrow.saved && wide.status == narrow.status,
          "\(body): AVX2 \(wide.next! - base) \(wide.saved) \(wide.status), SSE2 \(narrow.next! - base) \(narrow.saved) \(narrow.status)"
        )
      }
    }
    // Closed, bad and ran out all came up.
    #expect(statuses.count == 3)
  }
}

import Testing

@testable import SectionNavCore

/// Arguments keep every byte (`SystemPath`): what the system is given back
/// is what argv held, and text that is UTF-8 stays as it is.
@Suite struct SystemPathTests {
  func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
    let text = bytes.withUnsafeBytes { SystemPath.encoded($0) }
    return SystemPath.withCString(text) { c in
      var out: [UInt8] = []
      var p = c
      while p.pointee != 0 {
        out.append(UInt8(bitPattern: p.pointee))
        p += 1
      }
      return out
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func anyBytesComeBackAsTheyWere(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    // Bytes around UTF-8's edges: truncated and overlong sequences,
    // surrogates, U+10FF80 and above spelled out, ASCII between.
    let pieces: [[UInt8]] = [
      [0x61], [0xC3, 0xA9], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xFF], [0x80], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD],
    ]
    for _ in 0..<500 {
      let bytes = (0..<Int(rng.next() % 12)).flatMap { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }
      #expect(roundTrip(bytes) == bytes, "\(bytes)")
      let text = bytes.withUnsafeBytes { SystemPath.encoded($0) }
      // Shown, each byte outside UTF-8 is one U+FFFD; the rest reads as decoded.
      #expect(!SystemPath.shown(text).unicodeScalars.contains { $0.value >= 0x10FF80 })
      if String(validating: bytes, as: UTF8.self).map({ !$0.unicodeScalars.contains { $0.value >= 0x10FF80 } }) == true
      {
        #expect(text == String(decoding: bytes, as: UTF8.self) && SystemPath.shown(text) == text)
      }
    }
  }
}

import SectionNavCore

/// Reads structured values out of a libFuzzer input, front to back. Reading
/// past the end yields zeros, so every input — even an empty one — decodes to
/// something and small mutations of the bytes make small changes of the values.
struct FuzzInput {
  let bytes: [UInt8]
  private(set) var position = 0

  init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  init(bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { position >= bytes.count }
  var remaining: Int { max(0, bytes.count - position) }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A value in `range`: one byte for small ranges, two or three for larger ones.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = range.upperBound - range.lowerBound + 1
    var raw = Int(byte())
    if span > 0x100 { raw = raw << 8 | Int(byte()) }
    if span > 0x1_0000 { raw = raw << 8 | Int(byte()) }
    return range.lowerBound + raw % span
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

  /// The rest of the input.
  mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return position < bytes.count ? Array(bytes[position...]) : []
  }

  // MARK: Hostile text

  /// Scalars that terminals, grapheme breaking or width tables treat specially.
  static let bidiAndSeparators: [UInt32] = [
    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
    0x2028, 0x2029, 0x0085,
  ]
  static let joinersAndSelectors: [UInt32] = [
    0x200D, 0x200C, 0x200B, 0xFE0F, 0xFE0E, 0x20E3, 0xFEFF, 0x2060, 0x00AD, 0x1F3FB, 0x1F3FF, 0xE0020,
    0xE007F, 0x034F, 0x180E,
  ]
  static let special: [UInt32] = [
    0x0600, 0x0605, 0x06DD, 0x110BD,  // prepended concatenation marks (grapheme Prepend)
    0x0903, 0x0E33, 0x0EB3,  // spacing marks
    0x25CC, 0xFFFD, 0x2400, 0x241B, 0x2026, 0x2022, 0x258F,  // glyphs the renderer itself uses
    0x00A0, 0x3000, 0x2003, 0x1680,  // unusual spaces
    0x0E01, 0x0627, 0x05D0,  // Thai, Arabic, Hebrew letters
    0x1F1E6, 0x1F1FA, 0x1F1F8,  // regional indicators
    0x2764, 0x00A9, 0x0031,  // emoji with text presentation
    // Case- and length-changing under lower-casing or folding (issue 14's İ crash):
    // İ, ı, ẞ, ß, ﬁ, ﬃ, Σ, σ, ς, Kelvin K, Ångström Å, ŉ, ΐ, Ǆ, and a combining acute.
    0x0130, 0x0131, 0x1E9E, 0x00DF, 0xFB01, 0xFB03, 0x03A3, 0x03C3, 0x03C2, 0x212A, 0x212B, 0x0149, 0x0390,
    0x01C4, 0x0301,
  ]
  static let escapeSequences = [
    "\u{1B}[31m", "\u{1B}[2J", "\u{1B}[H", "\u{1B}]0;title\u{07}", "\u{1B}]52;c;aGVsbG8=\u{07}",
    "\u{1B}]8;;http://x\u{1B}\\", "\u{9B}31m", "\u{1B}P1$r\u{1B}\\", "\u{1B}[?1049h", "\u{1B}c",
  ]

  mutating func scalar() -> Unicode.Scalar {
    let kind = byte()
    var v: UInt32
    switch kind % 16 {
    case 0, 1, 2, 3: v = 0x20 + UInt32(byte() % 95)
    case 4: v = UInt32(byte() % 0x20)
    case 5: v = byte() & 1 == 0 ? 0x7F : 0x80 + UInt32(byte() % 0x20)
    case 6: v = pick(Self.bidiAndSeparators)
    case 7: v = pick([0x300, 0x20D0, 0x1AB0, 0x1DC0, 0xFE20]) + UInt32(byte() % 0x30)
    case 8: v = pick([0x4E00, 0xAC00, 0xFF01, 0x3041, 0x1F300, 0x20000]) + UInt32(byte())
    case 9: v = 0x1F1E6 + UInt32(byte() % 26)
    case 10: v = pick(Self.joinersAndSelectors)
    case 11: v = pick([0x1100, 0x1160, 0x11A8, 0xD7B0]) + UInt32(byte() % 0x48)
    case 12: v = pick(Self.special)
    case 13: v = UInt32(int(0...0xFFFF))
    case 14: v = UInt32(int(0...0x10FFFF))
    default: v = 0x1F600 + UInt32(byte() % 0x50)
    }
    return Unicode.Scalar(v) ?? "\u{FFFD}"
  }

  /// Up to `maxPieces` scalars or whole escape sequences, biased towards trouble.
  mutating func text(maxPieces: Int) -> String {
    let n = int(0...maxPieces)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<n {
      if byte() % 24 == 0 {
        scalars.append(contentsOf: pick(Self.escapeSequences).unicodeScalars)
      } else {
        scalars.append(scalar())
      }
    }
    return String(scalars)
  }
}

/// `precondition` that keeps its message in `-O` builds (where a failed
/// `precondition` traps silently), so a crash log says what broke.
func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line)
{
  if !condition { fatalError(message(), file: file, line: line) }
}

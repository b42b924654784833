import SectionNavCore

// CSI and SS3 sequences: cursor and function keys with xterm modifier
// parameters, SGR (and legacy X10) mouse reports, bracketed paste markers.
// Anything else that is well formed (focus reports, replies, unknown keys) is
// swallowed whole.
extension InputDecoder {
  /// `ESC [ params intermediates final`.
  func decodeCSI(_ bytes: [UInt8], at i: Int, final: Bool) -> DecodedUnit {
    var j = i + 2
    while j < bytes.count {
      let b = bytes[j]
      if (0x40...0x7E).contains(b) { break }
      guard (0x20...0x3F).contains(b) else {
        // Not part of a sequence: drop the broken start, decode from here.
        return .drop(j - i)
      }
      j += 1
      if j - i >= Self.maxSequenceLength { return .drop(j - i) }
    }
    if j == bytes.count {
      if !final { return .incomplete }
      return j == i + 2 ? .key(.char("["), .alt, length: 2) : .drop(j - i)
    }
    let finalByte = bytes[j]
    let length = j - i + 1
    let body = bytes[(i + 2)..<j]

    // Legacy X10 mouse: `CSI M` followed by three raw bytes.
    if finalByte == 0x4D, body.isEmpty {
      guard j + 3 < bytes.count else { return final ? .drop(bytes.count - i) : .incomplete }
      let b = Int(bytes[j + 1]) - 32
      let x = Int(bytes[j + 2]) - 32
      let y = Int(bytes[j + 3]) - 32
      let event = Self.mouseEvent(code: b, column: x, row: y, release: (b & 3) == 3 && b & 96 == 0)
      return .decoded(event.map { [.mouse($0)] } ?? [], length: length + 3)
    }

    guard let sequence = CSIParameters(body) else { return .drop(length) }
    switch (sequence.marker, finalByte) {
    case (0x3C, 0x4D), (0x3C, 0x6D):  // < … M / m: SGR mouse
      guard sequence.values.count == 3, let b = sequence.values[0], let x = sequence.values[1],
        let y = sequence.values[2]
      else { return .drop(length) }
      let event = Self.mouseEvent(code: b, column: x, row: y, release: finalByte == 0x6D)
      return .decoded(event.map { [.mouse($0)] } ?? [], length: length)
    case (nil, 0x7E):  // ~
      let number = sequence.value(0)
      if number == 200 { return .startPaste(length: length) }
      guard let key = Self.tildeKeys[number ?? -1] else { return .drop(length) }
      return .key(key, Self.modifiers(sequence.value(1)), length: length)
    case (nil, 0x5A):  // Z
      return .key(.backTab, length: length)
    case (nil, let letter):
      // Letter keys carry no number, or 1 followed by the modifiers.
      guard let key = Self.letterKeys[letter], sequence.value(0) ?? 1 == 1,
        sequence.values.count <= 2
      else { return .drop(length) }
      return .key(key, Self.modifiers(sequence.value(1)), length: length)
    default:
      return .drop(length)
    }
  }

  /// `ESC O final`, optionally with a modifier digit before the final byte.
  func decodeSS3(_ bytes: [UInt8], at i: Int, final: Bool) -> DecodedUnit {
    var j = i + 2
    while j < bytes.count, (0x30...0x39).contains(bytes[j]), j - i < 4 { j += 1 }
    guard j < bytes.count else {
      if !final { return .incomplete }
      return j == i + 2 ? .key(.char("O"), .alt, length: 2) : .drop(j - i)
    }
    let b = bytes[j]
    let length = j - i + 1
    guard (0x40...0x7E).contains(b) else {
      // `ESC O` then something else: Alt+O, and decode on from the next byte.
      return j == i + 2 ? .key(.char("O"), .alt, length: 2) : .drop(j - i)
    }
    let digits = bytes[(i + 2)..<j]
    let modifierValue = digits.isEmpty ? nil : Int(String(decoding: digits, as: UTF8.self))
    if let key = Self.letterKeys[b] {
      return .key(key, Self.modifiers(modifierValue), length: length)
    }
    if b == 0x4D { return .key(.enter, length: length) }  // keypad Enter
    if let char = Self.keypadChars[b] { return .key(.char(char), length: length) }
    return .drop(length)
  }

  static let letterKeys: [UInt8: Key] = [
    0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
    0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
  ]

  static let tildeKeys: [Int: Key] = [
    1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12),
  ]

  /// Application keypad: `ESC O j` … `ESC O y`, `ESC O X`.
  static let keypadChars: [UInt8: Character] = [
    0x6A: "*", 0x6B: "+", 0x6C: ",", 0x6D: "-", 0x6E: ".", 0x6F: "/", 0x70: "0", 0x71: "1",
    0x72: "2", 0x73: "3", 0x74: "4", 0x75: "5", 0x76: "6", 0x77: "7", 0x78: "8", 0x79: "9",
    0x58: "=",
  ]

  /// xterm's modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8).
  static func modifiers(_ parameter: Int?) -> Modifiers {
    guard let parameter, parameter > 1, parameter <= 256 else { return [] }
    let bits = parameter - 1
    var modifiers = Modifiers(rawValue: UInt8(bits & 7))
    if bits & 8 != 0 { modifiers.insert(.alt) }  // Meta reads as Alt
    return modifiers
  }

  /// A mouse report's button code (SGR or X10 after removing the +32).
  static func mouseEvent(code: Int, column: Int, row: Int, release: Bool) -> MouseEvent? {
    guard code >= 0, code < 128, column >= 1, row >= 1 else { return nil }
    var modifiers: Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let button = code & 3
    let kind: MouseEvent.Kind
    if code & 64 != 0 {
      if release { return nil }  // wheels have no release
      kind = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][button]
      return MouseEvent(kind, column: column, row: row, button: 0, modifiers: modifiers)
    } else if code & 32 != 0 {
      if button == 3 { return nil }  // motion with no button held
      kind = .motion
    } else if release {
      kind = .release  // X10 releases do not say which button: report the left one
    } else {
      if button == 3 { return nil }
      kind = .press
    }
    return MouseEvent(
      kind, column: column, row: row, button: button == 3 ? 0 : button, modifiers: modifiers)
  }
}

/// The parameter part of a CSI sequence: an optional private marker
/// (`<`, `=`, `>`, `?`) and `;`-separated numbers (nil when empty).
struct CSIParameters {
  var marker: UInt8?
  var values: [Int?]

  /// Nil when the sequence has intermediates or sub-parameters, or a number
  /// too long to be real.
  init?(_ body: ArraySlice<UInt8>) {
    var rest = body[...]
    if let first = rest.first, (0x3C...0x3F).contains(first) {
      marker = first
      rest = rest.dropFirst()
    } else {
      marker = nil
    }
    values = []
    if rest.isEmpty { return }
    var current: Int? = nil
    var digits = 0
    for b in rest {
      switch b {
      case 0x30...0x39:
        digits += 1
        if digits > 9 { return nil }
        current = (current ?? 0) * 10 + Int(b - 0x30)
      case 0x3B:
        values.append(current)
        current = nil
        digits = 0
      default:
        return nil
      }
    }
    values.append(current)
  }

  func value(_ index: Int) -> Int? {
    index < values.count ? values[index] : nil
  }
}

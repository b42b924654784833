import Foundation

/// The letter a title files under in an A–Z style index — for `--lines`
/// grouping and the index column. Latin letters fold to A–Z (`É` → `E`,
/// `ø` → `O`, `ß` → `S`), letters of other scripts keep their own
/// upper-cased initial (`я` → `Я`, `王` → `王`, Hangul syllables their
/// leading consonant, `한` → `ㅎ`), and digits, symbols, emoji and blank
/// titles file under `#`. Leading whitespace is skipped.
public enum Initials {
  /// The `#` entry for everything that is not a letter.
  public static let other = "#"

  public static func of(_ title: String) -> String {
    guard let first = title.first(where: { !$0.isWhitespace }) else { return other }
    if let ascii = first.asciiValue {
      switch ascii {
      case 0x41...0x5A: return String(Character(Unicode.Scalar(ascii)))
      case 0x61...0x7A: return String(Character(Unicode.Scalar(ascii - 0x20)))
      default: return other
      }
    }
    guard first.isLetter, let scalar = first.unicodeScalars.first else { return other }
    return of(letter: scalar, first)
  }

  static func of(letter scalar: Unicode.Scalar, _ first: Character) -> String {
    let v = scalar.value
    if let folded = latinWithoutDecomposition[v] { return folded }
    // Hangul syllables file under their leading consonant (tense ones under the plain one).
    if v >= 0xAC00 && v <= 0xD7A3 {
      return hangulInitials[Int((v - 0xAC00) / 588)]
    }
    let isLatin = (v >= 0xC0 && v <= 0x24F) || (v >= 0x1E00 && v <= 0x1EFF) || (v >= 0xFF21 && v <= 0xFF5A)
    if isLatin {
      let folded = String(first).folding(
        options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
      if let f = folded.unicodeScalars.first, let letter = Self.asciiUpper(f) { return letter }
    }
    guard let upper = String(first).uppercased().first else { return other }
    // Keep only the base letter (a combining mark after it is not part of the initial for Latin).
    return String(upper)
  }

  static func asciiUpper(_ s: Unicode.Scalar) -> String? {
    switch s.value {
    case 0x41...0x5A: return String(Character(s))
    case 0x61...0x7A: return String(Character(Unicode.Scalar(UInt8(s.value - 0x20))))
    default: return nil
    }
  }

  /// Latin letters with no canonical decomposition that readers still file
  /// under a plain letter.
  static let latinWithoutDecomposition: [UInt32: String] = [
    0xD8: "O", 0xF8: "O",  // Ø ø
    0xC6: "A", 0xE6: "A",  // Æ æ
    0x152: "O", 0x153: "O",  // Œ œ
    0xDF: "S", 0x17F: "S",  // ß ſ
    0x141: "L", 0x142: "L",  // Ł ł
    0x110: "D", 0x111: "D", 0xD0: "D", 0xF0: "D",  // Đ đ Ð ð
    0x126: "H", 0x127: "H",  // Ħ ħ
    0x166: "T", 0x167: "T",  // Ŧ ŧ
    0x131: "I",  // ı
    0x138: "K",  // ĸ
    0x14A: "N", 0x14B: "N",  // Ŋ ŋ
  ]

  /// ㄱ ㄱ ㄴ ㄷ ㄷ ㄹ ㅁ ㅂ ㅂ ㅅ ㅅ ㅇ ㅈ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ for the 19 leading consonants.
  static let hangulInitials = [
    "ㄱ", "ㄱ", "ㄴ", "ㄷ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅂ", "ㅅ", "ㅅ", "ㅇ", "ㅈ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
  ]
}

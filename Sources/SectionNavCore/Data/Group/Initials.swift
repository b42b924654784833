/// The letter a title files under in an A–Z style index — for `--lines`
/// grouping and the index column. Latin letters fold to A–Z (`É` → `E`,
/// `ø` → `O`, `ß` → `S`, `Ŋ` → `N`: the first letter of its fold, see `Folding`), letters of other scripts keep their own
/// upper-cased initial (`я` → `Я`, `王` → `王`, Hangul syllables their
/// leading consonant, `한` → `ㅎ`), and digits, symbols, emoji and blank
/// titles file under `#`. Leading whitespace and emoji are skipped, so
/// `🇫🇷 France` files under `F` (a flag before the name, `{flag} {name}`);
/// a title of emoji only files under `#`.
public enum Initials {
  /// The `#` entry for everything that is not a letter.
  public static let other = "#"

  /// "A" … "Z".
  static let latinLetters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(Character(Unicode.Scalar($0))) }

  /// The initial of most titles — an ASCII letter not followed by a
  /// combining mark — as 0…25 for A…Z, read from the first two bytes
  /// without building a `Character` (an index of a million titles); nil
  /// for the others, which `of` decides.
  @inline(__always)
  static func asciiLetter(_ title: String) -> Int? {
    // The bytes where they lie (native and small strings alike): indexing
    // the UTF-8 view checks each index, several times the work.
    title.utf8.withContiguousStorageIfAvailable { u in asciiLetter(u) } ?? asciiLetter(Array(title.utf8))
  }

  /// `asciiLetter` of a title's UTF-8 bytes.
  @inline(__always)
  static func asciiLetter(_ u: some RandomAccessCollection<UInt8>) -> Int? {
    guard let c = u.first else { return nil }
    let letter = (c | 0x20) &- 0x61
    guard letter < 26 else { return nil }
    let next = u.index(after: u.startIndex)
    if next != u.endIndex && u[next] >= 0x80 { return nil }
    return Int(letter)
  }

  /// Where a title's initial is read: past leading whitespace and emoji
  /// (`🇫🇷 France` → `France`); nil when nothing else is there. The sort
  /// key starts there too (`NaturalOrder.SortKeys.lead`), so a title sorts
  /// among the titles of the letter it files under.
  static func filedStart(_ title: String) -> String.Index? {
    title.firstIndex { !$0.isWhitespace && !isEmoji($0) }
  }

  /// `title` from where it is filed and sorted (`filedStart`: past leading
  /// whitespace and emoji), in every locale; blanks only are the empty
  /// title, emoji only the title itself.
  static func filed(_ title: String) -> String {
    guard let first = title.first, first.isWhitespace || isEmoji(first) else { return title }
    if let start = filedStart(title) { return String(title[start...]) }
    return String(title.drop(while: \.isWhitespace))
  }

  public static func of(_ title: String) -> String {
    guard let start = filedStart(title) else { return other }
    let first = title[start]
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

  /// A pictograph shown as emoji (flags, `🍎`, `❤️`) — not the digits, `#`
  /// and `*` that Unicode also marks as emoji (keycap bases).
  static func isEmoji(_ c: Character) -> Bool {
    guard let s = c.unicodeScalars.first, s.value >= 0x80, s.properties.isEmoji else { return false }
    return s.properties.isEmojiPresentation || c.unicodeScalars.contains("\u{FE0F}")
  }

  static func of(letter scalar: Unicode.Scalar, _ first: Character) -> String {
    // Hangul syllables file under their leading consonant (tense ones under the plain one).
    if let initial = hangulInitial(scalar) { return String(Character(initial)) }
    // A letter that folds to a Latin letter files under it, as it sorts (`NaturalOrder`).
    // Other letters file under their folded form upper-cased (`ά` and `Α` under `Α`).
    let folded = Folding.fold(String(first))
    if let f = folded.utf8.first, f &- 0x61 < 26 { return String(Character(Unicode.Scalar(f - 0x20))) }
    guard let upper = (folded.first ?? first).uppercased().first else { return other }
    return String(upper)
  }

  /// The label `title` files under: with a locale's collation, its
  /// alphabetic-index bucket (`あ` for `カレー` in Japanese, `W` for `王` in
  /// Chinese, `#` for what sorts before the first label), leading
  /// whitespace skipped as in the C locale; without one, `of(title)`.
  public static func of(_ title: String, collation: LocaleCollation?) -> String {
    guard let collation else { return of(title) }
    return collation.label(title)
  }

  /// The order of sections titled by initials: A–Z (then other scripts)
  /// with `#` last in the C locale; in a locale's collation, the order of
  /// its index (`#` first, as ICU puts the underflow bucket).
  public static func order(_ titles: [String], collation: LocaleCollation?) -> [Int] {
    guard let collation else { return NaturalOrder.sortedIndices(titles) { $0 == other } }
    let buckets = titles.map { collation.bucket(label: $0) }
    return titles.indices.sorted { a, b in
      buckets[a] != buckets[b] ? buckets[a] < buckets[b] : titles[a].utf8.lexicographicallyPrecedes(titles[b].utf8)
    }
  }

  /// The consonant a Hangul syllable files under (its leading one, a tense
  /// one under the plain one); nil for any other scalar.
  static func hangulInitial(_ s: Unicode.Scalar) -> Unicode.Scalar? {
    guard s.value >= 0xAC00 && s.value <= 0xD7A3 else { return nil }
    return hangulInitials[Int((s.value - 0xAC00) / 588)].unicodeScalars.first
  }

  /// ㄱ ㄱ ㄴ ㄷ ㄷ ㄹ ㅁ ㅂ ㅂ ㅅ ㅅ ㅇ ㅈ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ for the 19 leading consonants.
  static let hangulInitials = [
    "ㄱ", "ㄱ", "ㄴ", "ㄷ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅂ", "ㅅ", "ㅅ", "ㅇ", "ㅈ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
  ]
}

/// The filter's use of the one folding rule (`Folding`): item text and
/// terms are folded alike — accents removed unless `--literal`, and
/// lower-cased for case-insensitive terms (smart case) — so `ecole` finds
/// `École` exactly as the index files it.
struct FilterFolding {
  /// Whether accents are kept (`--literal`).
  let literal: Bool

  init(literal: Bool) { self.literal = literal }

  func rule(lower: Bool) -> Folding.Rule { Folding.Rule(ignoresCase: lower, ignoresAccents: !literal) }

  /// The query's bytes folded the way item text is (`lower` unless the term
  /// is case-sensitive).
  static func foldQuery(_ text: String, caseSensitive: Bool, literal: Bool) -> [UInt8] {
    var out: [UInt8] = []
    var copy = text
    copy.withUTF8 { FilterFolding(literal: literal).append($0, lower: !caseSensitive, to: &out) }
    return out
  }

  /// Appends `bytes` (UTF-8, possibly invalid) folded; `lower` lower-cases too.
  func append(_ bytes: UnsafeBufferPointer<UInt8>, lower: Bool, to out: inout [UInt8]) {
    Folding.fold(bytes, rule: rule(lower: lower), into: &out)
  }
}

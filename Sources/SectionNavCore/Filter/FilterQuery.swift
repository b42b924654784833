/// A filter query in fzf's extended syntax, parsed once per keystroke.
///
/// Space-separated terms are ANDed; a term `|` between two terms ORs them.
/// A plain term is a fuzzy (subsequence) match; `'term` an exact substring,
/// `^term` a prefix, `term$` a suffix, `^term$` the whole text; `!` in front
/// negates (and makes the term exact, as in fzf: `!'term` negates a fuzzy
/// term). `\ ` is a literal space. Smart case per term: a term with an
/// upper-case letter matches case-sensitively. Diacritics are folded on both
/// sides (`ecole` finds `École`) unless `literal`.
public struct FilterQuery: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case fuzzy, exact, prefix, suffix, equal }

  /// One term: what to look for and how.
  public struct Term: Sendable, Equatable {
    public var kind: Kind
    public var inverse: Bool
    /// The term as typed (after its operators are taken off).
    public var text: String
    public var caseSensitive: Bool
    /// The bytes compared with the (folded) text: diacritics folded unless
    /// literal, ASCII letters lower-cased unless case-sensitive.
    let pattern: [UInt8]
    /// Per pattern byte: 0x20 when the text byte is OR-ed with it before
    /// comparing (an ASCII letter in a case-insensitive term), else 0.
    let masks: [UInt8]
    /// Whether the pattern is all ASCII (then every byte is one character).
    let ascii: Bool
  }

  /// The query as typed.
  public let text: String
  /// AND of OR-groups.
  public let groups: [[Term]]
  public let literal: Bool

  public init(_ text: String, literal: Bool = false) {
    self.text = text
    self.literal = literal
    var groups: [[Term]] = []
    var joinNext = false
    for word in Self.words(text) {
      if word == "|" {
        if !(groups.last?.isEmpty ?? true) { joinNext = true }
        continue
      }
      guard let term = Self.term(word, literal: literal) else { continue }
      if joinNext, !groups.isEmpty {
        groups[groups.count - 1].append(term)
      } else {
        groups.append([term])
      }
      joinNext = false
    }
    self.groups = groups
  }

  /// True when nothing is filtered out (an empty or all-blank query).
  public var isEmpty: Bool { groups.isEmpty }

  /// Whether every item matching `next` also matches `self`, so `next` can
  /// filter only the survivors of `self` (typing more at the end of a term,
  /// or adding an AND term). Conservative: false when unsure (a new `|`, a
  /// negation, a suffix being extended).
  public func isNarrowed(by next: FilterQuery) -> Bool {
    guard literal == next.literal, !isEmpty, next.text.hasPrefix(text), next.groups.count >= groups.count else {
      return false
    }
    for (old, new) in zip(groups, next.groups) {
      guard old.count == new.count else { return false }
      for (a, b) in zip(old, new) where a != b {
        guard !a.inverse, !b.inverse, b.text.hasPrefix(a.text), !(a.caseSensitive && !b.caseSensitive) else {
          return false
        }
        switch a.kind {
        case .fuzzy: continue
        case .exact: if b.kind == .fuzzy { return false }
        case .prefix: if b.kind != .prefix && b.kind != .equal { return false }
        case .suffix, .equal: return false
        }
      }
    }
    return true
  }

  /// Splits at unescaped spaces; `\ ` is a space inside a term.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var escaped = false
    for c in text {
      if escaped {
        if c != " " { current.append("\\") }
        current.append(c)
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == " " || c == "\t" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(c)
      }
    }
    if escaped { current.append("\\") }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// One term with fzf's operator rules, or nil when only operators remain.
  static func term(_ word: String, literal: Bool) -> Term? {
    var text = Substring(word)
    var kind = Kind.fuzzy
    var inverse = false
    if text.hasPrefix("!") {
      inverse = true
      kind = .exact
      text = text.dropFirst()
    }
    if text != "$", text.hasSuffix("$") {
      kind = .suffix
      text = text.dropLast()
    }
    if text.hasPrefix("'") {
      // Flips exactness, as in fzf.
      kind = (kind == .fuzzy && !inverse) ? .exact : (kind == .suffix ? .suffix : .fuzzy)
      text = text.dropFirst()
    } else if text.hasPrefix("^") {
      kind = kind == .suffix ? .equal : .prefix
      text = text.dropFirst()
    }
    guard !text.isEmpty else { return nil }
    let caseSensitive = text.contains { $0.isUppercase }
    let folded = FilterFolding.foldQuery(String(text), caseSensitive: caseSensitive, literal: literal)
    let masks = folded.map { !caseSensitive && ($0 | 0x20) &- 0x61 < 26 ? UInt8(0x20) : 0 }
    return Term(
      kind: kind, inverse: inverse, text: String(text), caseSensitive: caseSensitive, pattern: folded,
      masks: masks, ascii: folded.allSatisfy { $0 < 0x80 })
  }
}

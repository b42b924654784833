/// A filter query in fzf 0.74's extended syntax, parsed once per keystroke
/// the way fzf parses it (`pattern.go`).
///
/// Space-separated terms are ANDed; a `|` between terms ORs them (a leading
/// `|`, or one right after another `|`, is the text `|`). A plain term is
/// fuzzy (exact under `-e`); `'term` flips that; `'term'` is exact at word
/// boundaries; `^term` a prefix, `term$` a suffix, `^term$` the whole text;
/// `!` in front negates and makes the term exact (`!'term` negates a fuzzy
/// term). `\ ` is a literal space. Smart case per term (a term with an
/// upper-case letter matches case-sensitively; `-i`/`+i` override). Accents:
/// a plain term folds the item's accented letters (`cafe` finds `café`); a
/// term with an accent matches as typed; `--literal` folds nothing.
public struct FilterQuery: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case fuzzy, exact, boundary, prefix, suffix, equal }

  /// One term: what to look for and how.
  public struct Term: Sendable, Equatable {
    public var kind: Kind
    public var inverse: Bool
    /// The term as typed (after its operators are taken off).
    public var text: String
    public var caseSensitive: Bool
    /// Whether the item's accented letters fold before comparing (a plain
    /// term, without `--literal`).
    public var normalize: Bool
    /// The scalars compared: lower-cased unless case-sensitive.
    let runes: [UInt32]
    /// The same as UTF-8 (the byte scans' form).
    let pattern: [UInt8]
    /// Per pattern byte: 0x20 when the text byte is OR-ed with it before
    /// comparing (an ASCII letter in a case-insensitive term), else 0.
    let masks: [UInt8]
    /// Whether the pattern is all ASCII.
    let ascii: Bool
    /// Every pattern scalar is its own fold (`FzfAlgo.fold`), so a text
    /// scalar equal to it matches it: the pattern found in an item's bytes
    /// as they are is a match (`FilterMatcher.surelyMatches`).
    let raw: Bool
  }

  /// The query as typed.
  public let text: String
  /// AND of OR-groups.
  public let groups: [[Term]]
  public let options: MatchOptions
  public var literal: Bool { options.literal }

  public init(_ text: String, literal: Bool = false) {
    self.init(text, options: MatchOptions(literal: literal))
  }

  public init(_ text: String, options: MatchOptions) {
    self.text = text
    self.options = options
    groups = Self.parse(text, options)
  }

  /// True when nothing is filtered out (an empty or all-blank query).
  public var isEmpty: Bool { groups.isEmpty }

  /// Every term, group after group: how `FilterMatcher` numbers them.
  var terms: [Term] { Array(groups.joined()) }

  /// The plan (see `FilterMatcher`) asking every group of `terms`.
  var plan: [Int32] {
    var plan: [Int32] = []
    var next: Int32 = 0
    for group in groups {
      plan.append(Int32(group.count))
      for _ in group {
        plan.append(next)
        next += 1
      }
    }
    return plan
  }

  /// Whether `text` on its own satisfies every group (a term of it found,
  /// or a negated one not found); an empty query is satisfied by nothing.
  /// The rule `/` applies to section titles, and the reference for items.
  public func matches(_ text: String) -> Bool {
    !isEmpty && FilterMatcher(terms: terms, options: options).satisfies(text, plan: plan)
  }

  /// fzf ranks only when some term is not negated.
  var isSortable: Bool { groups.contains { $0.contains { !$0.inverse } } }

  /// Whether every item matching `next` also matches `self`, so `next` can
  /// filter only the survivors of `self` (typing more at the end of a term,
  /// or adding an AND term). Conservative: false when unsure (a new `|`, a
  /// negation, a suffix being extended).
  public func isNarrowed(by next: FilterQuery) -> Bool {
    guard options == next.options, !isEmpty, next.text.hasPrefix(text), next.groups.count >= groups.count else {
      return false
    }
    for (old, new) in zip(groups, next.groups) {
      guard old.count == new.count else { return false }
      for (a, b) in zip(old, new) where a != b {
        guard !a.inverse, !b.inverse, b.text.hasPrefix(a.text), !(a.caseSensitive && !b.caseSensitive),
          a.normalize || !b.normalize
        else {
          return false
        }
        switch a.kind {
        case .fuzzy: continue
        case .exact: if b.kind == .fuzzy { return false }
        case .prefix: if b.kind != .prefix && b.kind != .equal { return false }
        case .boundary, .suffix, .equal: return false
        }
      }
    }
    return true
  }

  /// fzf's `parseTerms`: blanks trimmed (a trailing `\ ` kept), split at
  /// runs of spaces, `\ ` a space inside a term.
  static func parse(_ text: String, _ options: MatchOptions) -> [[Term]] {
    var scalars = Array(text.unicodeScalars)
    while scalars.first == " " { scalars.removeFirst() }
    while scalars.last == " " && !(scalars.count >= 2 && scalars[scalars.count - 2] == "\\") { scalars.removeLast() }
    // Tokens: "\ " is a space that does not split (fzf turns it into a tab,
    // then every tab of the token into a space).
    var tokens: [[UInt32]] = [[]]
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if c == "\\" && i + 1 < scalars.count && scalars[i + 1] == " " {
        tokens[tokens.count - 1].append(0x20)
        i += 2
        continue
      }
      if c == " " {
        if !tokens[tokens.count - 1].isEmpty { tokens.append([]) }
      } else {
        tokens[tokens.count - 1].append(c == "\t" ? 0x20 : c.value)
      }
      i += 1
    }
    var sets: [[Term]] = []
    var set: [Term] = []
    var switchSet = false
    var afterBar = false
    for token in tokens {
      let (term, bar) = term(token, options, barAllowed: !set.isEmpty && !afterBar)
      afterBar = bar
      if bar { switchSet = false }
      guard let term else { continue }
      if switchSet {
        sets.append(set)
        set = []
      }
      set.append(term)
      switchSet = true
    }
    if !set.isEmpty { sets.append(set) }
    return sets
  }

  /// One token with fzf's operator rules: (nil, true) for an OR bar, (nil,
  /// false) when only operators remain.
  static func term(_ token: [UInt32], _ options: MatchOptions, barAllowed: Bool) -> (Term?, Bool) {
    let lowered = token.map(FzfAlgo.lower)
    let caseSensitive = options.caseMode == .respect || options.caseMode == .smart && lowered != token
    let normalize = !options.literal && !lowered.contains { FzfNormalize.fold($0) != $0 }
    var text = caseSensitive ? token : lowered
    if barAllowed && text == [0x7C] { return (nil, true) }
    var kind: Kind = options.exact ? .exact : .fuzzy
    var inverse = false
    if text.first == 0x21 {
      inverse = true
      kind = .exact
      text.removeFirst()
    }
    if text != [0x24], text.last == 0x24 {
      kind = .suffix
      text.removeLast()
    }
    if text.count > 2 && text.first == 0x27 && text.last == 0x27 {
      kind = .boundary
      text = Array(text.dropFirst().dropLast())
    } else if text.first == 0x27 {
      kind = !options.exact && !inverse ? .exact : .fuzzy
      text.removeFirst()
    } else if text.first == 0x5E {
      kind = kind == .suffix ? .equal : .prefix
      text.removeFirst()
    }
    guard !text.isEmpty else { return (nil, false) }
    if normalize { text = text.map(FzfNormalize.fold) }
    let ascii = text.allSatisfy { $0 < 0x80 }
    // UTF-8 made at once: a scalar at a time onto a `String` was a third
    // of typing a long query (each key parses all of it).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    for value in text {
      if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { bytes.append($0) } }
    }
    let display = String(decoding: bytes, as: UTF8.self)
    return (
      Term(
        kind: kind, inverse: inverse, text: display, caseSensitive: caseSensitive, normalize: normalize,
        runes: text, pattern: bytes,
        masks: bytes.map { !caseSensitive && ($0 | 0x20) &- 0x61 < 26 ? UInt8(0x20) : 0 }, ascii: ascii,
        raw: text.allSatisfy { FzfAlgo.fold($0, caseSensitive, normalize) == $0 }),
      false
    )
  }
}

/// fzf's `--height N[%]`: the screen is drawn in that many rows below the
/// shell prompt instead of on the alternate screen.
public enum InlineHeight: Equatable, Sendable {
  case rows(Int)
  case percent(Int)
  /// fzf's `-N`: the terminal's height less N rows.
  case allBut(Int)

  /// fzf's `--min-height` default: a percentage never gives fewer rows.
  public static let minimumRows = 10

  /// Parses `N` (rows, at least 1), `N%` (1…100) or `-N` (the terminal's
  /// height less N, as fzf reads it). fzf's adaptive `~N` is refused by
  /// name, anything else as a bad value.
  public static func parse(_ text: String) throws(UsageError) -> InlineHeight {
    if text.hasPrefix("~") {
      throw UsageError("--height '\(text)': adaptive ~HEIGHT is not supported in this version (use N or N%)")
    }
    if text.hasPrefix("-"), text.count > 1, text.dropFirst().utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let n = Int(text.dropFirst())
    {
      return .allBut(n)
    }
    let percent = text.hasSuffix("%")
    let digits = percent ? text.dropLast() : Substring(text)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(digits),
      n >= 1, !percent || n <= 100
    else {
      throw UsageError(
        "invalid value '\(text)' for --height (expected N rows, N% of the terminal or -N for all but N rows, N ≥ 1)")
    }
    return percent ? .percent(n) : .rows(n)
  }

  /// The rows the screen takes on a terminal `terminalHeight` rows high:
  /// never more than the terminal, a percentage never under `minimumRows`,
  /// and at least 1. Kept through resizes (N rows, or N% of the new height).
  public func rows(terminalHeight: Int) -> Int {
    let wanted: Int
    switch self {
    case .rows(let n): wanted = n
    case .percent(let p): wanted = max(Self.minimumRows, terminalHeight * p / 100)
    case .allBut(let n): wanted = terminalHeight - n
    }
    return max(1, min(terminalHeight, wanted))
  }
}

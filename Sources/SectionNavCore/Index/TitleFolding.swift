import Foundation

/// Case- and accent-insensitive keys for titles, so `é`, `E` and `e` meet in
/// the index and in type-ahead.
public enum TitleFolding {
  /// `text` folded: diacritics removed, lowercased.
  public static func fold(_ text: some StringProtocol) -> String {
    String(text).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .lowercased()
  }

  /// The index letter a title files under: its folded first letter in upper
  /// case (`É` → `E`, other scripts keep their own letter), `#` for digits,
  /// symbols and empty or blank titles.
  public static func initial(of title: String) -> String {
    guard let first = title.first(where: { !$0.isWhitespace }) else { return "#" }
    guard first.isLetter else { return "#" }
    let folded = fold(String(first))
    return folded.isEmpty ? "#" : folded.uppercased()
  }
}

import Foundation

/// Case- and accent-insensitive keys for titles, so `é`, `E` and `e` meet in
/// the index and in type-ahead, and letters without a decomposition (`ø`,
/// `ł`, `ß`) fold to the Latin letter they file under in the index.
public enum TitleFolding {
  /// `text` folded: diacritics removed, lowercased.
  public static func fold(_ text: some StringProtocol) -> String {
    let folded = String(text).folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    ).lowercased()
    guard folded.unicodeScalars.contains(where: { $0.value >= 0xC0 }) else { return folded }
    var out = String.UnicodeScalarView()
    for s in folded.unicodeScalars {
      if let latin = Initials.latinWithoutDecomposition[s.value] {
        out.append(contentsOf: latin.lowercased().unicodeScalars)
      } else {
        out.append(s)
      }
    }
    return String(out)
  }
}

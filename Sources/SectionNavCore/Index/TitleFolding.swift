import Foundation

/// Case- and accent-insensitive keys for titles, so `é`, `E` and `e` meet in
/// the index and in type-ahead.
public enum TitleFolding {
  /// `text` folded: diacritics removed, lowercased.
  public static func fold(_ text: some StringProtocol) -> String {
    String(text).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .lowercased()
  }
}

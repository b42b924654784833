/// The labels the index column shows for section titles (`--index-labels`,
/// a demo's symbols). A title is found by its scalars, as the data's keys
/// are (`ExactName`): NFC `é` and NFD `e\u{301}` are two sections, so a
/// label for one is not a label for the other.
public struct IndexLabels: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  private var byTitle: [ExactName: String] = [:]

  public init() {}

  /// `pairs` in order; a title given twice keeps its last label (as jq keeps a repeated key's last value).
  public init(_ pairs: some Sequence<(String, String)>) {
    for (title, label) in pairs { byTitle[ExactName(title)] = label }
  }

  public init(dictionaryLiteral pairs: (String, String)...) { self.init(pairs) }

  /// The label for `title`, if it has one.
  public subscript(_ title: String) -> String? {
    get { byTitle[ExactName(title)] }
    set { byTitle[ExactName(title)] = newValue }
  }

  /// The titles that have labels, in no particular order.
  public var titles: [String] { byTitle.keys.map(\.text) }

  public var isEmpty: Bool { byTitle.isEmpty }
}

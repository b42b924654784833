/// What would open a JSON document that is not sectioned data, for the end
/// of its error (issue 24: "any other document says exactly what it found
/// and what would open it"). `c` is the first byte of the value found.
enum ShapeHint {
  /// A number, string, boolean or null alone at the top.
  static let lone = "; one value, no list (--lines shows the text as a line)"

  /// A member of the top object that is not an array of items.
  static func member(_ title: String, _ c: UInt8) -> String {
    c == 0x7B
      ? "; --path '\(key(title)).KEY' selects an array inside it, --path '\(key(title))[]' lists its values"
      : "; --path .KEY selects the array under KEY, --path '.[]' lists the object's values"
  }

  /// An element of the top array that is not a section object.
  static func element(_ c: UInt8) -> String {
    c == 0x5B
      ? "; --path '.[][]' lists the inner arrays' items as one list"
      : "; --path '.[]' lists every element as an item (--group-by FIELD for sections)"
  }

  /// `title` as a jq path step: `.name`, or `."a key"`.
  static func key(_ title: String) -> String {
    let scalars = Array(title.unicodeScalars)
    let plain =
      !scalars.isEmpty
      && scalars.indices.allSatisfy { JSONPath.isIdentifier(scalars[$0], first: $0 == 0) }
    return plain ? "." + title : "." + JSONText.quoted(title)
  }
}

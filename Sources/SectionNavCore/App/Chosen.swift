/// Formats chosen items per `--print` (and `--print0`); sanitised when
/// standard output is a terminal. Items are of the full data (`dataList`).
public struct Chosen: Sendable {
  public let format: PrintFormat
  /// "\n", or NUL under `--print0`.
  public var terminator = "\n"
  /// Control characters shown as pictures: standard output is a terminal.
  public var sanitize = false

  public init(format: PrintFormat, terminator: String = "\n", sanitize: Bool = false) {
    self.format = format
    self.terminator = terminator
    self.sanitize = sanitize
  }

  /// `format` overrides `--print` (a `print(FORMAT)` action chose the item).
  /// An item that the output cannot represent — a NUL under `--print0`,
  /// which would split it into two names for `xargs -0` — is an error,
  /// never something else written in its place.
  public func text(_ list: SectionedList, section: Int, item: Int, format: PrintFormat? = nil) throws(Failure) -> String
  {
    let format = format ?? self.format
    let line = format.render(
      section: list.title(section), item: list.itemText(section: section, item: item), index: item,
      json: format.usesJSON ? list.itemJSON(section: section, item: item) : "")
    if terminator == "\0" && line.utf8.contains(0) { throw Self.holdsNUL(list, section: section, item: item) }
    return (sanitize ? TextSanitizer.visible(line) : line) + terminator
  }

  /// Marked items (`--multi`), in the order given: all of them or, when one
  /// cannot be printed, none.
  public func text(_ list: SectionedList, items: [ChosenItem], format: PrintFormat? = nil) throws(Failure) -> String {
    var out = ""
    for chosen in items { out += try text(list, section: chosen.section, item: chosen.item, format: format) }
    return out
  }

  /// The error for an item that `--print0` cannot print: the item holds
  /// a NUL, or else its section's title does (`{section}`).
  public static func holdsNUL(_ list: SectionedList, section: Int, item: Int) -> Failure {
    let at = "--print0 cannot print item \(item) of section '\(list.title(section))'"
    guard list.itemText(section: section, item: item).utf8.contains(0) else {
      return Failure(at + ": the section's title holds a NUL byte")
    }
    return Failure(at + ": it holds a NUL byte (--print json escapes it as \\u0000)")
  }
}

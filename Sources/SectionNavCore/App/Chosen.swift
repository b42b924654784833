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
  /// To a terminal the line is sanitised; anywhere else an item's bytes
  /// are written as the data holds them (`SectionedList.appendItemText`).
  public func text(_ list: SectionedList, section: Int, item: Int, format: PrintFormat? = nil) throws(Failure)
    -> [UInt8]
  {
    let format = format ?? self.format
    let json = format.usesJSON ? list.itemJSON(section: section, item: item) : ""
    if sanitize {
      let line = format.render(
        section: list.title(section), item: list.itemText(section: section, item: item), index: item, json: json)
      if terminator == "\0" && line.utf8.contains(0) { throw Self.holdsNUL(list, section: section, item: item) }
      return Array((TextSanitizer.visible(line) + terminator).utf8)
    }
    let ordinal = list.sections[section].firstItem + item
    let line = format.bytes(
      section: list.title(section), item: { list.appendItemText(ordinal: ordinal, to: &$0) }, index: item, json: json)
    if terminator == "\0" && line.contains(0) { throw Self.holdsNUL(list, section: section, item: item) }
    return line + terminator.utf8
  }

  /// Marked items (`--multi`), in the order given: all of them or, when one
  /// cannot be printed, none.
  public func text(_ list: SectionedList, items: [ChosenItem], format: PrintFormat? = nil) throws(Failure) -> [UInt8] {
    var out: [UInt8] = []
    for chosen in items { out += try text(list, section: chosen.section, item: chosen.item, format: format) }
    return out
  }

  /// The error for an item that `--print0` cannot print: the item holds
  /// a NUL, or else its section's title does (`{section}`). Items are
  /// counted from 1, as the status line counts them.
  public static func holdsNUL(_ list: SectionedList, section: Int, item: Int) -> Failure {
    let at = "--print0 cannot print item \(item + 1) of section '\(list.title(section))'"
    guard list.itemText(section: section, item: item).utf8.contains(0) else {
      return Failure(at + ": the section's title holds a NUL byte")
    }
    return Failure(at + ": it holds a NUL byte (--print json escapes it as \\u0000)")
  }
}

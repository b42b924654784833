/// A field that the options name (`--group-by`, `--item-field`,
/// `--item-format`) and no item has is a mistake — a typo such as `{nmae}` —
/// not a list of blank rows, of whole objects, or of items all under
/// `(none)` (issue 24 #8). Each field is looked up in the object items only
/// until one has it, so a correct name costs one lookup.
struct FieldCheck {
  typealias Pointer = UnsafePointer<UInt8>

  /// The fields no object item has had so far, with the option naming each.
  private(set) var unseen: [(option: String, field: FieldPath)]
  /// Where the first object item is (its fields are named in the error).
  private var firstObject: (offset: Int, length: Int)?

  init(_ options: LoadOptions) {
    var unseen: [(String, FieldPath)] = []
    if case .field(let f) = options.groupBy { unseen.append(("--group-by", f)) }
    // `--item-field`'s one key (`a`, or `a.b` from `."a.b"`): as a bare name when it reads as itself.
    if let name = options.itemField, let f = FieldPath.key(name) { unseen.append(("--item-field", f)) }
    for f in options.itemFormat?.fields ?? [] where !unseen.contains(where: { $0.1 == f }) {
      unseen.append((options.itemFormatOption, f))
    }
    self.unseen = unseen
  }

  /// Notes the item at `p` (`offset` in the input).
  @inline(__always)
  mutating func note(_ p: Pointer, _ length: Int, offset: Int) {
    guard !unseen.isEmpty, length > 0, p.pointee == 0x7B else { return }
    // The first in the input (sectioned JSON's items come section by section).
    if firstObject.map({ offset < $0.offset }) ?? true { firstObject = (offset, length) }
    unseen.removeAll { JSONValueText.lookup($0.field, in: p, length) != nil }
  }

  /// Takes in what the scan of the items after these saw (`ItemSplit`):
  /// a field is unseen when neither part had it.
  mutating func merge(_ later: FieldCheck) {
    unseen.removeAll { mine in !later.unseen.contains { $0.field == mine.field } }
    if firstObject == nil { firstObject = later.firstObject }
  }

  /// The error for the first field no item had, given the input's base;
  /// nil when every field was found, or there were no items to look in.
  func failure(base: Pointer, items: Int) -> SyntaxFailure? {
    guard items > 0, let (option, field) = unseen.first else { return nil }
    let fields: String
    if let first = firstObject {
      let names = JSONValueText.memberNames(in: base + first.offset, first.length)
      fields =
        names.isEmpty
        ? "the first object item has none"
        : "fields of the first object item: "
          + names.prefix(20).map { JSONText.quoted($0) }.joined(separator: ", ")
    } else {
      fields = "no item is an object"
    }
    return SyntaxFailure(
      offset: firstObject?.offset ?? 0,
      message: "\(option): no item has the field \(JSONText.quoted(field.text)) (\(fields))")
  }
}

extension SectionedList {
  /// Sectioned JSON as `--item-field` and `--item-format` show it: the
  /// template applied, and a field no object item has is the error it is
  /// for item data, not rows of whole objects or of blanks. Its items are
  /// looked in until one has every field: once, for a correct name.
  public func showingFields(_ options: LoadOptions) throws(LoadError) -> SectionedList {
    guard case .json(let items) = store else { return self }
    var check = FieldCheck(options)
    let ranges = items.ranges
    var i = 0
    while !check.unseen.isEmpty && i < ranges.count {
      check.note(items.buffer.base + ranges.offset(i), ranges.length(i), offset: ranges.offset(i))
      i += 1
    }
    if let failure = check.failure(base: items.buffer.base, items: ranges.count) {
      throw TextPosition.error(.field, in: items.buffer, at: failure.offset, failure.message)
    }
    return options.itemFormat.map { showing($0) } ?? self
  }
}

extension JSONValueText {
  /// The member names of the object at `p`, in order (a repeated name once).
  static func memberNames(in p: UnsafePointer<UInt8>, _ length: Int) -> [String] {
    var names: [String] = []
    for member in Members(UnsafeBufferPointer(start: p, count: length)) {
      let name = unescape(p + member.key.lowerBound, member.key.count)
      if !names.contains(where: { $0.sameScalars(as: name) }) { names.append(name) }
    }
    return names
  }
}

extension ItemTemplate {
  /// The fields the template names, in order.
  var fields: [FieldPath] {
    pieces.compactMap { if case .field(let f) = $0 { f } else { nil } }
  }
}

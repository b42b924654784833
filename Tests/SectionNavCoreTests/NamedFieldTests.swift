import Foundation
import Testing

@testable import SectionNavCore

/// No silent mistakes with field names (issue 24 #8, issue 26 #14): a field
/// no item has, a field name that cannot mean what it says and unsupported
/// `--item-format` syntax are errors, not blank rows or everything filed
/// under `(none)`.
@Suite struct NamedFieldTests {
  func load(_ text: String, groupBy: String? = nil, itemFormat: String? = nil, format: LoadOptions.Format = .json)
    throws -> SectionedList
  {
    var o = LoadOptions()
    o.groupBy = try groupBy.map { try GroupBy(option: $0) }
    o.itemFormat = try itemFormat.map { try ItemTemplate($0) }
    o.format = format
    return try ItemLoader.load(ByteBuffer(string: text), options: o).list
  }

  static let countries = #"[{"name": "France", "k": null}, {"name": "Germany", "alpha_2": "DE"}]"#

  @Test func aFieldNoItemHasIsAnErrorNamingTheFieldsSeen() throws {
    #expect(
      throws: LoadError(
        .field, line: 1, column: 2,
        #"--group-by: no item has the field "nmae" (fields of the first object item: "name", "k")"#)
    ) { try load(Self.countries, groupBy: "nmae") }
    #expect(
      throws: LoadError(
        .field, line: 1, column: 2,
        #"--item-format: no item has the field "nmae" (fields of the first object item: "name", "k")"#)
    ) { try load(Self.countries, groupBy: "name", itemFormat: "{nmae}") }
    #expect(
      throws: LoadError(.field, line: 1, column: 1, #"--group-by: no item has the field "k" (no item is an object)"#)
    ) {
      try load(#"["a", "b"]"#, groupBy: "k")
    }
    #expect(
      throws: LoadError(.field, line: 1, column: 1, #"--item-format: no column "nmae" (columns: "name", "code")"#)
    ) { try load("name,code\nFrance,FR\n", itemFormat: "{nmae}", format: .csv) }
  }

  /// A name is its scalars, as jq's keys and Python's `csv` columns are:
  /// NFD `e\u{301}` in the data is not the NFC `é` an option names, in a
  /// CSV header, a JSON field shown (`--item-format`) or a field jq's
  /// evaluation takes (`--path` with a negative index).
  @Test func namesThatOnlyLookAlikeAreNotTheSameName() throws {
    let nfd = "e\u{301}"
    #expect(
      throws: LoadError(.field, line: 1, column: 1, "--item-format: no column \"é\" (columns: \"\(nfd)\", \"x\")")
    ) { try load("\(nfd),x\nnfd,1\n", itemFormat: "{é}", format: .csv) }
    let csv = try load("\(nfd),x\nnfd,1\n", itemFormat: "{\(nfd)} {x}", format: .csv)
    #expect(csv.itemText(section: 0, item: 0) == "nfd 1")
    // Two columns, two names in the record as JSON (Python's `DictReader` has two keys).
    let record = try load("\(nfd),é\n1,2\n", format: .csv).itemJSON(section: 0, item: 0)
    #expect(Array(record.unicodeScalars) == Array("{\"\(nfd)\":\"1\",\"é\":\"2\"}".unicodeScalars))
    let objects = #"[{"é": "nfc", "x": 1}, {"e\u0301": "nfd escaped", "x": 2}, {"\#(nfd)": "nfd", "x": 3}]"#
    let shown = try load(objects, itemFormat: "{x}: {é}")
    #expect((0..<3).map { shown.itemText(section: 0, item: $0) } == ["1: nfc", "2: ", "3: "])
    var options = LoadOptions()
    options.path = try JSONPath(".[-1][]")
    let both = try ItemLoader.load(ByteBuffer(string: #"[{"é": 1, "\#(nfd)": 2}]"#), options: options).list
    #expect(both.itemCount == 2)
  }

  /// A field that some item has — even as null, or only in a later item —
  /// is fine; so is an input with no items at all.
  @Test func aFieldSomeItemHasLoads() throws {
    #expect(try load(Self.countries, groupBy: "k").sections.map(\.title) == ["(none)"])
    #expect(try load(Self.countries, groupBy: "alpha_2").sections.map(\.title) == ["DE", "(none)"])
    #expect(try load(Self.countries, itemFormat: "{name} {alpha_2}").sectionCount == 1)
    #expect(try load("[]", groupBy: "nmae").sectionCount == 0)
    #expect(try load("", groupBy: "x", format: .csv).sectionCount == 0)
  }

  @Test(arguments: [
    ("g.", "--group-by: empty key in the field 'g.'"),
    ("g..z", "--group-by: empty key in the field 'g..z'"),
    ("\"g\"", "--group-by: '\"' in the field '\"g\"'"),
    ("g[0]", "--group-by: '[' in the field 'g[0]': an element is written .a[0]"),
    // A jq-style field's error names the field, not `--path`, which was not given.
    (".a.", "--group-by: invalid field '.a.' at character 4: expected a key after '.'"),
  ])
  func fieldNamesThatCannotMeanWhatTheySayAreUsageErrors(field: String, message: String) {
    let error = #expect(throws: UsageError.self) { try GroupBy(option: field) }
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
  }

  /// `--item-field` is checked as `--group-by` is, and named in its errors
  /// (a plain name once fell back to whole objects, a dotted one was blamed
  /// on `--item-format`).
  @Test func itemFieldIsCheckedAsTheOtherFieldOptionsAre() throws {
    func load(itemField: String) throws -> SectionedList {
      var c = try OptionParser.parse(arguments: ["--item-field", itemField], environment: [:])
      c.file = "items.json"
      return try ItemLoader.load(ByteBuffer(string: Self.countries), options: LoadOptions(c)).list
    }
    // (`.nmae` is the key `nmae`, named so.)
    for (field, named) in [("nmae", "nmae"), (".nmae", "nmae"), ("a.nmae", "a.nmae")] {
      #expect(
        throws: LoadError(
          .field, line: 1, column: 2,
          "--item-field: no item has the field \"\(named)\" (fields of the first object item: \"name\", \"k\")")
      ) { try load(itemField: field) }
    }
    #expect(try load(itemField: "name").itemText(section: 0, item: 1) == "Germany")
    #expect(try load(itemField: ".name").itemText(section: 0, item: 0) == "France")
    for (field, message) in [
      ("g.", "--item-field: empty key in the field 'g.'"), ("", "--item-field: empty field name"),
      ("g[0]", "--item-field: '[' in the field 'g[0]'"),
    ] {
      let error = #expect(throws: UsageError.self) {
        try OptionParser.parse(arguments: ["--item-field", field], environment: [:])
      }
      #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }
  }

  /// Sectioned JSON is checked too (it showed whole objects, or rows of
  /// nothing but a template's text): the fields named are those of the
  /// first object item in the input, not of the first section as sorted.
  @Test func sectionedDataIsCheckedAsItemDataIs() throws {
    // A title repeated: its sections merge, and the items are laid out again section by section.
    let text = "{\"zeta\": [\"plain\", {\"b\": 1}],\n \"alpha\": [{\"a\": 2, \"name\": \"A\"}], \"zeta\": [3]}"
    func load(itemField: String? = nil, itemFormat: String? = nil) throws -> SectionedList {
      var o = LoadOptions(itemField: itemField)
      o.itemFormat = try itemFormat.map { try ItemTemplate($0) }
      return try JSONIndexer.load(ByteBuffer(string: text), options: o).showingFields(o)
    }
    #expect(
      throws: LoadError(
        .field, line: 1, column: 20,
        #"--item-field: no item has the field "nmae" (fields of the first object item: "b")"#)
    ) { try load(itemField: "nmae") }
    #expect(
      throws: LoadError(
        .field, line: 1, column: 20,
        #"--item-format: no item has the field "nmae" (fields of the first object item: "b")"#)
    ) { try load(itemFormat: "{nmae}!") }
    // One object item having it is enough, as for item data.
    #expect(try load(itemField: "name").itemText(section: 0, item: 0) == "A")
    #expect(try load(itemFormat: "<{name}>").itemText(section: 1, item: 1) == "<>")
    #expect(try load(itemField: "name").itemCount(1) == 3)
  }

  @Test func unsupportedItemFormatSyntaxIsAnErrorAtItsBrace() {
    let error = #expect(throws: UsageError.self) { try ItemTemplate("x {name:>20}") }
    #expect(error?.message.hasPrefix("in --item-format 'x {name:>20}' at column 3: ':' in the field") == true)
    // jq-style keys still reach any name.
    #expect(throws: Never.self) { try ItemTemplate(#"{."a:b"} {."g[0]"} {.g[0]}"#) }
  }

  /// `{flag} {name}`: the flag emoji is skipped for the letter after it.
  @Test func aLeadingEmojiFilesUnderTheLetterAfterIt() throws {
    #expect(Initials.of("🇫🇷 France") == "F")
    #expect(Initials.of("❤️ love") == "L")
    #expect(Initials.of("🍎") == "#")
    #expect(Initials.of("1 one") == "#")
    #expect(Initials.of("#tag") == "#")
    let list = try load(
      #"[{"flag": "🇫🇷", "name": "France"}, {"flag": "🇩🇪", "name": "Germany"}, {"flag": "🇫🇮", "name": "Finland"}]"#,
      groupBy: "initial", itemFormat: "{flag} {name}")
    #expect(list.sections.map(\.title) == ["F", "G"])
    let lines = LineInput.load(ByteBuffer(string: "🇫🇷 France\n🇩🇪 Germany\n🍎\n"), delimiter: nil, keepOrder: false)
    #expect(lines.sections.map(\.title) == ["F", "G", "#"])
  }

  @Test func crOnlyJSONLinesSaySo() {
    let error = #expect(throws: LoadError.self) { try load("1\r2\r3\r", format: .jsonLines) }
    #expect(error?.message.hasSuffix("(one value per line; lines end with LF or CRLF, not CR alone)") == true)
  }

  @Test func aPreviewSizeTooLargeIsNamedSo() {
    let error = #expect(throws: UsageError.self) { try PreviewWindow("right:99999999999999999999%") }
    #expect(
      error?.message
        == "invalid --preview-window 'right:99999999999999999999%': size '99999999999999999999%' is too large")
  }
}

import Testing

@testable import SectionNavCore

/// The widest row of item data (the horizontal scroll's extent) is measured
/// from the items' bytes by the one width rule (`TextWidth`): exact, the
/// same whatever the order of the items, and without decoding a `String`
/// per row on the way.
@Suite struct RowWidthTests {
  func options(
    format: LoadOptions.Format, groupBy: String? = nil, itemField: String? = nil, itemFormat: String? = nil
  ) throws -> LoadOptions {
    var o = LoadOptions(keepOrder: true, itemField: itemField)
    o.format = format
    o.groupBy = try groupBy.map { try GroupBy(option: $0) }
    o.itemFormat = try itemFormat.map { try ItemTemplate($0) }
    return o
  }

  func rangesOf(_ store: ItemStore) -> PackedRanges? {
    switch store {
    case .json(let j): j.ranges
    case .records(let r): r.ranges
    case .lines(let l): l.ranges
    default: nil
    }
  }

  /// Loads `text`, then checks the list's widest row against every row drawn
  /// (`TextSanitizer.width` of its text), and that measuring it decoded
  /// `decoded` rows.
  func check(
    _ text: String, _ options: LoadOptions, decoded: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let list = try ItemLoader.load(ByteBuffer(string: text), options: options).list
    var reference = 0
    for s in list.sections.indices {
      for i in 0..<list.sections[s].itemCount {
        reference = max(reference, TextSanitizer.width(list.itemText(section: s, item: i)))
      }
    }
    #expect(list.maxItemWidth == reference, sourceLocation: sourceLocation)
    let ranges = try #require(rangesOf(list.store), sourceLocation: sourceLocation)
    var plain = 0
    for i in 0..<ranges.count where ranges.isPlain(i) {
      plain = max(plain, TextSanitizer.width(list.store.text(at: i)))
    }
    let measured = ItemWidth.measureWidest(store: list.store, ranges: ranges, widestPlain: plain) { ranges.isPlain($0) }
    #expect(measured.cells == reference, sourceLocation: sourceLocation)
    #expect(measured.decoded == decoded, sourceLocation: sourceLocation)
  }

  /// No load path decodes a `String` per item (issue 22): group keys once
  /// per distinct key, initials once per leading letter, rows only when
  /// their width needs grapheme breaking.
  @Test func loadingDecodesNoStringPerItem() throws {
    var events = ""
    for n in 0..<3000 {
      events +=
        "{\"level\": \"\(["info", "warn", "error"][n % 3])\", \"msg\": \"café \\\"\(n)\\\" 中\", "
        + "\"user\": {\"name\": \"zoë \(n % 7)\"}}\n"
    }
    var csv = "id,name,country,note\n"
    for n in 0..<3000 { csv += "\(n),\"Zoë, \(n)\",\(["Česko", "France"][n % 2]),\"said \"\"hi\"\"\"\n" }
    // Rows that start with a letter outside ASCII (an escape after it), for `--group-by initial`.
    let names = ["Émile", "Øster", "中文", "Жук"]
    var initialEvents = ""
    var initialStrings: [String] = []
    var initialCSV = "id,name\n"
    for n in 0..<3000 {
      initialEvents += "{\"msg\": \"\(names[n % 4]) \\\"\(n)\\\"\"}\n"
      initialStrings.append("\"\(names[n % 4]) \\\"\(n)\\\"\"")
      initialCSV += "\(n),\"\(names[n % 4]), \"\"\(n)\"\"\"\n"
    }
    let initialArray = "[" + initialStrings.joined(separator: ",") + "]"
    // The same names as Python's `json.dumps` writes them: the row starts with an escape.
    let escapedNames = [#"\u00c9mile"#, #"\u00d8ster"#, #"\u4e2d\u6587"#, #"\u0416\u0443\u043a"#]
    let escapedArray =
      "[" + (0..<3000).map { "\"\(escapedNames[$0 % 4]) \\\"\($0)\\\"\"" }.joined(separator: ", ") + "]"
    let escapedEvents = (0..<3000).map { "{\"msg\": \" \(escapedNames[$0 % 4]) \($0)\"}\n" }.joined()
    let cases: [(String, LoadOptions)] = [
      (events, try options(format: .jsonLines, groupBy: "level")),
      (events, try options(format: .jsonLines, groupBy: "user.name", itemField: "msg")),
      (events, try options(format: .jsonLines, itemFormat: "{level} {user.name}: {msg}")),
      (csv, try options(format: .csv)),
      (csv, try options(format: .csv, groupBy: "country", itemFormat: "{name} ({note})")),
      (initialEvents, try options(format: .jsonLines, groupBy: "initial", itemField: "msg")),
      (initialArray, try options(format: .json, groupBy: "initial")),
      (escapedArray, try options(format: .json, groupBy: "initial")),
      (escapedEvents, try options(format: .jsonLines, groupBy: "initial", itemField: "msg")),
      (initialCSV, try options(format: .csv, groupBy: "initial", itemField: "name")),
      // The row starts with the template's first field: its bytes give the initial.
      (initialCSV, try options(format: .csv, groupBy: "initial", itemFormat: "{name} #{id}")),
    ]
    for (text, o) in cases {
      let buffer = ByteBuffer(string: text)
      var stream = ItemStream(buffer: buffer, options: o)
      defer { stream.release() }
      try stream.advance(available: buffer.count, eof: true)
      let list = stream.list()
      #expect(list.itemCount == 3000)
      // The widest row as the load measured it (as each scan filed its items).
      let widest = stream.widestRow
      #expect(widest.cells == list.maxItemWidth)
      #expect(stream.decodedStrings + widest.decoded <= list.sectionCount, "\(o)")
      // Found from bytes, each row's initial is still the one its text shows.
      if o.groupBy == .initial {
        for section in list.sections {
          for i in section.firstItem..<section.firstItem + section.itemCount {
            #expect(Initials.of(list.store.text(at: i)) == section.title, "\(o)")
          }
        }
      }
    }
  }

  static let events = [
    #"{"level": "info", "msg": "connexion établie \"ok\" 中文", "user": {"id": 1, "name": "zoë"}}"#,
    #"{"level": "warn", "msg": "données übergröße\ttab \u00e9\u4e2d", "user": {"id": 22, "name": "ana"}}"#,
    #"{"level": "info", "msg": "a much longer message, naïve café jalapeño straße", "user": null}"#,
    #"{"level": "error", "msg": "ctrl \u001b[31m esc", "user": {"id": 3, "name": "\u00c5sa"}}"#,
  ]

  @Test(arguments: [false, true]) func jsonLinesRowsAreMeasuredFromBytes(reversed: Bool) throws {
    let lines = (reversed ? Self.events.reversed() : Self.events).joined(separator: "\n") + "\n"
    try check(lines, options(format: .jsonLines, groupBy: "level"))
    try check(lines, options(format: .jsonLines, groupBy: "level", itemField: "msg"))
    try check(lines, options(format: .jsonLines, itemFormat: "{level} — {msg} ({user.name})"))
    try check(lines, options(format: .jsonLines, groupBy: "user.name", itemField: "user"))
  }

  static let records = [
    #"1,Zoë,Österreich,"said ""hi, 1"", left""#, "2,\"Ana, Jr\",Česko,plain note",
    "3,Łukasz,Polska,\"two\nlines 中文\"", "4,Sam,,\"x\"",
  ]

  @Test(arguments: [false, true]) func csvRowsAreMeasuredFromBytes(reversed: Bool) throws {
    let rows = ["id,name,country,note"] + (reversed ? Self.records.reversed() : Self.records)
    let text = rows.joined(separator: "\n") + "\n"
    try check(text, options(format: .csv))
    try check(text, options(format: .csv, groupBy: "country", itemField: "note"))
    try check(text, options(format: .csv, groupBy: "country", itemFormat: "{name} «{note}» {id}"))
    // More fields than `RecordCells.shortPlan` holds inline.
    try check(text, options(format: .csv, itemFormat: "{id}{name}{id}{id}{id}{id}{id}{id}: {note} ({country})"))
  }

  @Test func arraysOfObjectsAreMeasuredFromBytes() throws {
    let array =
      #"[{"kind": "a", "name": "thing 1 café \"x\""}, {"kind": "b", "name": "中文 \u00e9"}, {"kind": "a", "n": 1}]"#
    try check(array, options(format: .json, groupBy: "kind", itemField: "name"))
    try check(array, options(format: .json, groupBy: "kind"))
  }

  /// The fields a row shows are found by the scan as it passes them:
  /// nested, repeated (the last wins), under an escaped or non-ASCII key
  /// (then looked up), by index (looked up), missing or null.
  @Test func fieldsFoundByTheScanMeasureAsLookedUp() throws {
    let lines = [
      #"{"level": "info", "user": {"name": "zoë"}, "msg": "short"}"#,
      #"{"level": "warn", "user": {"name": "a much longer name, naïve"}, "user": {"id": 2}, "msg": "x"}"#,
      #"{"level": "error", "msg": "first, and much longer than the rest of them", "msg": "last"}"#,
      #"{"level": "escaped key, wider than the others by far", "user": {"näme": "ä"}, "msg": null}"#,
      #"{"lével": "non-ASCII key", "user": [{"name": "in an array, not a member"}], "msg": {"a": [1, "ü"]}}"#,
      #"{"tags": ["zero", "one, the widest tag of all by a long way"], "msg": "tagged"}"#,
      #""a string item""#, "12345", #"["an", "array"]"#,
    ]
    for order in [lines, lines.reversed()] {
      let text = order.joined(separator: "\n") + "\n"
      try check(text, options(format: .jsonLines, itemField: "msg"))
      try check(text, options(format: .jsonLines, itemField: "level"))
      try check(text, options(format: .jsonLines, itemFormat: "{level} {user.name}: {msg}"))
      try check(text, options(format: .jsonLines, itemFormat: "{msg} {msg} [{level}]"))
      try check(text, options(format: .jsonLines, itemFormat: "{.tags[1]} {msg}"))
      try check(text, options(format: .jsonLines, groupBy: "initial", itemField: "msg"))
    }
  }

  /// Rows taken back are forgotten: a line skipped under `--skip-bad` after
  /// its first items were filed, and the elements of a first array that
  /// turned out to be one of several values.
  @Test func rowsOfItemsTakenBackDoNotCount() throws {
    var o = try options(format: .jsonLines)
    o.skipBad = true
    o.path = try JSONPath(".tags[]")
    let lines = #"{"tags": ["ok", "fine"]}"# + "\n" + #"{"tags": ["a very wide tag that is then taken back", ]}"# + "\n"
    let list = try ItemLoader.load(ByteBuffer(string: lines), options: o).list
    #expect(list.itemCount == 2)
    #expect(list.maxItemWidth == 4)
    let values = #"[{"a": 1}]"# + "\n" + "[2]\n"
    let shown = try ItemLoader.load(
      ByteBuffer(string: values), options: options(format: .json, itemFormat: "{a} and a long literal text")
    ).list
    #expect(shown.itemCount == 2)
    #expect(shown.maxItemWidth == 9)  // `[{"a":1}]`, not the element's row
  }

  /// Only text whose clusters its bytes cannot tell (a mark with nothing
  /// to attach to, Hangul jamo) is decoded — and only when its bound beats
  /// the widest exact row. Marks on letters and emoji sequences are
  /// measured from their bytes (`TextWidth.joinedCells`).
  @Test func onlyTextTheBytesCannotTellIsDecoded() throws {
    let wide = "[\"\\u0301e\\u0301e\\u0301e\\u0301e\\u0301 combining\", \"\u{1F469}\u{200D}\u{1F4BB}\", \"short\"]"
    try check(wide, options(format: .json, groupBy: "initial"), decoded: 1)
    let marks = "[\"e\\u0301e\\u0301e\\u0301e\\u0301e\\u0301 combining\", \"\u{1F469}\u{200D}\u{1F4BB}\", \"हिन्दी\"]"
    try check(marks, options(format: .json, groupBy: "initial"), decoded: 0)
    let narrow = "[\"\u{1100}\u{1161}\", \"a much wider plain row, wider than any bound\"]"
    try check(narrow, options(format: .json, groupBy: "initial"), decoded: 0)
    // Rows only a bound measures (a lone mark each), growing through the
    // file: the widest bound is decoded first and settles the rest. In item
    // order every row was decoded, each beating the rows before it.
    let growing = (1...30).map { "\"\u{301}" + String(repeating: "x", count: $0) + "\"" }
    try check("[" + growing.joined(separator: ",") + "]", options(format: .json, groupBy: "initial"), decoded: 1)
    try check(
      "[" + growing.reversed().joined(separator: ",") + "]", options(format: .json, groupBy: "initial"), decoded: 1)
  }
}

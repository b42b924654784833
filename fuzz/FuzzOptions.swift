@testable import SectionNavCore

/// Fuzzes option combinations (issue 26): the input picks options from the
/// one option table (`OptionTable`, flags and values, allowed values or
/// fuzzed text) plus a FILE name, parses them, checks the combination, and —
/// when both accept — loads a small input in the format the options ask for
/// (JSON, JSON Lines, CSV, TSV or `--lines`, its bytes the rest of the input).
/// Every path must end in a usage error with a message, a load error with a
/// position, or a list: never a trap. A list is then filtered as
/// `--filter-print` does (the query from the options, or the first bytes),
/// split into one and into two parts: empty and near-empty inputs of every
/// format reach the filter this way (issue 25: no section at all used to trap).
/// JSON item data is also loaded by the general scan loop alone (object
/// items have their own): the same list or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let arguments = OptionsFuzz.arguments(&input)
  var configuration: Configuration
  do {
    configuration = try OptionParser.parse(arguments: arguments, environment: [:])
    try configuration.settleCombination()
  } catch {
    require(!error.message.isEmpty, "empty usage error for \(arguments)")
    return 0
  }
  OptionsFuzz.load(input.rest(), configuration)
  return 0
}

enum OptionsFuzz {
  static let options = OptionTable.options.filter { $0.kind != .positional && $0.name != "--help" }
  static let files = ["data.json", "data.jsonl", "data.csv", "data.tsv", "data.txt", "-", "x.ndjson"]
  /// Values that mean something to some option; the rest of the time a value is fuzzed text.
  static let values = [
    "", "name", "a.b", "initial", ".a", ".[]", ".a[]", ".[].name", "{name} ({id})", "{a:>20}", "{", "\\t", ",", "0",
    "-1", "80x24", "A", "C", "sv", "ja", "é", "\u{301}", "'", "\"",
  ]

  /// Up to eight options, a FILE (or none), and `--` now and then.
  static func arguments(_ input: inout FuzzInput) -> [String] {
    var words: [String] = []
    for _ in 0..<input.int(0...8) {
      let option = input.pick(options)
      words.append(option.name)
      if option.kind == .value {
        switch input.int(0...3) {
        case 0 where !option.allowed.isEmpty: words.append(input.pick(option.allowed))
        case 1: words.append(fuzzedText(&input))
        default: words.append(input.pick(values))
        }
      }
    }
    if input.bool() { words.append(input.pick(files)) }
    return words
  }

  static func fuzzedText(_ input: inout FuzzInput) -> String {
    let count = input.int(0...12)
    return String(decoding: (0..<count).map { _ in input.byte() }, as: UTF8.self)
  }

  /// Loads `bytes` as the options say, as the program's loader would
  /// choose: `--lines`, sectioned JSON, or item data.
  static func load(_ bytes: [UInt8], _ configuration: Configuration) {
    if configuration.lines {
      let list = LineInput.load(
        bytes, delimiter: configuration.delimiter, keepOrder: configuration.keepOrder,
        lineEnd: configuration.lineEnd)
      require(list.itemCount <= bytes.count, "more lines than bytes")
      // The widest line, measured as the scan meets it, is the widest as
      // the sanitizer draws the lines, grapheme by grapheme.
      let drawn =
        (0..<list.itemCount).lazy.map {
          TextSanitizer.displayGraphemes(list.store.text(at: $0)).reduce(0) { $0 + $1.width }
        }.max() ?? 0
      require(list.maxItemWidth == drawn, "the scan measures lines \(list.maxItemWidth) cells wide, they draw \(drawn)")
      // Two threads, whatever the size, group the same lines the same way.
      let two = LineInput.load(
        ByteBuffer(bytes), delimiter: configuration.delimiter, keepOrder: configuration.keepOrder, parallel: true,
        lineEnd: configuration.lineEnd, minimumSplitSize: 0)
      require(list.maxItemWidth == two.maxItemWidth, "two threads measure lines otherwise")
      require(list.sections == two.sections, "two threads find other line sections")
      for i in 0..<list.itemCount {
        require(list.store.text(at: i) == two.store.text(at: i), "two threads find other lines")
      }
      // Filed as runs sorted at the end, not in a table: the same list.
      let runs = LineInput.load(
        ByteBuffer(bytes), delimiter: configuration.delimiter, keepOrder: configuration.keepOrder, parallel: true,
        lineEnd: configuration.lineEnd, minimumSplitSize: 0, filing: .runs)
      require(list.maxItemWidth == runs.maxItemWidth, "runs measure lines otherwise")
      require(list.sectionCount == runs.sectionCount, "runs find other line sections")
      for s in 0..<list.sectionCount {
        let same = list.title(s).unicodeScalars.elementsEqual(runs.title(s).unicodeScalars)
        require(same && list.itemCount(s) == runs.itemCount(s), "runs file lines otherwise")
        for i in 0..<list.itemCount(s) {
          require(list.itemText(section: s, item: i) == runs.itemText(section: s, item: i), "runs find other lines")
        }
      }
      filter(list, configuration, bytes)
      return
    }
    let options = LoadOptions(configuration)
    do {
      if options.format == .json && options.path == nil && options.groupBy == nil {
        filter(try JSONIndexer.load(bytes, options: options), configuration, bytes)
      } else {
        let list = try ItemLoader.loadHalves(ByteBuffer(bytes), options: options, parallel: false).result.list
        splitAgrees(bytes, options: options, with: list)
        loopsAgree(bytes, options: options, with: list)
        filter(list, configuration, bytes)
      }
    } catch {
      if options.selectsItems {
        splitAgrees(bytes, options: options, with: nil, failure: error)
        loopsAgree(bytes, options: options, with: nil, failure: error)
      }
      require(error.line >= 1 && error.column >= 1, "load error without a position: \(error)")
      require(!error.message.isEmpty, "load error without a message")
    }
  }

  /// Item data split over two threads (`ItemSplit`, whatever the size) loads
  /// the same list as one thread, or fails with the same error — also when
  /// the first half's thread takes the back of the second's part, or the
  /// second half's thread the front of the first's.
  static func splitAgrees(_ bytes: [UInt8], options: LoadOptions, with one: SectionedList?, failure: LoadError? = nil) {
    agree(one, failure: failure, "two threads") { () throws(LoadError) in
      try ItemLoader.loadHalves(ByteBuffer(bytes), options: options, parallel: true, minimumSplitSize: 0).result.list
    }
    for (help, name) in [(SplitHelp.always, "two threads, a part taken"), (.front, "two threads, a front part taken")] {
      agree(one, failure: failure, name) { () throws(LoadError) in
        try ItemLoader.loadHalves(
          ByteBuffer(bytes), options: options, parallel: true, minimumSplitSize: 0, help: help
        ).result.list
      }
    }
  }

  /// Object items scanned by the general loop alone (`JSONItemScan.objectItems`
  /// off), and CSV/TSV records split by the byte loop alone
  /// (`CSVScan.quickRecords` off), load the same list as through the quick
  /// paths, or fail alike.
  static func loopsAgree(_ bytes: [UInt8], options: LoadOptions, with one: SectionedList?, failure: LoadError? = nil) {
    guard options.format != .lines else { return }
    agree(one, failure: failure, "the general loop") { () throws(LoadError) in
      try ItemLoader.loadHalves(ByteBuffer(bytes), options: options, parallel: false, objectLoop: false).result.list
    }
  }

  /// `other` (named `name`) loads `one`'s list — its widest row, sections
  /// and items — or fails with `failure`.
  static func agree(
    _ one: SectionedList?, failure: LoadError?, _ name: String, other: () throws(LoadError) -> SectionedList
  ) {
    do throws(LoadError) {
      let two = try other()
      guard let one else { return require(false, "one load failed (\(failure!)), \(name) loaded") }
      require(one.maxItemWidth == two.maxItemWidth, "\(name) measure otherwise")
      require(one.sections == two.sections, "\(name) find other sections")
      for i in 0..<one.itemCount {
        require(one.store.text(at: i) == two.store.text(at: i), "\(name) find other items")
      }
    } catch {
      require(failure == error, "\(name) fail otherwise: \(String(describing: failure)) vs \(error)")
    }
  }

  /// `--filter-print`'s run over `list`, in one part and in two: both keep
  /// the same items, and no more than the list has.
  static func filter(_ list: SectionedList, _ configuration: Configuration, _ bytes: [UInt8]) {
    let text = configuration.filterPrint ?? String(decoding: bytes.prefix(3), as: UTF8.self)
    let query = FilterQuery(text, options: configuration.match)
    var counts: [Int] = []
    for parts in [1, 2] {
      let runs = FilterRun.parts(query: query, list: list, sort: configuration.sort ?? false, parts: parts).map {
        var run = $0
        if !run.finishInFileOrder() { _ = run.advance(budget: .max) }
        return run
      }
      counts.append(FilterRun.joined(runs).itemCount)
    }
    require(counts[0] == counts[1], "one part kept \(counts[0]) items, two parts \(counts[1])")
    require(counts[0] <= list.itemCount, "the filter kept more items than the list has")
  }
}

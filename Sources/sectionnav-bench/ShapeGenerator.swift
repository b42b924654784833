import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON people really have, one shape per file, each about `target`
/// bytes: what the whole-process rows of the benchmark load. Streamed to
/// disk in 1 MiB writes. The seed picks the words and numbers and, for the
/// shapes of issue 22 (`issue-*`, `long-short`), the item lengths, the
/// items per section and the order of the sections.
enum Shape: String, CaseIterable {
  /// ASCII items, 20 000 sections whose titles are already in natural order.
  case plain
  /// Items with `\"` and `\\` escapes and raw non-ASCII: `café "1" 中\path …`.
  case escaped
  /// Python's default `json.dumps` output: non-ASCII as `\u` escapes, `", "` and `": "`.
  case uEscapes = "u-escapes"
  /// `json.dumps(indent=2)`: one item per line.
  case pretty
  /// `[{"title": …, "items": […]}, …]` with escaped items.
  case array
  /// Object items `{"name": …, "id": …}` (loaded with and without `--item-field name`).
  case objects
  /// Plain items under 20 000 titles in random order (the sort does work).
  case randomTitles = "random-titles"
  /// Text lines for `--lines`.
  case lines
  /// Issue 22's items, `"amber café \"0\" 中\\path …"` of random length, 20 000 sections in random order.
  case issueItems = "issue-items"
  /// The same items, sections in sorted order.
  case issueSorted = "issue-items-sorted"
  /// The same items pretty-printed (`indent=2`), sections in random order.
  case issuePretty = "issue-pretty"
  /// The same items as an array of sections, in random order.
  case issueArray = "issue-array"
  /// Short items (1–3 words) mixed with long ones (20–400 words, some past 2 KiB), sections in random order.
  case longShort = "long-short"
  /// Object items of random length — an escaped, non-ASCII `name`, a
  /// `kind`, a `tags` array, a nested `dims` object, 1–6 members more —
  /// 20 000 sections in random order (loaded with and without `--item-field name`).
  case issueObjects = "issue-objects"
  /// About 70 bytes a section: one to three plain items under titles
  /// `word N` in random order (the pty rows' "1 M sections", in the table
  /// beside `jq`): per-section costs — titles, sort keys, the sort — rule.
  case manySections = "many-sections"

  static let sections = 20_000

  /// What the row of this shape is called in the table.
  var label: String {
    switch self {
    case .plain: "plain"
    case .escaped: "escaped + non-ASCII (`café \\\"1\\\" 中\\\\path`)"
    case .uEscapes: "`\\u` escapes (Python's default `json.dumps`)"
    case .pretty: "pretty-printed (`indent=2`)"
    case .array: "array of sections, escaped items"
    case .objects: "object items"
    case .randomTitles: "20 000 titles in random order"
    case .lines: "`--lines`"
    case .issueItems: "issue's items (`amber café \\\"0\\\" 中\\\\path`, random length), random order"
    case .issueSorted: "issue's items, sections sorted"
    case .issuePretty: "issue's items, pretty-printed, random order"
    case .issueArray: "issue's items, array of sections, random order"
    case .longShort: "long and short items mixed (to 2.6 KB), random order"
    case .issueObjects: "object items of random length (escaped, non-ASCII, nested), random order"
    case .manySections: "1–3 items a section, titles in random order (about 70 bytes a section)"
    }
  }

  private var isIssue: Bool { [.issueItems, .issueSorted, .issuePretty, .issueArray].contains(self) }
  private var randomOrder: Bool {
    [.randomTitles, .issueItems, .issuePretty, .issueArray, .longShort, .issueObjects, .manySections].contains(self)
  }
  private var isPretty: Bool { self == .pretty || self == .issuePretty }
  private var isArray: Bool { self == .array || self == .issueArray }
  /// Items per section vary with the seed (their mean fills `target`).
  private var randomCounts: Bool { isIssue || self == .longShort || self == .issueObjects || self == .manySections }

  /// Writes the shape to `path` until it holds about `target` bytes;
  /// returns (bytes, items).
  func write(path: String, target: Int, seed: UInt64) -> (bytes: Int, items: Int) {
    let file = ChunkedFile(path: path)
    var rng = SeededGenerator(seed: seed)
    func put(_ s: String) { file.put(s) }
    let words = DataGenerator.words
    let mixedWords = DataGenerator.words + ItemShape.words
    func pick(_ a: [String], _ r: inout SeededGenerator) -> String { a[Int(r.next() % UInt64(a.count))] }
    func item(_ n: Int, _ r: inout SeededGenerator) -> String {
      if isIssue {
        let extra = (0..<Int(r.next() % 8)).map { _ in " " + pick(mixedWords, &r) }.joined()
        return "\"\(pick(words, &r)) café \\\"\(n)\\\" 中\\\\path\(extra)\""
      }
      if self == .longShort {
        let count = r.next() % 8 == 0 ? 20 + Int(r.next() % 381) : 1 + Int(r.next() % 3)
        return "\"" + (0..<count).map { _ in pick(mixedWords, &r) }.joined(separator: " ") + " \(n)\""
      }
      if self == .issueObjects {
        let tags = (0..<Int(r.next() % 4)).map { _ in "\"\(pick(mixedWords, &r))\"" }.joined(separator: ", ")
        let more = (0...Int(r.next() % 6)).map { k in
          k % 2 == 0
            ? ", \"\(pick(words, &r))\": \(r.next() % 100_000)" : ", \"note \(k)\": \"\(pick(mixedWords, &r))\""
        }.joined()
        return "{\"id\": \(n), \"name\": \"\(pick(words, &r)) café \\\"\(n)\\\" 中\\\\path \(pick(mixedWords, &r))\", "
          + "\"kind\": \"\(pick(words, &r))\", \"tags\": [\(tags)], \"dims\": {\"w\": \(r.next() % 1000), \"h\": 1.5}\(more)}"
      }
      let a = pick(words, &r)
      let b = pick(words, &r)
      switch self {
      case .escaped, .array: return "\"café \\\"\(n)\\\" 中\\\\path \(a) \(b)\""
      case .uEscapes: return "\"caf\\u00e9 \\\"\(n)\\\" \\u4e2d\\\\path \(a) \(b)\""
      case .objects: return "{\"name\": \"\(a) \(b) \(n)\", \"id\": \(n)}"
      default: return "\"\(a) \(b) \(n)\""
      }
    }
    // Items per section so that the file comes out near `target`: a
    // sample's mean size for the shapes of random length.
    let perItem: Int
    switch self {
    case .plain, .randomTitles, .lines, .manySections: perItem = 23
    case .escaped, .array: perItem = 43
    case .uEscapes: perItem = 51
    case .pretty: perItem = 28
    case .objects: perItem = 47
    default:
      var sampler = SeededGenerator(seed: seed ^ 0x5eed)
      let sample = (0..<4000).map { item($0 * 250, &sampler).utf8.count + (isPretty ? 6 : 2) }
      perItem = max(1, sample.reduce(0, +) / sample.count)
    }
    // Many sections: 2 items a section on average, about 70 bytes with the title.
    let sections = self == .manySections ? max(1, target / 70) : Self.sections
    let perSection = self == .manySections ? 2 : max(1, target / sections / perItem)
    func count() -> Int { randomCounts ? 1 + Int(rng.next() % UInt64(2 * perSection - 1)) : perSection }
    var order = Array(0..<sections)
    if randomOrder { order.shuffle(using: &rng) }
    var items = 0
    switch self {
    case .lines:
      for s in 0..<sections {
        for _ in 0..<perSection {
          let a = words[Int(rng.next() % UInt64(words.count))]
          put("\(a) \(words[s % words.count]) \(rng.next() % 1_000_000_000)\n")
          items += 1
        }
        file.flushIfFull()
      }
    case _ where isArray:
      put("[")
      for (k, s) in order.enumerated() {
        put(k == 0 ? "\n" : ",\n")
        put("{\"title\": \"section \(s)\", \"items\": [")
        for i in 0..<count() {
          if i > 0 { put(", ") }
          put(item(Int(rng.next() % 1_000_000), &rng))
          items += 1
        }
        put("]}")
        file.flushIfFull()
      }
      put("\n]\n")
    default:
      put("{")
      for (k, s) in order.enumerated() {
        let title =
          self == .randomTitles || self == .manySections
          ? "\(words[s % words.count]) \(s)" : "section \(String(repeating: "0", count: 5 - String(s).count))\(s)"
        switch self {
        case _ where isPretty: put(k == 0 ? "\n  \"\(title)\": [" : ",\n  \"\(title)\": [")
        case .uEscapes: put(k == 0 ? "\"\(title)\": [" : ", \"\(title)\": [")
        default: put(k == 0 ? "\n\"\(title)\": [" : ",\n\"\(title)\": [")
        }
        for i in 0..<count() {
          if isPretty {
            put(i == 0 ? "\n    " : ",\n    ")
          } else if i > 0 {
            put(", ")
          }
          put(item(Int(rng.next() % 1_000_000), &rng))
          items += 1
        }
        put(isPretty ? "\n  ]" : "]")
        file.flushIfFull()
      }
      put("\n}\n")
    }
    return (file.close(), items)
  }
}

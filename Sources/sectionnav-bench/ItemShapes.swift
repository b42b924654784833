import Foundation
import SectionNavCore

/// Item data like real logs and exports (issue 22), and shapes hostile to
/// the loaders' shortcuts, each generated with a seed so that a row fast on
/// one seed only shows it. About `target` bytes each, streamed to disk.
enum ItemShape: String, CaseIterable {
  /// JSON Lines events: a nested `user`, non-ASCII `msg` of random length.
  case events = "jsonl-events"
  /// JSON Lines whose objects nest four deep (`req.http.status`, `user.profile.name`).
  case nested = "jsonl-nested"
  /// JSON Lines as Python's `json.dumps` writes them by default (`", "` and
  /// `": "`, every non-ASCII character a `\uXXXX`), messages from one word
  /// to hundreds, with quotes, backslashes and tabs escaped.
  case python = "jsonl-python"
  /// CSV with quoted fields (`"said ""hi, 1"", left"`), accents and embedded newlines.
  case people = "csv-quoted"
  /// TSV of the same columns (no quoting in TSV: a `"` is data), notes of random length.
  case tsv
  /// A JSON array of objects, names with escapes and accents.
  case things = "json-objects"
  /// A JSON array of strings as Python's `json.dumps` writes a list: every
  /// non-ASCII character a `\uXXXX` (a row often starts with one), one
  /// word to hundreds, quotes and backslashes escaped.
  case strings = "json-strings"
  /// `grep -rn` output (`path:line: text`): paths of random depth, each
  /// with a run of 1–20 matching lines, text with accents. Grouped by path
  /// (`--delimiter :`, titles in runs) and by `path:line` (`--delimiter
  /// ': '`, a title each: the most titles lines can have).
  case grep = "lines-grep"
  /// Sectioned JSON whose item widths grow through the file (the widest comes last).
  case growing = "growing-widths"
  /// Sectioned JSON of non-ASCII items whose bytes exceed their cells, long and short mixed.
  case wideBytes = "bytes-over-cells"
  /// Sectioned JSON of CJK items (two cells, three bytes a character).
  case cjk
  /// Sectioned JSON of text whose scalars join into clusters: accents as
  /// combining marks, Hindi, Bengali, Malayalam, Tamil and Thai with their
  /// vowel signs and conjuncts, emoji with skin tones, ZWJ families, flags
  /// and `❤️`; items of random length, a fifth of them long, and every
  /// third section written as Python's `json.dumps` writes it (`\uXXXX`).
  case marks = "marks-and-emoji"
  /// `marks`, made of what the bytes cannot settle in most items: a mark
  /// with nothing to attach to, a ZWJ after a letter, an invisible format
  /// character (ZWSP, soft hyphen, word joiner), Korean decomposed as macOS
  /// writes file names, the Arabic number sign before digits — rows that
  /// only a bound measures, some of them decoded (`ItemWidth.settle`).
  case strays = "stray-joiners"

  /// The pieces `marks` items are made of.
  static let joining = [
    "cafe\u{301}", "nai\u{308}ve", "a\u{308}\u{304}", "हिन्दी", "क्षत्रिय", "स्त्री", "বাংলা", "മലയാളം", "தமிழ்", "ภาษาไทย",
    "กำลัง", "한국어", "日本語", "👍🏽", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "❤\u{FE0F}", "Tiê\u{301}ng", "ok", "retry", "north",
  ]

  /// The pieces `strays` items are made of (with `joining`'s).
  static let strayPieces = [
    "\u{301}ok", "x\u{200D}y", "क\u{200D}", "zero\u{200B}width", "soft\u{AD}hyphen", "word\u{2060}joiner",
    "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", "\u{1111}\u{1161}\u{110B}\u{1175}\u{11AF}.txt", "\u{600}1234",
    "\u{FEFF}bom", "\u{1161}\u{11A8}",
  ]

  /// The `country` column of the CSV and TSV shapes.
  static let countries = ["France", "Deutschland", "España", "Österreich", "Česko", "Norge", "Italia"]

  static let words = [
    "amber", "café", "naïve", "straße", "jalapeño", "zürich", "ok", "timeout", "retry", "connexion", "données",
    "übergröße", "north", "south", "Ångström", "Œuvre",
  ]

  /// `text` with each non-ASCII character written `\uXXXX`, as Python's
  /// `json.dumps` writes it by default (a pair of surrogates past U+FFFF).
  static func asciiEscaped(_ text: String) -> String {
    var out = ""
    for unit in text.utf16 {
      if unit < 0x80 {
        out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      } else {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out
  }

  func write(path: String, target: Int, seed: UInt64) -> (bytes: Int, items: Int) {
    let file = ChunkedFile(path: path)
    var rng = SeededGenerator(seed: seed)
    func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
    func sentence(_ maxWords: Int) -> String {
      (0...Int(rng.next() % UInt64(maxWords))).map { _ in pick(Self.words) }.joined(separator: " ")
    }
    var items = 0
    var written = 0
    func put(_ s: String) {
      written += s.utf8.count
      file.put(s)
      file.flushIfFull()
    }
    switch self {
    case .events:
      let levels = ["info", "warn", "error", "debug"]
      let services = ["api", "db", "cache", "auth", "queue", "mail", "web", "batch"]
      while written < target {
        let n = items
        put(
          "{\"ts\":\"2026-12-01T10:\(n % 60):\(n * 7 % 60).\(n % 1000)Z\",\"level\":\"\(pick(levels))\","
            + "\"service\":\"\(pick(services))\",\"msg\":\"\(sentence(14)) \\\"#\(n)\\\"\","
            + "\"user\":{\"id\":\(rng.next() % 1_000_000),\"name\":\"\(pick(Self.words))\",\"tags\":[\"\(pick(Self.words))\"]}}\n"
        )
        items += 1
      }
    case .python:
      let levels = ["INFO", "WARNING", "ERROR", "DEBUG"]
      let loggers = ["app.api", "app.db", "app.cache", "app.auth", "app.mail"]
      // JSON text already: `say \"hi\"`, `C:\\temp`, `tab\there`.
      let words = (Self.words + ["say \\\"hi\\\"", "C:\\\\temp", "tab\\there", "日本語"]).map(Self.asciiEscaped)
      while written < target {
        let n = items
        let count = rng.next() % 5 == 0 ? 1 + Int(rng.next() % 400) : 1 + Int(rng.next() % 20)
        let msg = (0..<count).map { _ in pick(words) }.joined(separator: " ")
        put(
          "{\"ts\": \(1_764_000_000 + n).\(n % 1000), \"level\": \"\(pick(levels))\", \"logger\": \"\(pick(loggers))\", "
            + "\"msg\": \"\(msg)\", \"user\": {\"id\": \(rng.next() % 1_000_000), \"name\": \"\(pick(words))\"}}\n")
        items += 1
      }
    case .nested:
      let methods = ["GET", "POST", "PUT", "DELETE"]
      let statuses = [200, 200, 200, 201, 204, 301, 404, 500, 503]
      let countries = ["FR", "DE", "ES", "AT", "CZ", "NO", "IT", "JP", "CN"]
      while written < target {
        let n = items
        let langs = (0...Int(rng.next() % 3)).map { _ in "\"\(pick(Self.words))\"" }.joined(separator: ",")
        put(
          "{\"ts\":\(1_764_000_000 + n),\"req\":{\"http\":{\"method\":\"\(pick(methods))\",\"path\":\"/\(pick(Self.words))/\(n)\","
            + "\"status\":\(pick(statuses)),\"headers\":{\"accept\":\"*/*\",\"x-id\":\"\(rng.next() % 1_000_000)\"}},"
            + "\"client\":{\"geo\":{\"country\":\"\(pick(countries))\",\"city\":\"\(pick(Self.words))\"},\"ip\":\"10.0.\(n % 256).\(rng.next() % 256)\"}},"
            + "\"user\":{\"profile\":{\"name\":\"\(pick(Self.words)) \(pick(Self.words))\",\"langs\":[\(langs)]},\"id\":\(rng.next() % 100_000)},"
            + "\"msg\":\"\(sentence(20))\"}\n")
        items += 1
      }
    case .tsv:
      put("id\tname\tcountry\tcity\tnote\n")
      while written < target {
        let n = items
        let note = rng.next() % 4 == 0 ? "said \"hi, \(n)\" \(sentence(30))" : sentence(6)
        put("\(n)\t\(pick(Self.words)) \(pick(Self.words))\t\(pick(Self.countries))\t\(pick(Self.words))\t\(note)\n")
        items += 1
      }
    case .people:
      put("id,name,country,city,note\n")
      while written < target {
        let n = items
        let note =
          switch rng.next() % 4 {
          case 0: "\"said \"\"hi, \(n)\"\", left\""
          case 1: "\"two\nlines \(pick(Self.words))\""
          default: sentence(10)
          }
        put("\(n),\(pick(Self.words)) \(pick(Self.words)),\(pick(Self.countries)),\(pick(Self.words)),\(note)\n")
        items += 1
      }
    case .things:
      let kinds = ["tool", "part", "book", "food", "toy"]
      put("[")
      while written < target {
        let n = items
        put(
          (n == 0 ? "" : ",")
            + "{\"id\":\(n),\"kind\":\"\(pick(kinds))\",\"name\":\"thing \(n) \(pick(Self.words)) \\\"x\\\"\","
            + "\"price\":\(rng.next() % 10000),\"tags\":[\"\(pick(Self.words))\"]}")
        items += 1
      }
      put("]\n")
    case .grep:
      while written < target {
        let depth = 1 + Int(rng.next() % 4)
        let path =
          "src/" + (0..<depth).map { _ in pick(Self.words) }.joined(separator: "/")
          + "/file\(rng.next() % 100_000).swift"
        for _ in 0...Int(rng.next() % 20) {
          put("\(path):\(1 + rng.next() % 3000): \(sentence(12))\n")
          items += 1
        }
      }
    case .strings:
      let words = (Self.words + ["say \\\"hi\\\"", "C:\\\\temp", "日本語"]).map(Self.asciiEscaped)
      put("[")
      while written < target {
        let n = items
        let count = rng.next() % 5 == 0 ? 1 + Int(rng.next() % 300) : 1 + Int(rng.next() % 12)
        put((n == 0 ? "" : ", ") + "\"" + (0..<count).map { _ in pick(words) }.joined(separator: " ") + " #\(n)\"")
        items += 1
      }
      put("]\n")
    case .marks, .strays:
      // (The stray pieces twice: one in most items.)
      let pieces = self == .marks ? Self.joining : Self.joining + Self.strayPieces + Self.strayPieces
      put("{")
      var section = 0
      while written < target {
        let escaped = section % 3 == 2
        var row: [String] = []
        for _ in 0...Int(rng.next() % 200) {
          let long = rng.next() % 5 == 0
          let words = (0...Int(rng.next() % (long ? 120 : 30))).map { _ in pick(pieces) }
          let text = words.joined(separator: " ") + " \(items)"
          row.append("\"" + (escaped ? Self.asciiEscaped(text) : text) + "\"")
          items += 1
        }
        put((section == 0 ? "" : ",") + "\"section \(section)\":[" + row.joined(separator: ",") + "]")
        section += 1
      }
      put("}\n")
    case .growing, .wideBytes, .cjk:
      put("{")
      var section = 0
      while written < target {
        put((section == 0 ? "" : ",") + "\"section \(section)\":[")
        for k in 0..<100 {
          let n = items
          let item: String
          switch self {
          case .growing: item = "item \(n) " + String(repeating: "x", count: written / 400_000)
          case .wideBytes:
            item = String(repeating: "é", count: Int(rng.next() % (rng.next() % 4 == 0 ? 200 : 12))) + " \(n)"
          default: item = String(repeating: "中文字", count: 1 + Int(rng.next() % 7)) + " \(n)"
          }
          put((k == 0 ? "" : ",") + "\"\(item)\"")
          items += 1
        }
        put("]")
        section += 1
      }
      put("}\n")
    }
    return (file.close(), items)
  }
}

/// The item-data rows: each shape with every seed, sectionnav beside its
/// peers (`jq`, Python's `json`/`csv`, `mlr` for CSV/TSV) in the same run.
extension Benchmark {
  /// Measures every item shape; returns the first seed's files of the
  /// shapes whose item paths the pseudo-terminal rows open, with the
  /// options to open them with (the caller removes the files).
  mutating func measureItemData() -> [(input: Input, options: [String])] {
    guard let sn = sectionnav else {
      notes.append("item data skipped: no `sectionnav` beside the benchmark")
      return []
    }
    let jq = Self.which("jq")
    let python = Self.which("python3")
    let mlr = Self.which("mlr")
    if mlr == nil { notes.append("`mlr` (Debian's `miller`) not installed: the CSV/TSV peer column is empty.") }
    let target = options.target
    var kept: [(Input, [String])] = []
    for shape in ItemShape.allCases {
      let terminal = shape.terminalOptions
      let input = measureSeeds(
        "item-\(shape.rawValue)", table: .items, keep: terminal != nil,
        write: { shape.write(path: $0, target: target, seed: $1) }
      ) { path in shape.rows(sn: sn, path: path, jq: jq, python: python, mlr: mlr) }
      if let input, let terminal { kept.append((input, terminal)) }
    }
    return kept
  }
}

extension ItemShape {
  /// The options a pseudo-terminal row opens this shape with (its item
  /// path: grouping, a field, a format), or nil for no row.
  var terminalOptions: [String]? {
    switch self {
    case .events, .python: ["--jsonl", "--group-by", "level"]
    case .nested: ["--jsonl", "--group-by", "req.http.status", "--item-format", "{req.http.method} {req.http.path}"]
    case .people: ["--csv", "--group-by", "country", "--item-format", "{name} ({city}): {note}"]
    case .tsv: ["--tsv", "--group-by", "country", "--item-format", "{name}"]
    case .things: ["--group-by", "kind", "--item-field", "name"]
    case .strings: ["--group-by", "initial"]
    default: nil
    }
  }

  /// The rows measured on one seed's file of this shape.
  func rows(sn: String, path: String, jq: String?, python: String?, mlr: String?) -> [Benchmark.WholeRow] {
    typealias Row = Benchmark.WholeRow
    func py(_ code: String, piped: Bool = false) -> [String]? {
      python.map {
        piped ? [$0, "-c", code.replacingOccurrences(of: "open(sys.argv[1]", with: "open(0")] : [$0, "-c", code, path]
      }
    }
    func label(_ args: [String]) -> String {
      "\(rawValue): `" + args.map { $0.contains(" ") || $0.contains("{") ? "'\($0)'" : $0 }.joined(separator: " ") + "`"
    }
    func row(_ args: [String], peer: [String]?, _ peerName: String, python: [String]?, goal: Benchmark.Goal) -> Row {
      Row(
        label: label(args), argv: [sn, "--check"] + args + [path], peer: peer, python: python, peerName: peerName,
        goal: goal)
    }
    func piped(_ args: [String], peer: [String]?, _ peerName: String, python: [String]?, goal: Benchmark.Goal) -> Row {
      Row(
        label: label(args) + ", standard input (`cat FILE |`)", argv: [sn, "--check"] + args + ["-"], peer: peer,
        python: python, peerName: peerName, goal: goal, catting: path)
    }
    switch self {
    case .events, .nested, .python:
      let field = self == .nested ? "req.http.status" : "level"
      let pick = self == .nested ? "['req']['http']['status']" : "['level']"
      let count =
        "import json,sys,collections; collections.Counter(json.loads(l)\(pick) for l in open(sys.argv[1], 'rb'))"
      let group = "group_by(.\(field)) | length"
      let jqGroup = jq.map { [$0, "-s", group, path] }
      let name = "`jq -s 'group_by(.\(field))'`"
      let argsList: [[String]] =
        self == .python
        ? [["--jsonl", "--group-by", "level"], ["--jsonl", "--group-by", "logger", "--item-field", "msg"]]
        : self == .events
          ? [
            ["--jsonl", "--group-by", "level"], ["--jsonl", "--group-by", "service", "--item-field", "msg"],
            ["--jsonl", "--item-format", "{level} {user.name}: {msg}"],
            ["--jsonl", "--group-by", "initial", "--item-field", "msg"],
          ]
          : [
            [
              "--jsonl", "--group-by", "req.http.status", "--item-format",
              "{req.http.method} {req.http.path} {user.profile.name}: {msg}",
            ],
            ["--jsonl", "--group-by", "req.client.geo.country", "--item-field", "user.profile.name"],
          ]
      var rows = argsList.map { row($0, peer: jqGroup, name, python: py(count), goal: .jq) }
      if self == .events {
        // A key that differs on most rows (a user id): a section each, so
        // every key is new and its title is made, found and sorted.
        let byUser =
          "import json,sys,collections; collections.Counter(json.loads(l)['user']['id'] for l in open(sys.argv[1], 'rb'))"
        rows.append(
          row(
            ["--jsonl", "--group-by", "user.id", "--item-field", "msg"],
            peer: jq.map { [$0, "-s", "group_by(.user.id) | length", path] }, "`jq -s 'group_by(.user.id)'`",
            python: py(byUser), goal: .jq))
      }
      if self != .nested {
        rows.append(
          piped(
            ["--jsonl", "--group-by", "level"], peer: jq.map { [$0, "-s", group] }, name,
            python: py(count, piped: true), goal: .jq))
      }
      return rows
    case .people, .tsv:
      let csv = self == .people ? "--csv" : "--tsv"
      let reader =
        self == .people
        ? "csv.reader(open(sys.argv[1], newline=''))"
        : "csv.reader(open(sys.argv[1], newline=''), delimiter='\\t', quoting=csv.QUOTE_NONE)"
      let count = "import csv,sys,collections; r=\(reader); next(r); collections.Counter(x[2] for x in r)"
      let format = self == .people ? "--icsv" : "--itsv"
      let mlrCount = mlr.map { [$0, format, "--ojson", "count", "-g", "country", path] }
      let name = "`mlr count -g`"
      var rows = [
        [csv], [csv, "--group-by", "country", "--item-format", "{name}"],
        [csv, "--group-by", "country", "--item-format", "{name} ({city}): {note}"],
      ].map { row($0, peer: mlrCount, name, python: py(count), goal: .python) }
      if self == .people {
        rows.append(
          row(
            [csv, "--group-by", "initial", "--item-format", "{name} {city}"], peer: mlrCount, name, python: py(count),
            goal: .python))
        rows.append(
          piped(
            [csv, "--group-by", "country", "--item-format", "{name}"],
            peer: mlr.map { [$0, format, "--ojson", "count", "-g", "country"] }, name, python: py(count, piped: true),
            goal: .python))
      }
      return rows
    case .things:
      let jqGroup = jq.map { [$0, "group_by(.kind) | length", path] }
      let load = py("import json,sys; json.load(open(sys.argv[1]))")
      let rows = [
        ["--group-by", "kind", "--item-field", "name"], ["--item-format", "{kind}: {name} ({price})"],
        ["--group-by", "initial", "--item-field", "name"],
      ].map { row($0, peer: jqGroup, "`jq 'group_by(.kind)'`", python: load, goal: .jq) }
      // A path into each object: the general token loop, not the object loop.
      let names = jq.map { [$0, ".[].name", path] }
      return rows + [row(["--path", ".[].name"], peer: names, "`jq '.[].name'`", python: load, goal: .jq)]
    case .grep:
      // Each line's title grouped (jq) or counted (Python), as sectionnav files it.
      func counter(_ split: String) -> String {
        "import sys,collections; collections.Counter(l.split(\(split), 1)[0] for l in open(sys.argv[1], 'rb'))"
      }
      func jqGroups(_ split: String) -> [String]? {
        jq.map { [$0, "-R", "-n", "[inputs | split(\"\(split)\")[0]] | group_by(.) | length", path] }
      }
      return [
        row(
          ["--lines", "--delimiter", ":"], peer: jqGroups(":"), "`jq -R` grouping titles", python: py(counter("b':'")),
          goal: .jq),
        row(
          ["--lines", "--delimiter", ": "], peer: jqGroups(": "), "`jq -R` grouping titles",
          python: py(counter("b': '")),
          goal: .jq),
      ]
    case .strings:
      // A plain array opens grouped by initial: `--group-by initial` is what it does unasked.
      let args = ["--group-by", "initial"]
      let load = "import json,sys; json.load(open(sys.argv[1]))"
      return [
        row(args, peer: jq.map { [$0, "length", path] }, "`jq length`", python: py(load), goal: .jq),
        piped(args, peer: jq.map { [$0, "length"] }, "`jq length`", python: py(load, piped: true), goal: .jq),
      ]
    default:
      return [
        Row(
          label: "\(rawValue): sectioned", argv: [sn, "--check", path], peer: jq.map { [$0, "length", path] },
          python: py("import json,sys; json.load(open(sys.argv[1]))"))
      ]
    }
  }
}

import Foundation
import SectionNavCore

/// Item data like real logs and exports (issue 22), and shapes hostile to
/// the loaders' shortcuts, each generated with a seed so that a row fast on
/// one seed only shows it. About `target` bytes each, streamed to disk.
enum ItemShape: String, CaseIterable {
  /// JSON Lines events: a nested `user`, non-ASCII `msg` of random length.
  case events = "jsonl-events"
  /// CSV with quoted fields (`"said ""hi, 1"", left"`), accents and embedded newlines.
  case people = "csv-quoted"
  /// A JSON array of objects, names with escapes and accents.
  case things = "json-objects"
  /// Sectioned JSON whose item widths grow through the file (the widest comes last).
  case growing = "growing-widths"
  /// Sectioned JSON of non-ASCII items whose bytes exceed their cells, long and short mixed.
  case wideBytes = "bytes-over-cells"
  /// Sectioned JSON of CJK items (two cells, three bytes a character).
  case cjk

  static let words = [
    "amber", "café", "naïve", "straße", "jalapeño", "zürich", "ok", "timeout", "retry", "connexion", "données",
    "übergröße", "north", "south", "Ångström", "Œuvre",
  ]

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
    case .people:
      let countries = ["France", "Deutschland", "España", "Österreich", "Česko", "Norge", "Italia"]
      put("id,name,country,city,note\n")
      while written < target {
        let n = items
        let note =
          switch rng.next() % 4 {
          case 0: "\"said \"\"hi, \(n)\"\", left\""
          case 1: "\"two\nlines \(pick(Self.words))\""
          default: sentence(10)
          }
        put("\(n),\(pick(Self.words)) \(pick(Self.words)),\(pick(countries)),\(pick(Self.words)),\(note)\n")
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

/// The item-data rows: each shape with several seeds, sectionnav beside its
/// peers (`jq`, Python's `json`/`csv`, `mlr` for CSV) in the same run.
extension Benchmark {
  struct ItemRow {
    var row: WholeProcessRow
    var peer: String
  }

  mutating func measureItemData(rounds: Int, seeds: [UInt64], target: Int = 60_000_000) -> [ItemRow] {
    guard let sn = sectionnav else {
      notes.append("item data skipped: no `sectionnav` beside the benchmark")
      return []
    }
    let jq = Self.which("jq")
    let python = Self.which("python3")
    let mlr = Self.which("mlr")
    var out: [ItemRow] = []
    for shape in ItemShape.allCases {
      for seed in seeds {
        let path = directory + "/item-\(shape.rawValue)-\(seed)"
        let (size, items) = shape.write(path: path, target: target, seed: seed)
        let input = Input(path: path, size: size, items: items, label: shape.rawValue)
        Self.log("generated \(shape.rawValue) seed \(seed): \(Self.mb(size)), \(items) items")
        var rows: [(WholeRow, String)] = []
        func py(_ code: String) -> [String]? { python.map { [$0, "-c", code, path] } }
        let label = "\(shape.rawValue), seed \(seed): "
        switch shape {
        case .events:
          let count =
            "import json,sys,collections; collections.Counter(json.loads(l)['level'] for l in open(sys.argv[1], 'rb'))"
          let jqGroup = jq.map { [$0, "-s", "group_by(.level) | length", path] }
          for args in [
            ["--group-by", "level"], ["--group-by", "service", "--item-field", "msg"],
            ["--item-format", "{level} {user.name}: {msg}"],
          ] {
            rows.append(
              (
                WholeRow(
                  label: label + "`" + (["--jsonl"] + args).joined(separator: " ") + "`",
                  argv: [sn, "--check", "--jsonl"] + args + [path], jq: jqGroup, python: py(count)), "jq -s group_by"
              ))
          }
        case .people:
          let count =
            "import csv,sys,collections; r=csv.reader(open(sys.argv[1], newline='')); next(r); collections.Counter(x[2] for x in r)"
          let mlrCount = mlr.map { [$0, "--icsv", "--ojson", "count", "-g", "country", path] }
          for args in [
            [], ["--group-by", "country", "--item-format", "{name}"],
            ["--group-by", "country", "--item-format", "{name} ({city}): {note}"],
          ] {
            rows.append(
              (
                WholeRow(
                  label: label + "`" + (["--csv"] + args).joined(separator: " ") + "`",
                  argv: [sn, "--check", "--csv"] + args + [path], jq: mlrCount, python: py(count)), "mlr count -g"
              ))
          }
        case .things:
          rows.append(
            (
              WholeRow(
                label: label + "`--group-by kind --item-field name`",
                argv: [sn, "--check", "--group-by", "kind", "--item-field", "name", path],
                jq: jq.map { [$0, "group_by(.kind) | length", path] },
                python: py("import json,sys; json.load(open(sys.argv[1]))")), "jq group_by"
            ))
        default:
          rows.append(
            (
              WholeRow(
                label: label + "sectioned", argv: [sn, "--check", path], jq: jq.map { [$0, "length", path] },
                python: py("import json,sys; json.load(open(sys.argv[1]))")), "jq length"
            ))
        }
        for (row, peer) in rows {
          measure(row, input: input, rounds: rounds)
          out.append(ItemRow(row: wholeRows.removeLast(), peer: peer))
        }
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    return out
  }

  func itemDataTable(_ rows: [ItemRow], rounds: Int) -> String {
    var out = """
      | Item data (whole process, `sectionnav --check`) | Size | sectionnav (CPU) | MB/s | Peak RSS | peer | peer time | Python | peer ÷ sectionnav | Python ÷ sectionnav | ≥ 600 MB/s | RSS ≤ 1.5× |
      |---|---|---|---|---|---|---|---|---|---|---|---|

      """
    for item in rows {
      let r = item.row
      let peer = r.jq.map { "\(Self.fmt($0 * 1000, 0)) ms" } ?? "—"
      let py = r.python.map { "\(Self.fmt($0 * 1000, 0)) ms" } ?? "—"
      let ratio = r.jq.map { "\(Self.fmt($0 / r.seconds))×" } ?? "—"
      let pyRatio = r.python.map { "\(Self.fmt($0 / r.seconds))×" } ?? "—"
      out +=
        "| \(r.shape) | \(r.size), \(r.items / 1000) k items | \(Self.fmt(r.seconds * 1000, 0)) ms (\(Self.fmt(r.cpu * 1000, 0)) ms) | \(Self.fmt(r.speed, 0)) | \(Self.fmt(r.rssRatio, 2))× | \(item.peer) | \(peer) | \(py) | \(ratio) | \(pyRatio) | \(r.speed >= 600 ? "yes" : "**no**") | \(r.rssRatio <= 1.5 ? "yes" : "**no**") |\n"
    }
    out += "\nMedians of \(rounds) alternating runs (sectionnav, peer, Python), file in the page cache.\n"
    return out
  }
}

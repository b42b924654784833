import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON people really have, one shape per file, each about `target`
/// bytes: what the whole-process rows of the benchmark load. Streamed to
/// disk in 1 MiB writes.
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

  static let sections = 20_000

  /// Writes the shape to `path` until it holds about `target` bytes;
  /// returns (bytes, items).
  func write(path: String, target: Int, seed: UInt64) -> (bytes: Int, items: Int) {
    let file = ChunkedFile(path: path)
    var rng = SeededGenerator(seed: seed)
    func put(_ s: String) { file.put(s) }
    let words = DataGenerator.words
    // Items per section so that the file comes out near `target`.
    let perItem: Int
    switch self {
    case .plain, .randomTitles, .lines: perItem = 23
    case .escaped, .array: perItem = 43
    case .uEscapes: perItem = 51
    case .pretty: perItem = 28
    case .objects: perItem = 47
    }
    let perSection = max(1, target / Self.sections / perItem)
    var order = Array(0..<Self.sections)
    if self == .randomTitles { order.shuffle(using: &rng) }
    var items = 0
    func item(_ n: Int) -> String {
      let a = words[Int(rng.next() % UInt64(words.count))]
      let b = words[Int(rng.next() % UInt64(words.count))]
      switch self {
      case .escaped, .array: return "\"café \\\"\(n)\\\" 中\\\\path \(a) \(b)\""
      case .uEscapes: return "\"caf\\u00e9 \\\"\(n)\\\" \\u4e2d\\\\path \(a) \(b)\""
      case .objects: return "{\"name\": \"\(a) \(b) \(n)\", \"id\": \(n)}"
      default: return "\"\(a) \(b) \(n)\""
      }
    }
    switch self {
    case .lines:
      for s in 0..<Self.sections {
        for _ in 0..<perSection {
          let a = words[Int(rng.next() % UInt64(words.count))]
          put("\(a) \(words[s % words.count]) \(rng.next() % 1_000_000_000)\n")
          items += 1
        }
        file.flushIfFull()
      }
    case .array:
      put("[")
      for (k, s) in order.enumerated() {
        put(k == 0 ? "\n" : ",\n")
        put("{\"title\": \"section \(s)\", \"items\": [")
        for i in 0..<perSection {
          if i > 0 { put(", ") }
          put(item(Int(rng.next() % 1_000_000)))
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
          self == .randomTitles
          ? "\(words[s % words.count]) \(s)" : "section \(String(repeating: "0", count: 5 - String(s).count))\(s)"
        switch self {
        case .pretty: put(k == 0 ? "\n  \"\(title)\": [" : ",\n  \"\(title)\": [")
        case .uEscapes: put(k == 0 ? "\"\(title)\": [" : ", \"\(title)\": [")
        default: put(k == 0 ? "\n\"\(title)\": [" : ",\n\"\(title)\": [")
        }
        for i in 0..<perSection {
          switch self {
          case .pretty: put(i == 0 ? "\n    " : ",\n    ")
          default: if i > 0 { put(", ") }
          }
          put(item(Int(rng.next() % 1_000_000)))
          items += 1
        }
        put(self == .pretty ? "\n  ]" : "]")
        file.flushIfFull()
      }
      put("\n}\n")
    }
    return (file.close(), items)
  }
}

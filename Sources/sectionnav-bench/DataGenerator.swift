import SectionNavCore

/// Writes sectioned JSON files `{"Title": ["item", …], …}` with items of
/// about 30 bytes each (two or three words and a number): mostly ASCII in
/// mixed case, about 4% with a non-ASCII word and 2% with an escape, and one
/// item in 200 000 holding the word "quokka" (the rare search). Streamed to
/// disk in 1 MiB writes, never held whole in memory.
struct DataGenerator {
  static let words: [String] = [
    "alpha", "Bravo", "candle", "delta", "Echo", "foxtrot", "golf", "Hotel", "india", "juliet", "Kilo", "lima",
    "mango", "November", "oscar", "papa", "Quebec", "romeo", "sierra", "Tango", "uniform", "victor", "Whiskey",
    "xray", "yankee", "Zulu", "anchor", "banana", "Copper", "dragon", "ember", "falcon", "garden", "harbor",
    "Island", "jungle", "kettle", "lantern", "marble", "needle", "Orange", "pepper", "quartz", "river", "saddle",
    "timber", "umbrella", "velvet", "walnut", "yellow", "zephyr", "panda", "Canyon", "meadow", "rocket", "silver",
  ]
  static let nonASCII: [String] = ["café", "naïve", "Straße", "Ångström", "日本語", "smörgåsbord", "jalapeño", "Œuvre"]
  static let escaped: [String] = [#"\"quoted\""#, #"caf\u00e9"#, #"tab\there"#, #"back\\slash"#, #"\u65e5\u672c"#]

  let wordBytes = DataGenerator.words.map { Array($0.utf8) }
  let nonASCIIBytes = DataGenerator.nonASCII.map { Array($0.utf8) }
  let escapedBytes = DataGenerator.escaped.map { Array($0.utf8) }
  var rng: SeededGenerator

  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  /// Appends one item's JSON (a string) to `out`.
  mutating func item(into out: inout [UInt8]) {
    out.append(0x22)
    let r = rng.next()
    let wordCount = 2 + Int(r & 1)
    for w in 0..<wordCount {
      if w > 0 { out.append(0x20) }
      let pick = (r >> (8 + 8 * UInt64(w))) & 0xFF
      if w == 0 && pick < 10 {
        out += nonASCIIBytes[Int(pick) % nonASCIIBytes.count]
      } else if w == 1 && pick < 5 {
        out += escapedBytes[Int(pick) % escapedBytes.count]
      } else {
        out += wordBytes[Int(rng.next() % UInt64(wordBytes.count))]
      }
    }
    if (r >> 40) % 200_000 == 0 {
      out += Array(" quokka".utf8)
    }
    out.append(0x20)
    appendNumber(Int(rng.next() % 1_000_000_000), to: &out)
    out.append(0x22)
  }

  func appendNumber(_ n: Int, to out: inout [UInt8]) {
    var digits: [UInt8] = []
    var v = n
    repeat {
      digits.append(UInt8(48 + v % 10))
      v /= 10
    } while v > 0
    out += digits.reversed()
  }

  /// Writes `sections` sections of `itemsPerSection` items to `path`;
  /// returns the file size.
  @discardableResult
  static func write(path: String, sections: Int, itemsPerSection: Int, seed: UInt64) -> Int {
    let file = ChunkedFile(path: path)
    var gen = DataGenerator(seed: seed)
    file.put("{")
    for s in 0..<sections {
      file.put(s == 0 ? "\n\"" : ",\n\"")
      file.out += gen.wordBytes[s % gen.wordBytes.count]
      file.out.append(0x20)
      gen.appendNumber(s, to: &file.out)
      file.put("\": [")
      for i in 0..<itemsPerSection {
        if i > 0 { file.put(", ") }
        gen.item(into: &file.out)
        file.flushIfFull()
      }
      file.put("]")
    }
    file.put("\n}\n")
    return file.close()
  }
}

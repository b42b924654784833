import Testing

@testable import SectionNavCore

/// `--lines --delimiter` filed as runs sorted at the end (`LineRuns`) gives
/// the list a table of titles gives (`ItemGroups`): the same sections in the
/// same order, the same items in each, the same widest row — one thread or
/// two, a file or a stream, the C locale or another.
@Suite struct LineRunsTests {
  /// Delimited lines whose titles mix what sorting and merging must get
  /// right: ids seen once, titles repeated in runs and far apart (across
  /// the halves too), lines without the delimiter (title ""), declarations
  /// (`T|`), titles alike when folded or in their first 16 key bytes,
  /// precomposed and decomposed accents, invalid UTF-8 (two byte sequences
  /// repaired to the same title), numbers, CRLF and empty lines.
  static func text(_ rng: inout SeededGenerator, lines: Int) -> [UInt8] {
    let repeated: [[UInt8]] = [
      Array("Eve 7".utf8), Array("eve 7".utf8), Array("Caf\u{E9}".utf8), Array("Cafe\u{301}".utf8),
      Array("a title longer than sixteen bytes 1".utf8), Array("a title longer than sixteen bytes 2".utf8),
      [0x61, 0xFF], [0x61, 0xFE], Array("item 10".utf8), Array("item 9".utf8), Array("日本".utf8), [],
    ]
    let items = ["plain words", "café \u{1F600}", "中文 wide", "x", "tab\tinside", "  spaced  "]
    var out: [UInt8] = []
    var title: [UInt8] = []
    for n in 0..<lines {
      switch rng.next() % 10 {
      case 0, 1, 2, 3: title = Array("id \(rng.next() % 1_000_000)".utf8)
      case 4, 5: title = repeated[Int(rng.next() % UInt64(repeated.count))]
      default: break  // the same title again: a run
      }
      switch rng.next() % 20 {
      case 0: out += Array(items[n % items.count].utf8)  // no delimiter
      case 1: out += title + Array("|".utf8)  // a declaration
      case 2: out += []  // an empty line
      default: out += title + Array("|".utf8) + Array("\(items[Int(rng.next() % UInt64(items.count))]) \(n)".utf8)
      }
      out += rng.next() % 7 == 0 ? Array("\r\n".utf8) : [0x0A]
    }
    return out
  }

  /// The same sections in the same order, each with the same items in
  /// the same order (where the store keeps them may differ), and the same
  /// widest row. A difference is printed at its first section.
  func expectSame(_ a: SectionedList, _ b: SectionedList, _ what: String) {
    let (x, y) = (contents(a), contents(b))
    if x != y {
      let k = (0..<min(x.count, y.count)).first { x[$0] != y[$0] } ?? min(x.count, y.count)
      print(
        "↳ \(what): section \(k) of \(x.count)/\(y.count): \(x.dropFirst(k).first ?? []) against \(y.dropFirst(k).first ?? [])"
      )
    }
    #expect(x == y, "\(what): sections")
    #expect(a.maxItemWidth == b.maxItemWidth, "\(what): widest row")
    #expect(a.itemCount == b.itemCount, "\(what): items")
  }

  @Test(arguments: [1, 2, 3])
  func runsGiveTheListATableGives(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for lines in [0, 1, 5, 300, 5000] {
      let buffer = ByteBuffer(Self.text(&rng, lines: lines))
      for parallel in [false, true] {
        let table = LineInput.load(
          buffer, delimiter: "|", keepOrder: false, parallel: parallel, minimumSplitSize: 0, filing: .table)
        let runs = LineInput.load(
          buffer, delimiter: "|", keepOrder: false, parallel: parallel, minimumSplitSize: 0, filing: .runs)
        expectSame(table, runs, "seed \(seed), \(lines) lines, parallel \(parallel)")
        if lines >= 300 { #expect(table.sections.contains { $0.title == "a\u{FFFD}" }) }
      }
    }
  }

  /// Many sections, as on a large file: sorted and laid out on two cores,
  /// with titles repeating side by side in the sort wherever they fall.
  @Test func manyRunsGiveTheListATableGives() {
    var rng = SeededGenerator(seed: 8)
    let buffer = ByteBuffer(Self.text(&rng, lines: 3 * NaturalOrder.parallelCount))
    let table = LineInput.load(buffer, delimiter: "|", keepOrder: false, parallel: true, filing: .table)
    let runs = LineInput.load(
      buffer, delimiter: "|", keepOrder: false, parallel: true, minimumSplitSize: 0, filing: .runs)
    #expect(table.sectionCount > NaturalOrder.parallelCount)
    expectSame(table, runs, "many sections")
  }

  @Test func aLocalesOrderIsTheSameEitherWay() throws {
    var rng = SeededGenerator(seed: 4)
    let buffer = ByteBuffer(Self.text(&rng, lines: 3000))
    let collation = try LocaleCollation.open("sv")
    let table = LineInput.load(
      buffer, delimiter: "|", keepOrder: false, parallel: true, collation: collation, minimumSplitSize: 0,
      filing: .table)
    let runs = LineInput.load(
      buffer, delimiter: "|", keepOrder: false, parallel: true, collation: collation, minimumSplitSize: 0,
      filing: .runs)
    expectSame(table, runs, "sv")
  }

  /// Titles that seldom repeat take the runs, wherever the lines come
  /// from: a stream grouped as it arrives gives the file's list.
  @Test func aStreamOfSeldomRepeatingTitlesGivesTheFilesList() {
    var rng = SeededGenerator(seed: 6)
    for _ in 0..<4 {
      let bytes = Self.text(&rng, lines: 6000)
      let file = LineInput.load(
        ByteBuffer(bytes), delimiter: "|", keepOrder: false, parallel: false, filing: .table)
      let follower = LineFollower(buffer: ByteBuffer(bytes + [0x0A]), delimiter: "|", keepOrder: false)
      follower.arrived(Int(rng.next() % UInt64(bytes.count + 1)))
      let stream = follower.finish(ByteBuffer(bytes), minimumSplit: 0)
      expectSame(file, stream, "stream")
    }
  }

  /// The first lines decide: titles that seldom repeat are filed as runs,
  /// titles that interleave (a few levels) in the table, and lines by
  /// initial or in first-seen order always in the table.
  @Test func theFirstLinesDecideHowLinesAreFiled() {
    let ids = ByteBuffer(string: (0..<5000).map { "id \($0 * 7919 % 5000)|x" }.joined(separator: "\n"))
    let levels = ByteBuffer(string: (0..<5000).map { "level \($0 % 5)|x" }.joined(separator: "\n"))
    func filing(_ buffer: ByteBuffer, delimiter: String = "|", keepOrder: Bool = false) -> LineScan.Filing? {
      var scan = LineScan(buffer: buffer, delimiter: Array(delimiter.utf8), keepOrder: keepOrder)
      scan.scan(from: 0, to: buffer.count)
      return scan.filing
    }
    #expect(filing(ids) == .runs)
    #expect(filing(levels) == .table)
    #expect(filing(ids, keepOrder: true) == .table)
    #expect(filing(ids, delimiter: "") == .table)
  }
}

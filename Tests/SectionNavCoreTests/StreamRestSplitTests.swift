import Foundation
import Testing

@testable import SectionNavCore

/// A pipe written faster than it is scanned ends with much of it unscanned;
/// that rest is then scanned in two halves (`ItemFollower.scanRest`,
/// `LineFollower.finish`). The list, its widest row, the `--skip-bad` note
/// and every error must be what one thread finds in the same bytes at once,
/// wherever the scan stood when the input ended. The stream's buffer runs
/// on past the input (its growing buffer): bytes there must never be read.
@Suite struct StreamRestSplitTests {
  typealias Load = ItemSplitTests.Load

  /// After the input, what a growing buffer could hold: bytes that would
  /// show (an error, an item) if a half read past the end.
  static let beyond = Array("\n{\"level\": \"x\"}\nx,\"y\n[{\"kind\": oops}]".utf8)

  /// `stream` scanned as a follower does: up to `cut` as it arrived, then
  /// the rest once the input (`count` bytes) has ended.
  func followed(_ stream: inout ItemStream, cut: Int, count: Int) -> (Result<Load, LoadError>, Int) {
    do throws(LoadError) {
      if cut >= stream.wanted { try stream.advance(available: cut, eof: false) }
      let halves = try ItemFollower.scanRest(&stream, count: count, minimum: 0)
      return (.success(Load(stream.list(), warning: stream.warning)), halves)
    } catch {
      return (.failure(error), 0)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func theRestOfItemDataSplitsAsAFileDoes(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let t = ItemSplitTests()
    var splits = 0
    for round in 0..<150 {
      let text: String
      let options: LoadOptions
      switch round % 3 {
      case 0:
        text = ItemSplitTests.jsonLines(&rng, lines: Int(rng.next() % 60) + 2, damage: round % 4 == 0)
        options =
          [
            t.options(.jsonLines, groupBy: "level"), t.options(.jsonLines, itemFormat: "{level}: {user.name}"),
            t.options(.jsonLines, groupBy: "level", skipBad: true),
          ][round % 9 / 3]
      case 1:
        let tsv = round % 2 == 0
        text = ItemSplitTests.records(&rng, rows: Int(rng.next() % 50) + 2, tsv: tsv, damage: round % 5 == 0)
        options = t.options(tsv ? .tsv : .csv, groupBy: "country", itemFormat: "{name} ({note})")
      default:
        text = ItemSplitTests.arrayOfObjects(&rng, items: Int(rng.next() % 50) + 2, damage: round % 4 == 0)
        options = t.options(.json, groupBy: "kind", itemField: "name")
      }
      let bytes = Array(text.utf8)
      let (expected, _) = t.load(ByteBuffer(bytes), options, parallel: false, minimum: 0)
      var stream = ItemStream(buffer: ByteBuffer(bytes + Self.beyond), options: options)
      let cut = Int(rng.next() % UInt64(bytes.count / 2 + 1))
      let (result, halves) = followed(&stream, cut: cut, count: bytes.count)
      stream.release()
      #expect(result == expected, "\(options.format) cut at \(cut) of \(bytes.count)")
      if halves == 2 { splits += 1 }
    }
    #expect(splits > 40)
  }

  /// `--lines`: grouped as it arrives up to `cut`, the rest in halves at the end.
  @Test(arguments: [nil, "|"], [false, true])
  func theRestOfLinesSplitsAsAFileDoes(delimiter: String?, keepOrder: Bool) {
    var rng = SeededGenerator(seed: 5)
    for _ in 0..<40 {
      var text = ""
      for i in 0..<Int(rng.next() % 200) + 1 {
        text += "s\(rng.next() % 9)|" + ItemSplitTests.words[i % ItemSplitTests.words.count] + " \(i)"
        text += i % 7 == 0 ? "\r\n" : i % 11 == 0 ? "\n\n" : "\n"
      }
      if rng.next() % 2 == 0 { text += "last line without a line feed" }
      let bytes = Array(text.utf8)
      let expected = LineInput.load(bytes, delimiter: delimiter, keepOrder: keepOrder)
      let follower = LineFollower(buffer: ByteBuffer(bytes + Self.beyond), delimiter: delimiter, keepOrder: keepOrder)
      follower.arrived(Int(rng.next() % UInt64(bytes.count + 1)))
      let list = follower.finish(ByteBuffer(bytes), minimumSplit: 0)
      #expect(contents(list) == contents(expected))
      #expect(list.maxItemWidth == expected.maxItemWidth)
    }
  }

  /// Sectioned JSON of about `size` bytes: sections (some titles twice) of
  /// strings with escapes and non-ASCII, numbers, literals and objects with a
  /// `name`; `damage`: a control character (bad in a string and out of
  /// one) at about four fifths of it.
  static func sectioned(_ rng: inout SeededGenerator, size: Int, damage: Bool) -> [UInt8] {
    // JSON strings hold no raw control characters.
    let words = ItemSplitTests.words.filter { !$0.contains("\t") }
    var bytes = Array("{".utf8)
    var section = 0
    while bytes.count < size {
      if section > 0 { bytes += Array(",\n".utf8) }
      bytes += Array("\"Section \(rng.next() % 400)\": [".utf8)
      for i in 0..<Int(rng.next() % 40) + 1 {
        if i > 0 { bytes += Array(", ".utf8) }
        let word = words[Int(rng.next() % UInt64(words.count))]
        switch rng.next() % 5 {
        case 0: bytes += Array("\"\(word) \\\"\(i)\\\" \\\\path\"".utf8)
        case 1: bytes += Array("-\(rng.next() % 1000).25e1".utf8)
        case 2: bytes += Array(["true", "null", "false"][i % 3].utf8)
        case 3: bytes += Array("{\"name\": \"\(word) \(i)\", \"n\": [1, {\"k\": \"\\u00e9\"}]}".utf8)
        default: bytes += Array("\"\(word) \(rng.next())\"".utf8)
        }
      }
      bytes += Array("]".utf8)
      section += 1
    }
    bytes += Array("}\n".utf8)
    if damage { bytes.insert(0x01, at: bytes.count / 5 * 4) }
    return bytes
  }

  /// Sectioned JSON indexed as it arrived up to `cut`, then, once it has
  /// all come, its rest split (`JSONFollower.splitRest`: the second half
  /// scanned on another thread, adopted when the scan gets there): the list
  /// and its widest row are the ones one thread makes of the same bytes at
  /// once, and a bad byte in either half fails it as it fails them.
  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func theRestOfSectionedJSONSplitsAsAFileDoes(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let bytes = Self.sectioned(&rng, size: 7 << 20, damage: seed == 3)
    var options = LoadOptions()
    if seed % 2 == 0 { options.itemField = "name" }
    let buffer = ByteBuffer(bytes)
    let expected = try? JSONIndexer.loadHalves(buffer, options: options, progress: nil, parallel: false).list
    #expect((expected == nil) == (seed == 3))
    let followed = JSONFollower(buffer: buffer, options: options, progress: nil)
    let feed = followed.follower.feed
    let cut = Int(rng.next() % UInt64(2 << 20))
    feed.arrive(cut, atEnd: false)
    while feed.scanned.load(ordering: .acquiring) < cut && followed.earlyFailure == nil { feed.moved.wait() }
    followed.splitRest(buffer, options: options, minimum: 0)
    let list = followed.finish(buffer, options: options)
    guard let expected else {
      #expect(list == nil, "the damaged input loaded")
      return
    }
    let got = try #require(list)
    #expect(contents(got) == contents(expected), "cut at \(cut)")
    #expect(got.maxItemWidth == expected.maxItemWidth)
    if Cores.available >= 2 { #expect(followed.halves == 2, "cut at \(cut): the split was not adopted") }
  }
}

extension ItemSplitTests.Load {
  init(_ list: SectionedList, warning: String?) {
    let sections = (0..<list.sectionCount).map { s in
      [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
    }
    self.init(sections: sections, width: list.maxItemWidth, warning: warning)
  }
}

import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

@Suite struct LineInputTests {
  func lines(_ text: String, delimiter: String? = nil, keepOrder: Bool = false) -> SectionedList {
    LineInput.load(Array(text.utf8), delimiter: delimiter, keepOrder: keepOrder)
  }

  @Test func linesGroupByFoldedFirstLetterWithHashLast() {
    let list = lines("banana\nÉclair\napple\n42 things\navocado\r\n\n  \u{1F600} smile\neel\n王小明\nzebra")
    #expect(
      contents(list) == [
        ["A", "apple", "avocado"], ["B", "banana"], ["E", "Éclair", "eel"], ["S", "  \u{1F600} smile"],
        ["Z", "zebra"], ["王", "王小明"], ["#", "42 things"],
      ])
  }

  /// Each line files under its own initial, whatever lines came before
  /// it: the initial of a leading scalar is remembered, but a leading emoji
  /// is skipped for the letter after it, so it is never remembered.
  @Test func everyLineFilesUnderItsInitialWhateverCameBefore() {
    let starts = ["😀 ", "☃ ", "é", "É", "Ø", "日", "ñ", "Я", "\u{301}", "a", "4", "\u{FFFD}", " ", "한"]
    let rests = ["pple", "zebra", " 42", "lan", "本", ""]
    var state: UInt64 = 3
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % n
    }
    let text = (0..<600).map { _ in starts[next(starts.count)] + rests[next(rests.count)] }
    for (title, items) in contents(lines(text.joined(separator: "\n"))).map({ ($0[0], $0.dropFirst()) }) {
      for item in items { #expect(Initials.of(item) == title, "\(item) under \(title)") }
    }
  }

  @Test func keepOrderKeepsFirstSeenSections() {
    let list = lines("zebra\napple\nZoo\n", keepOrder: true)
    #expect(contents(list) == [["Z", "zebra", "Zoo"], ["A", "apple"]])
  }

  @Test func crlfAndAMissingFinalNewlineAreHandled() {
    let list = lines("one\r\ntwo\r\n\r\nthree")
    #expect(list.itemCount == 3)
    #expect(contents(list) == [["O", "one"], ["T", "two", "three"]])
  }

  /// A file saved with a byte-order mark (Notepad, Excel's "UTF-8" text)
  /// files its first line under its own letter, the mark not part of it;
  /// U+FEFF further in is text, as it is anywhere but the start.
  @Test func aByteOrderMarkIsNotPartOfTheFirstLine() {
    #expect(contents(lines("\u{FEFF}apple\nbanana\n")) == [["A", "apple"], ["B", "banana"]])
    #expect(contents(lines("\u{FEFF}Fruit: apple\n", delimiter: ": ")) == [["Fruit", "apple"]])
    #expect(contents(lines("\u{FEFF}\nbanana")) == [["B", "banana"]])
    let items = contents(lines("apple\n\u{FEFF}banana\n")).flatMap { $0.dropFirst() }
    #expect(items.sorted() == ["apple", "\u{FEFF}banana"])
  }

  @Test func delimiterSplitsAtTheFirstOccurrence() {
    let text = "Fruit: apple\nVeg: leek\nFruit: pear: green\nno delimiter\nEmpty: \nDeclared:"
    let list = lines(text, delimiter: ": ", keepOrder: true)
    #expect(
      contents(list) == [
        // "Empty: " declares a section; "Declared:" lacks the delimiter ": ".
        ["Fruit", "apple", "pear: green"], ["Veg", "leek"], ["", "no delimiter", "Declared:"], ["Empty"],
      ])
    let declared = lines("A\tx\nB\t\n", delimiter: "\t")
    #expect(contents(declared) == [["A", "x"], ["B"]])
  }

  /// A line's title ends at the first whole delimiter, however often the
  /// delimiter's first byte or a part of it comes before, and a delimiter
  /// ending the line declares its title: random lines of a few bytes split
  /// as Swift's own search splits them, table and runs alike.
  @Test(arguments: [":", "::", ": ", "a:b"])
  func aTitleEndsAtTheFirstWholeDelimiter(delimiter: String) {
    var rng = SeededGenerator(seed: UInt64(delimiter.utf8.count * 7 + 1))
    let alphabet = Array("ab: ".utf8)
    var text: [UInt8] = []
    var expected: [String: [String]] = [:]
    for _ in 0..<3000 {
      let line = (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % 4)] }
      text += line + [0x0A]
      guard !line.isEmpty else { continue }
      let s = String(decoding: line, as: UTF8.self)
      if let r = s.range(of: delimiter) {
        let item = String(s[r.upperBound...])
        expected[String(s[..<r.lowerBound]), default: []] += item.isEmpty ? [] : [item]
      } else {
        expected["", default: []].append(s)
      }
    }
    for filing in [LineScan.Filing.table, .runs] {
      let list = LineInput.load(
        ByteBuffer(text), delimiter: delimiter, keepOrder: false, parallel: false, filing: filing)
      var got: [String: [String]] = [:]
      for section in contents(list) { got[section[0], default: []] += section.dropFirst() }
      // The first title whose lines differ, not both dictionaries (thousands of lines).
      let wrong = Set(got.keys).union(expected.keys).sorted().first { got[$0] != expected[$0] }
      #expect(wrong == nil, "\(filing): \(wrong.map { "\($0): \(got[$0] ?? []) against \(expected[$0] ?? [])" } ?? "")")
    }
  }

  /// Past 256 sections each line's section takes more room to note: lines
  /// before and after that point still land under their own titles.
  @Test func manySectionsKeepTheirItems() {
    let text = (0..<2000).map { "s\($0 % 700)/item \($0)" }.joined(separator: "\n")
    let list = lines(text, delimiter: "/", keepOrder: true)
    #expect(list.sectionCount == 700)
    let expected = (0..<700).map { s in ["s\(s)"] + stride(from: s, to: 2000, by: 700).map { "item \($0)" } }
    #expect(contents(list) == expected)
  }

  /// A delimited title is a section by its exact bytes, as `--group-by`
  /// files a value (one grouper for both): NFC `é` and NFD `e` + U+0301 are
  /// two sections, and titles that alternate line by line are decoded
  /// once each, not once a line.
  @Test func delimitedTitlesAreSectionsByTheirBytesDecodedOnce() {
    let titles = ["Caf\u{E9}", "Cafe\u{301}", "Česko", "France"]
    let text = (0..<3000).map { "\(titles[$0 % 4])|item \($0)" }.joined(separator: "\n")
    let buffer = ByteBuffer(string: text)
    var scan = LineScan(buffer: buffer, delimiter: Array("|".utf8), keepOrder: true)
    scan.scan(from: 0, to: buffer.count)
    #expect(scan.groups.decoded == 4)
    let list = scan.finish()
    #expect(list.sections.map(\.title).map { Array($0.unicodeScalars) } == titles.map { Array($0.unicodeScalars) })
    #expect(list.sections.map(\.itemCount) == [750, 750, 750, 750])
  }

  /// `--read0`: items end at NUL; a line feed or a CR inside one is part of
  /// it (a file name may hold them), empty items are skipped, a last item
  /// without a NUL counts, and the delimiter splits as in a line.
  @Test func nulEndedItemsKeepTheirLineBreaks() {
    let text = "d\tp\nq\0d\tcr\r\0\0e\tx\0plain\nline"
    let list = LineInput.load(Array(text.utf8), delimiter: "\t", keepOrder: true, lineEnd: .nul)
    #expect(contents(list) == [["d", "p\nq", "cr\r"], ["e", "x"], ["", "plain\nline"]])
    let byInitial = LineInput.load(Array("b\nx\0a\r\n\0".utf8), delimiter: nil, keepOrder: false, lineEnd: .nul)
    #expect(contents(byInitial) == [["A", "a\r\n"], ["B", "b\nx"]])
    // The same lines as NUL-ended items make the same list.
    let lines = LineInputSplitTests.text(delimited: true).replacingOccurrences(of: "\r", with: "")
    for keepOrder in [false, true] {
      let byLine = LineInput.load(ByteBuffer(string: lines), delimiter: "\t", keepOrder: keepOrder)
      let byNUL = LineInput.load(
        ByteBuffer(string: lines.replacingOccurrences(of: "\n", with: "\0")), delimiter: "\t", keepOrder: keepOrder,
        lineEnd: .nul)
      #expect(contents(byNUL) == contents(byLine))
      #expect(byNUL.maxItemWidth == byLine.maxItemWidth)
    }
  }

  @Test func delimitedSectionsSortNaturallyByDefault() {
    let list = lines("item 10|x\nitem 2|y\nItem 1|z", delimiter: "|")
    #expect(list.sections.map(\.title) == ["Item 1", "item 2", "item 10"])
  }

  @Test func widthsAndInvalidUTF8() {
    let list = LineInput.load(Array("abc\n王小明小\n".utf8) + [0x61, 0xFF, 0x0A], delimiter: nil, keepOrder: true)
    #expect(list.maxItemWidth == 8)
    #expect(list.itemText(section: 0, item: 1) == "a\u{FFFD}")
    #expect(list.itemJSON(section: 0, item: 0) == "\"abc\"")
  }

  @Test func emptyInputHasNoSections() {
    #expect(lines("").sectionCount == 0)
    #expect(lines("\n\r\n\n").sectionCount == 0)
  }

  @Test func aMillionLinesLoad() {
    var text: [UInt8] = []
    text.reserveCapacity(20_000_000)
    let words = ["apple", "Banana", "cherry", "Émile", "zebra", "42", "王", "mango"]
    for i in 0..<1_000_000 {
      text.append(contentsOf: words[i % words.count].utf8)
      text.append(contentsOf: " \(i)\n".utf8)
    }
    let list = LineInput.load(text, delimiter: nil, keepOrder: false)
    #expect(list.itemCount == 1_000_000)
    #expect(list.sections.map(\.title) == ["A", "B", "C", "E", "M", "Z", "王", "#"])
    #expect(list.itemText(section: 7, item: 0) == "42 5")
    #expect(list.itemText(section: 6, item: 1) == "王 14")
  }

  /// A mapped file's pages are given back as the scan passes them; lines
  /// read afterwards (to show them, or to measure a wide one) must still
  /// come back intact from the file.
  @Test func aLargeMappedFileReadsBackIntactAfterItsPagesAreReleased() throws {
    var text = String(repeating: "王", count: 40) + "\n"
    for i in 0..<1_000_000 { text += "apple \(i)\n" }
    let path = Scratch.file(text, suffix: ".txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let buffer = try DataSource.read(path: path)
    #expect(buffer.isMapped && buffer.count > 2 * LineScan.releaseStep)
    let list = LineInput.load(buffer, delimiter: nil, keepOrder: false)
    #expect(list.itemCount == 1_000_001)
    #expect(list.sections.map(\.title) == ["A", "王"])
    #expect(list.itemText(section: 0, item: 0) == "apple 0")
    #expect(list.itemText(section: 0, item: 999_999) == "apple 999999")
    #expect(list.itemText(section: 1, item: 0) == String(repeating: "王", count: 40))
    #expect(list.maxItemWidth == 80)
  }
}

@Suite struct InitialsTests {
  @Test func latinLettersFoldToAToZ() {
    let cases = [
      "apple": "A", "Émile": "E", "ébène": "E", "Ångström": "A", "Özil": "O", "Øystein": "O", "ßtraße": "S",
      "Łódź": "L", "Æsir": "A", "Ｚoo": "Z", "  leading": "L",
    ]
    for (title, initial) in cases { #expect(Initials.of(title) == initial, "\(title)") }
  }

  @Test func otherScriptsKeepTheirOwnUppercasedInitial() {
    #expect(Initials.of("яблоко") == "Я")
    #expect(Initials.of("ωμέγα") == "Ω")
    #expect(Initials.of("Йогурт") == "Й")
    #expect(Initials.of("王小明") == "王")
    #expect(Initials.of("田中") == "田")
    #expect(Initials.of("한국") == "ㅎ")
    #expect(Initials.of("까치") == "ㄱ")
  }

  @Test func nonLettersFileUnderHash() {
    for title in ["", "   ", "42", "#tag", "😀", "😀 42", "٣ arabic digit", "-dash"] {
      #expect(Initials.of(title) == "#", "\(title)")
    }
  }
}

/// Large inputs are grouped on two threads (the second half from the first
/// line after the middle): the list must be the one a single thread makes.
@Suite struct LineInputSplitTests {
  /// About 2 MiB of varied lines: CRLF, empty lines, non-ASCII initials,
  /// delimited titles, title-only declarations, titles first seen late.
  static func text(delimited: Bool) -> String {
    var rng = SeededGenerator(seed: 9)
    let starts = ["apple", "Éclair", "王小明", "42 things", "  zebra", "ôde", "Ωmega", "\u{1F600} smile", "beta"]
    var out = ""
    var n = 0
    while out.utf8.count < 2 << 20 {
      let word = starts[Int(rng.next() % UInt64(starts.count))]
      let late = n > 40_000 ? " late\(n % 7)" : ""
      let line = delimited ? "title \(n % 37)\(late)\t\(word) \(n)" : "\(word) \(n)"
      out += line + (n % 5 == 0 ? "\r\n" : "\n") + (n % 11 == 0 ? "\n" : "")
      if delimited && n % 1000 == 999 { out += "declared \(n)\t\n" }
      n += 1
    }
    return out
  }

  /// With `--read0` too: the halves split after a NUL, never inside an item.
  @Test(arguments: [false, true], [LineEnd.newline, .nul])
  func twoThreadsGiveTheSameList(delimited: Bool, lineEnd: LineEnd) {
    var text = Self.text(delimited: delimited)
    if lineEnd == .nul { text = text.replacingOccurrences(of: "\n", with: "\0") }
    let buffer = ByteBuffer(string: text)
    for keepOrder in [false, true] {
      let delimiter = delimited ? "\t" : nil
      let one = LineInput.load(buffer, delimiter: delimiter, keepOrder: keepOrder, parallel: false, lineEnd: lineEnd)
      let two = LineInput.load(buffer, delimiter: delimiter, keepOrder: keepOrder, parallel: true, lineEnd: lineEnd)
      #expect(one.sections == two.sections)
      #expect(one.maxItemWidth == two.maxItemWidth)
      #expect(
        (0..<one.itemCount).allSatisfy { one.store.text(at: $0) == two.store.text(at: $0) })
      #expect(one.sectionCount > 5)
    }
  }

  /// Up to 256 sections keep each section's ranges apart; the 257th title
  /// switches to one list with a tag per item. Wherever that happens — in
  /// one half, the other, or only when the halves join — every section
  /// holds its lines in input order.
  @Test(arguments: [10, 200, 300, 5000], [false, true])
  func sectionsHoldTheirLinesInInputOrderAcrossTheSwitchToTags(titles: Int, parallel: Bool) {
    var rng = SeededGenerator(seed: UInt64(titles))
    var lines: [(title: String, item: String)] = []
    var bytes = 0
    while bytes < (3 << 20) / 2 {
      // Titles are first seen late in the second half, so the switch comes mid-way.
      let spread = lines.count < 40_000 ? min(titles, 150) : titles
      let title = "t\(Int.random(in: 0..<spread, using: &rng))"
      let item = "item \(lines.count)"
      lines.append((title, item))
      bytes += title.utf8.count + item.utf8.count + 2
    }
    let text = lines.map { "\($0.title)\t\($0.item)\n" }.joined()
    var expected: [(String, [String])] = []
    var index: [String: Int] = [:]
    for line in lines {
      if index[line.title] == nil {
        index[line.title] = expected.count
        expected.append((line.title, []))
      }
      expected[index[line.title]!].1.append(line.item)
    }
    let list = LineInput.load(ByteBuffer(string: text), delimiter: "\t", keepOrder: true, parallel: parallel)
    #expect(list.sectionCount == expected.count)
    #expect(
      (0..<list.sectionCount).allSatisfy { s in
        list.title(s) == expected[s].0 && list.itemCount(s) == expected[s].1.count
          && (0..<list.itemCount(s)).allSatisfy { list.itemText(section: s, item: $0) == expected[s].1[$0] }
      })
  }
  /// Lines are found 64 bytes at a time, and a line is plain ASCII (one
  /// cell a byte, never measured) when no byte of 0x80 or more falls inside
  /// it: lines of random lengths cross block edges anywhere, with CRLF,
  /// blank lines and no final line feed. Half the characters of a
  /// non-ASCII line take two or three bytes, so the widest line in bytes is
  /// such a line: taking one for plain would show in the width.
  @Test(arguments: [1, 2, 3, 4, 5, 6], [false, true])
  func linesAcrossBlockEdgesKeepTheirTextAndWidth(seed: Int, parallel: Bool) {
    var rng = SeededGenerator(seed: UInt64(seed))
    var text = ""
    var expected: [String] = []
    var widest = 0
    while text.utf8.count < (seed.isMultiple(of: 2) ? 3 << 20 : 5000) {
      // Seeds 5 and 6: short lines only, most of them inside one block.
      let longest = seed >= 5 ? 30 : Int.random(in: 0..<4, using: &rng) == 0 ? 300 : 70
      let length = Int.random(in: 0...longest, using: &rng)
      let high = Int.random(in: 0..<3, using: &rng) == 0
      var line = ""
      var cells = 0
      for _ in 0..<length {
        if high && Bool.random(using: &rng) {
          let wide = Bool.random(using: &rng)
          line += wide ? "中" : "é"
          cells += wide ? 2 : 1
        } else {
          line += String(UnicodeScalar(UInt8.random(in: 0x61...0x7A, using: &rng)))
          cells += 1
        }
      }
      text += line + (Int.random(in: 0..<5, using: &rng) == 0 ? "\r\n" : "\n")
      if !line.isEmpty {
        expected.append(line)
        widest = max(widest, cells)
      }
    }
    if seed % 3 == 0 { text.removeLast() }  // the last line without its line feed
    // No line holds the delimiter: all of them file under "", in input order.
    let list = LineInput.load(ByteBuffer(string: text), delimiter: "\t", keepOrder: true, parallel: parallel)
    #expect(list.itemCount == expected.count)
    #expect((0..<list.itemCount).allSatisfy { list.itemText(section: 0, item: $0) == expected[$0] })
    #expect(list.maxItemWidth == widest)
    // Plain means one cell a byte: exactly the lines of ASCII alone.
    if case .lines(let items) = list.store {
      #expect(
        (0..<list.itemCount).allSatisfy { items.ranges.isPlain($0) == expected[$0].utf8.allSatisfy { $0 < 0x80 } })
    } else {
      Issue.record("lines are not stored as lines")
    }
    let byInitial = LineInput.load(ByteBuffer(string: text), delimiter: nil, keepOrder: true, parallel: parallel)
    #expect(byInitial.itemCount == expected.count)
    #expect(byInitial.maxItemWidth == widest)
  }
  /// A large `--lines` file indexed in the background shows its first
  /// screen at once: the lines of its first MiB, whole lines only, grouped
  /// as the full load groups them; the full list is the same as without.
  /// The widest line is the widest as the terminal shows it, whatever the
  /// lines' order and wherever a split falls, when most lines can only be
  /// bounded from their bytes as they are scanned (emoji sequences,
  /// combining marks): the scan notes bounds, and only lines whose bound
  /// could beat the widest exact one are decoded at the end.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theWidestLineIsExactWhenTheScanCanOnlyBoundIt(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let pieces = ["a", "é", "中", "e\u{301}", "👍🏽", "👨‍👩‍👧", "🇫🇷", "\t", "ก\u{E33}", "x\u{200D}"]
    var text = ""
    var widest = 0
    for n in 0..<6000 {
      // Lines widen through the file on some seeds: each could be the widest so far.
      let length = seed == 1 ? n / 100 + Int(rng.next() % 4) : Int(rng.next() % 40)
      var item = ""
      for _ in 0..<length { item += pieces[Int(rng.next() % UInt64(pieces.count))] }
      text += "t\(rng.next() % 50)|" + item + "\n"
      widest = max(widest, TextSanitizer.width(item))
    }
    let buffer = ByteBuffer(string: text)
    for parallel in [false, true] {
      for filing in [LineScan.Filing.table, .runs] {
        let list = LineInput.load(
          buffer, delimiter: "|", keepOrder: false, parallel: parallel, minimumSplitSize: 4096, filing: filing)
        #expect(list.maxItemWidth == widest, "parallel \(parallel), \(filing)")
      }
    }
  }

  @Test func aLargeFileFirstShowsTheLinesOfItsFirstMiB() {
    var text = ""
    var n = 0
    while text.utf8.count < 3 << 20 {
      text += ["apple", "Banana", "cherry", "42"][n % 4] + " line \(n)\n"
      n += 1
    }
    let buffer = ByteBuffer(string: text)
    var calls: [(Int, SectionedList)] = []
    let list = LineInput.load(buffer, delimiter: nil, keepOrder: false) { bytes, snapshot in
      calls.append((bytes, snapshot()))
    }
    #expect(calls.count == 1)
    guard let (bytes, first) = calls.first else { return }
    let firstLines = text.utf8.prefix(bytes).split(separator: 0x0A)
    #expect(bytes > LineInput.firstScreenBytes && bytes < 2 * LineInput.firstScreenBytes)
    #expect(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: bytes - 1)] == 0x0A)
    #expect(first.itemCount == firstLines.count)
    #expect(first.sections.map(\.title) == ["A", "B", "C", "#"])
    #expect(first.itemText(section: 0, item: 1) == "apple line 4")
    let whole = LineInput.load(buffer, delimiter: nil, keepOrder: false)
    #expect(list.itemCount == n && list.sections == whole.sections)
    // A small file has no first screen of its own: the whole list is it.
    var small = 0
    _ = LineInput.load(ByteBuffer(string: "a\nb\n"), delimiter: nil, keepOrder: false) { _, _ in small += 1 }
    #expect(small == 0)
  }
}

/// `--lines` on a large file indexed in the background tells its progress.
@Suite struct LineProgressTests {
  /// The first screen's list at once, then every few MiB the bytes covered,
  /// growing, each snapshot still the first screen's (it stayed at
  /// `indexing 0%` for the whole index, seconds on millions of lines); the
  /// list at the end is the one loaded without progress.
  @Test func aLargeFilesProgressGrowsAsItsLinesAreIndexed() {
    var bytes: [UInt8] = []
    var n = 0
    while bytes.count < 20 << 20 {
      bytes += Array("t\(n % 5000): item \(n)\n".utf8)
      n += 1
    }
    let buffer = ByteBuffer(bytes)
    var reports: [Int] = []
    var firstScreenItems: Set<Int> = []
    let list = LineInput.load(
      buffer, delimiter: ": ", keepOrder: false,
      progress: { scanned, snapshot in
        reports.append(scanned)
        firstScreenItems.insert(snapshot().itemCount)
      })
    let whole = LineInput.load(buffer, delimiter: ": ", keepOrder: false)
    #expect(reports.count >= 3, "\(reports)")
    #expect(reports == reports.sorted() && reports.allSatisfy { $0 < buffer.count }, "\(reports)")
    #expect((reports.last ?? 0) >= 8 << 20, "\(reports)")
    #expect(firstScreenItems.count == 1 && firstScreenItems.first! < n / 10)
    #expect(list.itemCount == n && list.sectionCount == 5000)
    #expect(list.sections == whole.sections)
  }
}

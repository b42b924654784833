import Testing

@testable import SectionNavCore

/// `RecordReader.record` finds a CSV/TSV record's end and its first fields
/// in one pass: the same end as `recordBounds` (the record syntax alone, as
/// the scan read it before),
/// the same fields as `CSVScan.fields(upTo:)` splits the record into, and
/// the same errors. `ItemGroups` files a key by its bytes as written.
@Suite struct RecordReaderTests {
  static let pieces = [
    "a", "", "café", "\"q\"", "\"a,b\"", "\"said \"\"hi\"\"\"", "\"two\nlines\"", "x\"y", "\"\"", "long field of text",
    "\"cr\r\nin\"", "中文字", " ", "a\"\"b", "\"\"\"\"",
  ]

  /// Room for the fields of a record, freed with the test.
  final class Fields {
    let p = UnsafeMutablePointer<CSVScan.Field>.allocate(capacity: 8)
    deinit { p.deallocate() }
  }

  static func text(_ rng: inout SeededGenerator, tsv: Bool) -> String {
    let sep = tsv ? "\t" : ","
    var out = ""
    for _ in 0..<(1 + Int(rng.next() % 12)) {
      let n = Int(rng.next() % 7)
      out += (0...n).map { _ in
        let p = pieces[Int(rng.next() % UInt64(pieces.count))]
        return tsv ? p.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ") : p
      }.joined(separator: sep)
      out += ["\n", "\r\n", "\r", "\n\n", sep + "\n"][Int(rng.next() % 5)]
    }
    // Now and then the last record has no line break, or the text is cut anywhere.
    if rng.next() % 3 == 0 { out.removeLast() }
    if rng.next() % 4 == 0 { out = String(decoding: Array(out.utf8).prefix(Int(rng.next() % 80)), as: UTF8.self) }
    return out
  }

  typealias Pointer = UnsafePointer<UInt8>

  /// Walks the records of `bytes` from its start: line breaks between them
  /// are passed over, and `next` reads the record at `p` and says where the
  /// next one starts (nil: stop).
  static func walk(_ bytes: [UInt8], tsv: Bool, _ next: (RecordReader, _ p: Pointer, _ end: Pointer) -> Pointer?) {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !bytes.isEmpty else { return }
      let reader = RecordReader(base: base, separator: tsv ? 0x09 : 0x2C, quoted: !tsv)
      let end = base + bytes.count
      var p = base
      while p < end {
        if p.pointee == 0x0A || p.pointee == 0x0D {
          p += 1
          continue
        }
        guard let following = next(reader, p, end) else { return }
        p = following
      }
    }
  }

  @Test(arguments: [false, true]) func oneRecordPassFindsWhatTheTwoPassesFound(tsv: Bool) {
    var rng = SeededGenerator(seed: tsv ? 7 : 3)
    let (found, expected) = (Fields(), Fields())
    for _ in 0..<2000 {
      let bytes = Array(Self.text(&rng, tsv: tsv).utf8)
      for eof in [false, true] {
        Self.walk(bytes, tsv: tsv) { reader, p, end in
          let last = Int(rng.next() % 6) - 1
          let one = Result { () throws(SyntaxFailure) in
            try reader.record(p, end, eof: eof, upTo: last, into: found.p)
          }
          let two = Result { () throws(SyntaxFailure) in try reader.recordBounds(p, from: p, end, eof: eof) }
          switch (one, two) {
          case (.failure(let a), .failure(let b)):
            #expect(a.offset == b.offset && a.message == b.message)
          case (.success(nil), .success(nil)):
            break
          case (.success(let a?), .success(let b?)):
            #expect(a.0 == b.0 && a.1 == b.1, "\(bytes)")
            let n =
              last < 0
              ? 0
              : CSVScan.fields(p, a.0 - p, upTo: last, separator: reader.separator, quoted: !tsv, into: expected.p)
            #expect(a.2 == n, "\(bytes)")
            for k in 0..<min(a.2, n) { #expect(found.p[k] == expected.p[k], "\(bytes) field \(k)") }
            return a.1
          default:
            Issue.record("\(one) vs \(two) in \(bytes)")
          }
          return nil
        }
      }
    }
  }

  /// `quickRecord` (bit scans over 64-byte masks, kept from record to
  /// record) answers only when it agrees with `record` at either end of
  /// input, and answers for most records: fields longer than a block,
  /// quotes doubled across a block's edge, line breaks in quotes.
  @Test(arguments: [false, true]) func quickRecordsAreTheRecordsTheByteLoopFinds(tsv: Bool) {
    var rng = SeededGenerator(seed: tsv ? 11 : 5)
    let (found, expected) = (Fields(), Fields())
    let long = [
      String(repeating: "long text ", count: 9), "\"" + String(repeating: "quoted, \"\"long\"\"\n", count: 6) + "\"",
    ]
    var (quick, records) = (0, 0)
    for _ in 0..<400 {
      var text = ""
      for _ in 0..<8 { text += Self.text(&rng, tsv: tsv) + (rng.next() % 3 == 0 ? long[Int(rng.next() % 2)] : "") }
      let bytes = Array(text.utf8)
      var block = RecordReader.Block()
      Self.walk(bytes, tsv: tsv) { reader, p, end in
        let last = Int(rng.next() % 6) - 1
        records += 1
        guard let a = reader.quickRecord(p, end, upTo: last, into: found.p, &block) else {
          // Where it declines, the byte loop decides (here: move on past it).
          return (try? reader.record(p, end, eof: true, upTo: last, into: expected.p))?.map(\.1)
        }
        quick += 1
        for eof in [false, true] {
          guard let b = try? reader.record(p, end, eof: eof, upTo: last, into: expected.p) else {
            Issue.record("quick record where the byte loop finds none in \(bytes)")
            return nil
          }
          #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2, "\(bytes)")
          for k in 0..<min(a.2, b.2) { #expect(found.p[k] == expected.p[k], "\(bytes) field \(k)") }
        }
        return a.1
      }
    }
    #expect(quick * 2 > records)
  }

  /// Sections by a key column, and an oracle that files each record by its
  /// key decoded (`(none)` when empty or missing).
  @Test func keysAreFiledByTheirText() throws {
    var keys = ["fr", "\"fr\"", "a\"\"b", "\"a\"\"b\"", "sixteen-bytes-16", "seventeen-bytes17", "\"\"", "Österreich"]
    // Keys that differ in one middle byte, of each length the word compares read differently.
    keys += ["abcde", "abXde", "abcdefghi", "abcdXfghi", "0123456789abcde", "0123456X89abcde"]
    keys += (0..<20).map { "k\($0)" }
    var rng = SeededGenerator(seed: 11)
    var lines = ["id,key,note"]
    for n in 0..<600 { lines.append("\(n),\(keys[Int(rng.next() % UInt64(keys.count))]),x") }
    // A short key as the input's very last bytes.
    lines.append("600,k3")
    let text = lines.joined(separator: "\n")
    var options = LoadOptions(keepOrder: true)
    options.format = .csv
    options.groupBy = try GroupBy(option: "key")
    let list = try ItemLoader.loadHalves(ByteBuffer(string: text), options: options, parallel: false).result.list
    var expected: [String: [String]] = [:]
    var order: [String] = []
    for line in lines.dropFirst() {
      let fields = line.utf8.withContiguousStorageIfAvailable {
        CSVScan.fields($0.baseAddress!, $0.count, separator: 0x2C, quoted: true)
      }!
      let key = fields.count > 1 && !fields[1].isEmpty ? fields[1] : GroupBy.none
      if expected[key] == nil { order.append(key) }
      expected[key, default: []].append(line)
    }
    #expect((0..<list.sectionCount).map { list.title($0) } == order)
    for s in 0..<list.sectionCount {
      #expect((0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) } == expected[list.title(s)])
    }
  }
}

/// The scan's former record reader: the end of a record, no fields.
extension RecordReader {
  /// The end of the record starting at `start` (before its line break) and
  /// where the next one starts, read from `from` (a field's start); nil
  /// when it runs past what has arrived.
  func recordBounds(_ start: Pointer, from: Pointer, _ end: Pointer, eof: Bool) throws(SyntaxFailure) -> (
    Pointer, Pointer
  )? {
    var p = from
    while p < end {
      let c = p.pointee
      // A quote opens a quoted field only at the field's start.
      if quoted && c == 0x22 && (p == start || p[-1] == separator) {
        guard let close = try closingQuote(p, end, eof: eof) else { return nil }
        p = close + 1
        if p < end {
          let c = p.pointee
          if c != separator && c != 0x0A && c != 0x0D { throw afterQuote(p, end) }
        }
        continue
      }
      if c == separator {
        p += 1
        continue
      }
      if c == 0x0A || c == 0x0D { return lineEnd(p, end, eof: eof) }
      p = Self.nextBreak(p + 1, end, quoted: quoted)
    }
    guard eof else { return nil }
    return (end, end)
  }

  /// The first line break (or quote, when `quoted`) at or after `p`, or
  /// `end`: 16 bytes at a time, since most of a record is neither.
  @inline(__always)
  static func nextBreak(_ p: Pointer, _ end: Pointer, quoted: Bool) -> Pointer {
    var p = p
    let lf = SIMD16<UInt8>(repeating: 0x0A)
    let cr = SIMD16<UInt8>(repeating: 0x0D)
    let quote = SIMD16<UInt8>(repeating: quoted ? 0x22 : 0x0A)
    while end - p >= 16 {
      let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
      let hits = (v .== lf) .| (v .== cr) .| (v .== quote)
      if any(hits) {
        for i in 0..<16 where hits[i] { return p + i }
      }
      p += 16
    }
    while p < end {
      let c = p.pointee
      if c == 0x0A || c == 0x0D || (quoted && c == 0x22) { return p }
      p += 1
    }
    return end
  }
}

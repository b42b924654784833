import Testing

@testable import SectionNavCore

/// The walk of validated JSON that rows' fields, `--group-by` values and
/// jq's evaluation share (`JSONValueText.Members`, `Elements`, `valueEnd`,
/// `field`), on values written with every kind of spacing, escape, nesting
/// and bracket inside strings: each member and element is found exactly
/// where the writer put it, and a field is the last member of its name.
@Suite struct JSONWalkTests {
  typealias Random = CursorInvariantTests.Random

  /// Writes random valid JSON, noting where the members and elements of
  /// the outermost container lie.
  struct Writer {
    var random: Random
    var out: [UInt8] = []

    mutating func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func space() {
      for _ in 0..<pick(0...2) { out.append([0x20, 0x09, 0x0A, 0x0D][pick(0...3)]) }
    }

    mutating func string() {
      out.append(0x22)
      for _ in 0..<pick(0...6) {
        let pieces = [
          #"\""#, #"\\"#, #"\\\""#, #"\u00e9"#, "é", "e\u{301}", #"\u0065\u0301"#, "中", #"\n"#, "}]", "{[", ",:",
          "a", "b",
        ]
        out += Array(pieces[pick(0...pieces.count - 1)].utf8)
      }
      out.append(0x22)
    }

    mutating func value(depth: Int) {
      switch pick(0...(depth > 3 ? 3 : 5)) {
      case 0, 1: string()
      case 2: out += Array(["-12.5e3", "0", "7", "1E+2"][pick(0...3)].utf8)
      case 3: out += Array(["true", "false", "null"][pick(0...2)].utf8)
      case 4: _ = object(depth: depth + 1)
      default: _ = array(depth: depth + 1)
      }
    }

    mutating func object(depth: Int) -> [(key: Range<Int>, value: Range<Int>)] {
      var members: [(key: Range<Int>, value: Range<Int>)] = []
      container(0x7B, 0x7D) { writer in
        let key = writer.out.count
        writer.string()
        let keyEnd = writer.out.count
        writer.space()
        writer.out.append(0x3A)
        writer.space()
        let value = writer.out.count
        writer.value(depth: depth)
        members.append((key..<keyEnd, value..<writer.out.count))
      }
      return members
    }

    mutating func array(depth: Int) -> [Range<Int>] {
      var elements: [Range<Int>] = []
      container(0x5B, 0x5D) { writer in
        let start = writer.out.count
        writer.value(depth: depth)
        elements.append(start..<writer.out.count)
      }
      return elements
    }

    /// `open`, up to five parts written by `part` with commas between them,
    /// `close`; spaces of every kind around each.
    mutating func container(_ open: UInt8, _ close: UInt8, _ part: (inout Self) -> Void) {
      out.append(open)
      space()
      for k in 0..<pick(0...5) {
        if k > 0 {
          out.append(0x2C)
          space()
        }
        part(&self)
        space()
      }
      out.append(close)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func membersAndElementsAreWhereTheyWereWritten(seed: UInt64) {
    var writer = Writer(random: Random(state: seed))
    for round in 0..<300 {
      writer.out = []
      // Something before the container: `open` is its bracket, not byte 0.
      for _ in 0..<writer.pick(0...3) { writer.out += Array("[1, ".utf8) }
      let open = writer.out.count
      let isObject = round % 2 == 0
      let members = isObject ? writer.object(depth: 0) : []
      let elements = isObject ? [] : writer.array(depth: 0)
      let end = writer.out.count
      writer.out += Array(" , 5]".utf8)
      let text = String(decoding: writer.out, as: UTF8.self)
      writer.out.withUnsafeBufferPointer { bytes in
        #expect(JSONValueText.valueEnd(bytes, from: open) == end, "\(text)")
        if isObject {
          let found = JSONValueText.Members(bytes, open: open).map { [$0.key, $0.value] }
          #expect(found == members.map { [$0.key, $0.value] }, "\(text)")
          // Each member's name finds the last member of that name — the
          // same scalars: NFC `é` and NFD `e\u{301}` are two names, as to jq.
          let base = bytes.baseAddress!
          let names = members.map { Array(JSONValueText.unescape(base + $0.key.lowerBound, $0.key.count).utf8) }
          for name in names {
            let last = members[names.lastIndex(of: name)!].value
            let field = name.withUnsafeBufferPointer { JSONValueText.field($0, in: base + open, end - open) }
            #expect(
              field.map { open + $0.offset..<open + $0.offset + $0.length } == last,
              "\(String(decoding: name, as: UTF8.self)) in \(text)")
          }
        } else {
          #expect(Array(JSONValueText.Elements(bytes, open: open)) == elements, "\(text)")
        }
      }
    }
  }
}

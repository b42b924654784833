import Testing

@testable import SectionNavCore

/// The scan measures items from their bytes; these check it against the
/// reference (decode, then `TextSanitizer.width`) item by item.
@Suite struct ItemWidthTests {
  /// Every scalar the scan calls exact is a grapheme of that width on its
  /// own and between neighbours of either kind.
  @Test func scalarsCalledExactHaveThatWidthInAnyContext() {
    var checked = 0
    for v in UInt32(0)..<0x3_0000 {
      guard let scalar = Unicode.Scalar(v) else { continue }
      let (cells, exact) = ItemWidth.scalarCells(v)
      let alone = TextSanitizer.width(String(Character(scalar)))
      #expect(cells >= alone, "U+\(String(v, radix: 16))")
      guard exact else { continue }
      checked += 1
      #expect(cells == alone, "U+\(String(v, radix: 16))")
      for (before, after) in [("a", "b"), ("王", "é"), ("\u{1E00}", "\u{3041}")] {
        let s = before + String(Character(scalar)) + after
        #expect(TextSanitizer.width(s) == TextSanitizer.width(before) + cells + TextSanitizer.width(after))
      }
    }
    #expect(checked > 40_000)
  }

  /// For each random string item, written with random escapes: the width
  /// the scan reports is exact when it says so and never too small.
  @Test(arguments: [1, 2, 3] as [UInt64]) func stringItemsMeasuredFromTheirBytes(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<400 {
      let s = LazyDecodingTests.randomString(&rng) + (Bool.random(using: &rng) ? "café 中" : "Ωmega\u{E9}")
      let literal = LazyDecodingTests.randomlyEscaped(s, &rng)
      let body = Array(literal.utf8.dropFirst().dropLast())
      let (cells, exact) = body.withUnsafeBufferPointer { ItemWidth.cells($0.baseAddress!, $0.count, escapes: true) }
      let width = TextSanitizer.width(s)
      if exact { #expect(cells == width, "\(literal)") } else { #expect(cells >= width, "\(literal)") }
      // And the load as a whole, with a shorter item beside it.
      #expect(try load("{\"a\": [\"x\", \(literal)]}").maxItemWidth == max(1, width), "\(literal)")
      // Beside a plain item one cell narrower: the scan skips measuring an
      // escaped item whose bound is no wider than that, so the bound must hold.
      let narrower = String(repeating: "x", count: max(0, width - 1))
      #expect(try load("{\"a\": [\"\(narrower)\", \(literal)]}").maxItemWidth == width, "\(literal)")
    }
  }

  @Test func itemFieldValuesAreMeasuredByTheScan() throws {
    let json = #"{"a": [{"n": "caf\u00e9 \"q\" 中", "x": "a much longer other field"}, {"x": 1, "n": 1234567890123}]}"#
    #expect(try load(json, LoadOptions(itemField: "n")).maxItemWidth == 13)
    let single = #"{"a": [{"n": "caf\u00e9 \"q\" 中", "x": "a much longer other field"}]}"#
    #expect(try load(single, LoadOptions(itemField: "n")).maxItemWidth == 11)
    // The last of repeated names wins, as in the display.
    #expect(try load(#"{"a": [{"n": "abc", "n": "ab"}]}"#, LoadOptions(itemField: "n")).maxItemWidth == 2)
    // An object without the field shows (and measures) as compact JSON.
    #expect(try load(#"{"a": [{ "m" : "é" }]}"#, LoadOptions(itemField: "n")).maxItemWidth == 9)
  }
}

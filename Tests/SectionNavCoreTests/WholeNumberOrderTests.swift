import Testing

@testable import SectionNavCore

/// Titles that are all whole numbers (ids) are put in order by their values
/// (`NaturalOrder.wholeNumberOrder`): the order must be natural order's,
/// exactly, whatever the numbers' lengths, and anything natural order weighs
/// otherwise (leading zeros, signs, text) must take the general way.
@Suite struct WholeNumberOrderTests {
  /// The general way: sort keys, `lastTitle` after all others.
  static func natural(_ titles: [String], _ last: String?) -> [Int] {
    NaturalOrder.sortedIndices(titles) { $0 == last }
  }

  static func number(_ rng: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: String(Int.random(in: 0..<10, using: &rng))
    case 1: String(Int.random(in: 0..<1_000_000, using: &rng))
    case 2: String(UInt64.random(in: 0..<(1 << 40), using: &rng))
    default: String(UInt64.random(in: 0...9_999_999_999_999_999_999, using: &rng))
    }
  }

  @Test(arguments: 1...6) func numbersSortAsNaturalOrderSortsThem(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(seed))
    for round in 0..<40 {
      let count = Int.random(in: 2..<(round % 4 == 0 ? 3000 : 200), using: &rng)
      // Small values only on some rounds, so that values and indices fit a word together.
      let small = round % 2 == 0
      var titles = (0..<count).map { _ in
        small ? String(Int.random(in: 0..<100_000, using: &rng)) : Self.number(&rng)
      }
      if Int.random(in: 0..<3, using: &rng) == 0 { titles.insert("(none)", at: Int.random(in: 0...count, using: &rng)) }
      if Int.random(in: 0..<4, using: &rng) == 0 { titles.append(titles[0]) }
      let fast = NaturalOrder.wholeNumberOrder(titles, lastTitle: "(none)", parallelFrom: .max)
      if small { #expect(fast != nil, "\(titles.prefix(5))") }
      let natural = Self.natural(titles, "(none)")
      // Each half read and sorted on a core of its own gives the same order.
      let halves = NaturalOrder.wholeNumberOrder(titles, lastTitle: "(none)", parallelFrom: 2)
      #expect(halves == fast)
      if let fast, fast != natural {
        let k = fast.indices.first { fast[$0] != natural[$0] } ?? 0
        Issue.record("place \(k): \(titles[fast[k]]) where natural order has \(titles[natural[k]])")
      }
      #expect(NaturalOrder.sortedIndices(titles, collation: nil, lastTitle: "(none)") == natural)
    }
  }

  @Test func titlesNaturalOrderWeighsOtherwiseTakeTheGeneralWay() {
    for odd in ["007", "-3", "1e3", "1.5", "12345678901234567890", "", " 4", "٣", "(none)x"] {
      let titles = ["10", odd, "2", "(none)"]
      #expect(NaturalOrder.wholeNumberOrder(titles, lastTitle: "(none)") == nil, "\(odd)")
      #expect(NaturalOrder.sortedIndices(titles, collation: nil, lastTitle: "(none)") == Self.natural(titles, "(none)"))
    }
    // The numbers alone, and `(none)` last even when it comes first.
    #expect(NaturalOrder.wholeNumberOrder(["(none)", "10", "9", "0", "100"], lastTitle: "(none)") == [3, 2, 1, 4, 0])
  }
}

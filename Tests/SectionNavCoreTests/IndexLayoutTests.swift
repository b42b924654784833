import Testing

@testable import SectionNavCore

@Suite struct IndexLayoutTests {
  @Test func fittingEntriesAreCentredOnePerLine() {
    let l = IndexLayout(entryCount: 5, rows: 11)
    #expect(!l.collapsed)
    #expect(l.lines == 5)
    #expect(l.top == 3)
    #expect((0..<5).map { l.entry(atLine: $0) } == [0, 1, 2, 3, 4])
    // Rows above and below the entries clamp to the ends: no row maps to nothing.
    #expect(l.entry(atRow: 0) == 0)
    #expect(l.entry(atRow: 10) == 4)
  }

  @Test func exactlyFittingAndOneTooMany() {
    let exact = IndexLayout(entryCount: 7, rows: 7)
    #expect(!exact.collapsed && exact.lines == 7 && exact.top == 0)
    let over = IndexLayout(entryCount: 8, rows: 7)
    #expect(over.collapsed && over.lines == 7)
    #expect(over.entry(atLine: 0) == 0)
    #expect(over.entry(atLine: 6) == 7)
  }

  @Test func singleAndTwoEntries() {
    let one = IndexLayout(entryCount: 1, rows: 20)
    #expect(one.lines == 1 && one.top == 9)
    #expect(one.entry(atRow: 0) == 0 && one.entry(atRow: 19) == 0)
    let two = IndexLayout(entryCount: 2, rows: 1)
    #expect(two.collapsed && two.lines == 1 && two.entry(atLine: 0) == 0)
  }

  /// A list of two rows (a small terminal, `--height` at its least) still
  /// reaches both ends of the index: the first and the last label, no `•`.
  @Test func twoRowsShowTheFirstAndTheLastEntry() {
    let l = IndexLayout(entryCount: 26, rows: 2)
    #expect(l.collapsed && l.lines == 2 && l.top == 0)
    #expect(l.showsLabel(atLine: 0) && l.showsLabel(atLine: 1))
    #expect(l.entry(atRow: 0) == 0 && l.entry(atRow: 1) == 25)
    #expect(l.line(forEntry: 0) == 0 && l.line(forEntry: 25) == 1)
  }

  @Test(arguments: 3...60)
  func collapsedColumnReachesEveryEntryInOrder(rows: Int) {
    let n = 500
    let l = IndexLayout(entryCount: n, rows: rows)
    #expect(l.collapsed)
    #expect(l.lines % 2 == 1)
    #expect(l.lines <= rows && l.lines >= rows - 1)
    #expect(l.showsLabel(atLine: 0) && l.showsLabel(atLine: l.lines - 1))
    let mapped = (0..<rows).map { l.entry(atRow: $0)! }
    #expect(mapped.first == 0 && mapped.last == n - 1)
    #expect(mapped == mapped.sorted())
    // The spec formula, line by line.
    for k in 0..<l.lines {
      let expected = Int((Double(k * (n - 1)) / Double(l.lines - 1)).rounded())
      #expect(l.entry(atLine: k) == expected)
    }
    // Labels alternate with placeholders.
    for k in 0..<l.lines { #expect(l.showsLabel(atLine: k) == (k % 2 == 0)) }
  }

  @Test func zeroRowsOrEntriesMapToNothingWithoutTrapping() {
    #expect(IndexLayout(entryCount: 0, rows: 10).entry(atRow: 3) == nil)
    #expect(IndexLayout(entryCount: 10, rows: 0).entry(atRow: 0) == nil)
    #expect(IndexLayout(entryCount: 10, rows: 0).lines == 0)
  }

  @Test func currentEntryLineRoundTrips() {
    let l = IndexLayout(entryCount: 27, rows: 9)
    #expect(l.line(forEntry: 0) == 0)
    #expect(l.line(forEntry: 26) == 8)
    for e in 0..<27 {
      let line = l.line(forEntry: e)!
      // The highlighted line reaches an entry close to the current one.
      #expect(abs(l.entry(atLine: line) - e) <= 2)
    }
  }
}

import Testing

@testable import SectionNavCore

@Suite struct SectionIndexTests {
  let titles = ["1Password", "Ábaco", "apple", "Banana", "Émile", "eagle", "Zoë", "王小明", ""]

  @Test func initialsFoldCaseAndAccents() {
    let index = SectionIndex(titles: titles, mode: .initials)
    #expect(index.entries.map(\.label) == ["#", "A", "B", "E", "Z", "王"])
    #expect(index.entries.map(\.section) == [0, 1, 3, 4, 6, 7])
    // The blank title files under the existing "#" entry.
    #expect(index.entry(forSection: 8) == 0 || index.entries[index.entry(forSection: 8)!].label == "王")
    #expect(index.entry(forSection: 2) == 1)
    #expect(index.entry(forSection: 5) == 3)
  }

  /// Plain ASCII initials are read from bytes, the others through graphemes:
  /// a letter gets one entry whichever kind of title comes first.
  @Test func aLetterHasOneEntryWhicheverTitleBringsItFirst() {
    let index = SectionIndex(
      titles: ["apple", "Ábaco", "a\u{301}ngel", "banana", "Émile", "eagle", "ñu", "Ω"], mode: .initials)
    #expect(index.entries.map(\.label) == ["A", "B", "E", "N", "Ω"])
    #expect(index.entries.map(\.section) == [0, 3, 4, 6, 7])
    let alphabet = SectionIndex(titles: ["a\u{301}ngel", "apple", "Émile", "Ω", "zed"], mode: .alphabet)
    #expect(
      [0, 1, 2, 3, 4].map { alphabet.entries[alphabet.entry(forSection: $0)!].label } == ["A", "A", "E", "#", "Z"])
  }

  /// The index the terminal shows reads a list's titles where they lie
  /// (`init(sections:)`): on random titles — short and long (stored apart
  /// from the string), letters with accents or combining marks, other
  /// scripts, digits, emoji, blank — it is the index of the same titles
  /// (`init(titles:)`): the first section of each initial, which
  /// highlights its initial's entry, and the same entry highlighted for
  /// every section.
  @Test(arguments: [1, 2, 3]) func aListsIndexIsItsTitlesIndex(seed: UInt64) {
    var random = CursorInvariantTests.Random(state: seed)
    let starts = ["a", "Q", "z", "É", "e\u{301}", "ø", "王", "я", "7", " b", "🇫🇷 F", "-", "A\u{308}"]
    let titles = (0..<400).map { _ in
      let start = starts.randomElement(using: &random)!
      let tail = String(repeating: "x", count: Int.random(in: 0...30, using: &random))
      return Int.random(in: 0..<20, using: &random) == 0 ? "" : start + tail
    }
    let list = SectionedList(titles.map { (title: $0, items: ["item"]) })
    let shown = SectionIndex(sections: list.sections, mode: .initials, labels: [:], collation: nil)
    let expected = SectionIndex(titles: list.sections.map(\.title), mode: .initials)
    #expect(shown.entries == expected.entries)
    var firsts: [String: Int] = [:]
    for (s, section) in list.sections.enumerated() where firsts[Initials.of(section.title)] == nil {
      firsts[Initials.of(section.title)] = s
    }
    #expect(shown.entries.map(\.section) == firsts.values.sorted())
    for (k, entry) in shown.entries.enumerated() { #expect(shown.entry(forSection: entry.section) == k) }
    for s in 0..<list.sectionCount {
      #expect(shown.entry(forSection: s) == expected.entry(forSection: s))
    }
  }

  /// The entry highlighted while a section is current is the first entry
  /// landing on it, else the last one landing before it (the first entry
  /// for sections before them all): for entries in order it is searched
  /// for, for others worked out per section — both against that rule read
  /// literally, on random entries with several on one section and gaps.
  @Test(arguments: [1, 2, 3]) func aSectionHighlightsTheEntryLandingOnOrBeforeIt(seed: UInt64) {
    var random = CursorInvariantTests.Random(state: seed)
    for _ in 0..<60 {
      let sections = Int.random(in: 1...40, using: &random)
      var lands = (0..<Int.random(in: 1...12, using: &random)).map { _ in Int.random(in: 0..<sections, using: &random) }
      let inOrder = Bool.random(using: &random)
      if inOrder { lands.sort() }
      let index = SectionIndex(
        entries: lands.map { SectionIndex.Entry(label: "\($0)", section: $0, key: "\($0)") }, sectionCount: sections)
      for s in 0..<sections {
        let expected: Int
        if inOrder {
          expected = lands.firstIndex(of: s) ?? max(0, (lands.lastIndex { $0 < s } ?? 0))
        } else {
          // Entries out of order: the rule as a walk (each entry passed once a later one lands by then).
          var e = 0
          while e + 1 < lands.count, lands[e] < s, lands[e + 1] <= s { e += 1 }
          expected = e
        }
        let found = index.entry(forSection: s)
        #expect(found == expected, "lands \(lands), section \(s)")
      }
      #expect(index.entry(forSection: sections) == nil && index.entry(forSection: -1) == nil)
    }
    #expect(SectionIndex(entries: [], sectionCount: 3).entry(forSection: 0) == nil)
  }

  @Test func titlesModeUsesFirstGraphemesOrLabels() {
    let index = SectionIndex(titles: ["iPhone", "Mac", "  "], mode: .titles, labels: ["Mac": "💻"])
    #expect(index.entries.map(\.label) == ["iPh", "💻", "#"])
    #expect(index.labelWidth == 3)
    #expect(index.entry(startingWith: "m") == 1)
  }

  /// Two sections whose titles differ only in normalization (NFC `é`,
  /// NFD `e` and U+0301) are two sections, so each has its own label, and a
  /// label for one does not label the other.
  @Test func labelsFindTitlesByTheirScalars() {
    let (composed, decomposed) = ("Caf\u{E9}", "Cafe\u{301}")
    let both = SectionIndex(
      titles: [composed, decomposed], mode: .titles, labels: IndexLabels([(composed, "1"), (decomposed, "2")]))
    #expect(both.entries.map(\.label) == ["1", "2"])
    let one = SectionIndex(titles: [composed, decomposed], mode: .titles, labels: IndexLabels([(composed, "1")]))
    #expect(one.entries.map(\.label) == ["1", "Caf"])
  }

  @Test func alphabetMapsMissingLettersToTheSectionBefore() {
    let index = SectionIndex(titles: ["Apple", "Cherry", "Émile", "Zed", "42"], mode: .alphabet)
    #expect(index.entries.count == 27)
    #expect(index.entries.last!.label == "#")
    let target = Dictionary(uniqueKeysWithValues: index.entries.map { ($0.label, $0.section) })
    #expect(target["A"] == 0)
    #expect(target["B"] == 0)  // no B: nearest before is A
    #expect(target["C"] == 1)
    #expect(target["E"] == 2)
    #expect(target["F"] == 2)
    #expect(target["Z"] == 3)
    #expect(target["#"] == 4)
    // The highlighted entry of a section is its own letter.
    #expect(index.entries[index.entry(forSection: 2)!].label == "E")
  }

  @Test func alphabetWithNothingBeforeUsesFirstSection() {
    let index = SectionIndex(titles: ["Mango", "Zed"], mode: .alphabet)
    #expect(index.entries[0].section == 0)  // A → first section
    #expect(index.entries[12].section == 0)  // M
    #expect(index.entries[13].section == 0)  // N → M
  }

  @Test func clickEveryEntryLandsOnItsSection() throws {
    var s = TestData.state(TestData.letters, width: 40, height: 40)
    let il = s.indexLayout
    #expect(!il.collapsed)
    let column = s.layout.indexColumn + s.layout.indexWidth  // 1-based last index cell
    for k in 0..<il.lines {
      let row = s.layout.listTop + il.top + k + 1
      _ = try s.run("click \(column) \(row)")
      let section = s.index.entries[k].section
      #expect(s.topSection == section || s.offsetY == s.maxOffsetY)
      #expect(s.cursor!.section == section)
    }
  }

  /// A click after `'` answers it as any other key that is no letter: the
  /// click lands, and the next key is the list's (`q` quits, not a jump).
  @Test func aClickAfterTheJumpKeyEndsTheWait() throws {
    var s = TestData.state(TestData.letters, width: 40, height: 40)
    let column = s.layout.indexColumn + s.layout.indexWidth
    let row = s.layout.listTop + s.indexLayout.top + 3
    _ = try s.run("key '")
    _ = try s.run("click \(column) \(row)")
    let landed = s.cursor!.section
    #expect(landed == s.index.entries[2].section)
    _ = try s.run("key j")
    #expect(s.cursor!.section == landed && s.cursor!.item == 1)
  }

  @Test func dragOverCollapsedIndexVisitsMoreSectionsThanLabels() throws {
    var s = TestData.state(TestData.letters, width: 40, height: 12)
    let il = s.indexLayout
    #expect(il.collapsed)
    let column = s.layout.indexColumn + s.layout.indexWidth
    let top = s.layout.listTop + 1
    let bottom = s.layout.listTop + s.layout.listHeight
    var visited: [Int] = []
    _ = try s.run("press \(column) \(top)")
    visited.append(s.cursor!.section)
    for row in top...bottom {
      _ = try s.run("move \(column) \(row)")
      if visited.last != s.cursor!.section { visited.append(s.cursor!.section) }
    }
    _ = try s.run("release \(column) \(bottom)")
    #expect(visited.first == 0 && visited.last == 25)
    #expect(visited == visited.sorted())
    let labels = (0..<il.lines).filter { il.showsLabel(atLine: $0) }.count
    #expect(visited.count > labels)
  }

  @Test func dragKeepsTrackingOffTheColumnAndShowsBubble() throws {
    var s = TestData.state(TestData.letters, width: 40, height: 12)
    let column = s.layout.indexColumn + s.layout.indexWidth
    _ = try s.run("press \(column) 2")
    _ = try s.run("move 3 11")  // far left, near the bottom
    #expect(s.cursor!.section == 25)
    let bubbleRow = s.render().plainLines()[10]
    #expect(bubbleRow.contains(" Z "))  // the section under the pointer, not the top one
    _ = try s.run("release 3 11")
    #expect(!s.render().plainLines()[10].contains(" Z  "))
  }

  @Test func apostropheAndTypeAhead() throws {
    var s = TestData.state(
      SectionedList([("Ébène", ["x"]), ("Eagle", ["y"]), ("Émile", ["z"]), ("Zoë", ["w"])]), width: 40, height: 20)
    _ = try s.run("key ' z")
    #expect(s.cursor!.section == 3)
    _ = try s.run("key Tab")
    _ = try s.run("type em")
    #expect(s.cursor!.section == 2)
    _ = try s.run("tick 1000")
    _ = try s.run("type EB")
    #expect(s.cursor!.section == 0)
    _ = try s.run("key Backspace")
    _ = try s.run("type ea")
    #expect(s.cursor!.section == 1)
    _ = try s.run("key Down")  // E → Z: the next entry
    #expect(s.cursor!.section == 3)
    _ = try s.run("key Tab")
    _ = try s.run("key k")  // back in the list: k moves the cursor
    #expect(s.cursor!.section == 2)
  }
}

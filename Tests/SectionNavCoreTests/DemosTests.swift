import Foundation
import Testing

@testable import SectionNavCore

@Suite struct DemosTests {
  func fixture(_ name: String, _ options: LoadOptions = LoadOptions()) throws -> SectionedList {
    try JSONIndexer.load([UInt8](Data(contentsOf: fixtureURL(name))), options: options)
  }

  /// The contacts demos are filed by their locale when loaded (`contacts-*.nav`).
  @Test(arguments: Demo.allCases.filter { $0.locale == nil })
  func demoMatchesItsFixture(_ which: Demo) throws {
    let name = which.rawValue
    let demo = Demos.named(which)
    #expect(contents(try fixture("\(name).json")) == contents(demo))
    // Already in natural order, so --keep-order shows the same.
    #expect(contents(try fixture("\(name).json", LoadOptions(keepOrder: true))) == contents(demo))
    #expect(contents(demo.sortedByTitle()) == contents(demo))
    #expect(try fixture("\(name).json").maxItemWidth == demo.maxItemWidth)
  }

  @Test func numbersAndGridIndexByTheirFirstNumber() {
    #expect(Demos.indexLabels(for: .numbers)["10–19"] == "10")
    #expect(Demos.indexLabels(for: .grid)["Block 7"] == "7")
  }

  @Test func devicesScrollALongWayAndHaveALabelPerCategory() throws {
    let devices = Demos.named(.devices)
    #expect(devices.sections.map(\.title) == ["Apple TV", "Apple Watch", "HomePod", "iPad", "iPhone", "iPod", "Mac"])
    let iPhones = try #require(devices.sections.firstIndex { $0.title == "iPhone" })
    #expect(devices.itemCount(iPhones) >= 15)
    #expect(devices.itemText(section: iPhones, item: 0) == "iPhone")
    // Many screens at 80×24 (22 list rows).
    #expect(devices.itemCount + devices.sectionCount > 5 * 22)
    let labels = Demos.indexLabels(for: .devices)
    #expect(Set(labels.titles) == Set(devices.sections.map(\.title)))
    #expect(labels["iPhone"] == "📱")
  }

  @Test func numbersAreZeroToOneNinetyNineInSectionsOfTen() throws {
    let numbers = Demos.named(.numbers)
    #expect(numbers.sectionCount == 20)
    #expect(numbers.title(0) == "0–9")
    #expect(numbers.title(19) == "190–199")
    let all = (0..<20).flatMap { s in (0..<numbers.itemCount(s)).map { numbers.itemText(section: s, item: $0) } }
    #expect(all == (0..<200).map(String.init))
  }

  @Test func gridIsWideWithWideCharacters() throws {
    let grid = Demos.named(.grid)
    #expect(grid.sectionCount == 30)
    #expect((0..<30).allSatisfy { grid.itemCount($0) == 20 })
    let widths = (0..<30).flatMap { s in (0..<20).map { TextSanitizer.width(grid.itemText(section: s, item: $0)) } }
    #expect(widths.min()! >= 200 && widths.max()! <= 300)
    #expect(grid.maxItemWidth == widths.max())
    let text = (0..<20).map { grid.itemText(section: 0, item: $0) }.joined()
    #expect(text.contains("東京") && text.contains("🚀"))
  }
}

@Suite struct FixtureFilesTests {
  func load(_ name: String) throws(LoadError) -> SectionedList {
    try JSONIndexer.load((try? [UInt8](Data(contentsOf: fixtureURL(name)))) ?? [])
  }

  @Test func contactsAreAnAToZBookWithGapsAccentsAndOtherScripts() throws {
    let contacts = try load("contacts.json")
    let titles = contacts.sections.map(\.title)
    #expect(contacts.itemCount >= 40)
    #expect(!titles.contains("Q") && !titles.contains("X"))
    #expect(titles.first == "0–9")
    #expect(titles.contains("王") && titles.contains("田"))
    let everyone = (0..<contacts.sectionCount).flatMap { s in
      (0..<contacts.itemCount(s)).map { contacts.itemText(section: s, item: $0) }
    }
    for name in ["Émile Zola", "Ángel Fernández", "Mesut Özil", "Øystein Ore", "王小明", "田中太郎"] {
      #expect(everyone.contains(name), "\(name)")
    }
    #expect(everyone.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    // Every contact files under its section's letter.
    for s in 0..<contacts.sectionCount where contacts.title(s) != "0–9" {
      for i in 0..<contacts.itemCount(s) {
        #expect(Initials.of(contacts.itemText(section: s, item: i)) == contacts.title(s))
      }
    }
  }

  @Test func accentedTitlesSortIgnoringAccentsAndCase() throws {
    let list = try load("contacts-accents.json")
    #expect(
      list.sections.map(\.title) == [
        "Ålesund", "Apple", "Eagle", "Ébène", "echo", "Émile", "Øresund", "Oslo", "Zebra", "Zoë",
      ])
  }

  @Test func badSyntaxIsInvalidJSONOnLineThree() {
    let error = #expect(throws: LoadError.self) { try load("bad-syntax.json") }
    #expect(error?.kind == .invalidJSON)
    #expect(error?.line == 3)
    #expect(error?.column == 25)
  }

  @Test func badShapeIsNotSectionedOnLineTwo() {
    let error = #expect(throws: LoadError.self) { try load("bad-shape.json") }
    #expect(error?.kind == .notSectioned)
    #expect(error?.line == 2)
    #expect(error?.column == 12)
    #expect(
      error?.description.hasPrefix(
        #"2:12: error: not sectioned data: section "Fruit" is not an array of items (found a string)"#) == true)
  }
}

import Foundation
import Testing

/// The index fixtures, asserted as properties a user would check by hand.
@Suite struct IndexScriptTests {
  static func cursorSections(_ fixture: String, _ args: [String]) throws -> [String] {
    let r = try Binary.run(args + ["--script", "Fixtures/\(fixture).nav"])
    #expect(r.status == 0, "\(r.stderr)")
    return Binary.states(r.stdout).map { (($0["cursor"] as? [String: Any])?["section"] as? String) ?? "?" }
  }

  static let contactTitles: [String] = {
    let data = try! Data(contentsOf: Binary.root.appendingPathComponent("Fixtures/contacts.json"))
    let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    return object.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
  }()

  @Test func clickingEveryEntryLandsOnItsSectionInOrder() throws {
    let landed = try Self.cursorSections("index-click-contacts", ["Fixtures/contacts.json", "--size", "40x34"])
    #expect(landed.count == 27)
    #expect(Set(landed).count == 27, "every click lands on a different section")
    #expect(landed.first == "0–9" && landed.last == "田")
    #expect(Set(landed) == Set(Self.contactTitles))
  }

  @Test func draggingACollapsedIndexVisitsSectionsInOrderBeyondTheLabels() throws {
    let visited = try Self.cursorSections("index-drag-collapsed", ["Fixtures/contacts.json", "--size", "40x12"])
    let order = Self.contactTitles
    let positions = visited.map { order.firstIndex(of: $0) ?? -1 }
    #expect(positions == positions.sorted(), "sections are visited first to last")
    #expect(visited.first == order.first && visited.last == order.last)
    // 9 index lines at 40x12 show 5 real labels; the drag reaches more sections than that.
    #expect(Set(visited).count > 5)
  }

  @Test func typeAheadIgnoresCaseAndAccents() throws {
    let landed = try Self.cursorSections(
      "index-typeahead-accents", ["Fixtures/contacts-accents.json", "--size", "40x16"])
    #expect(
      landed == ["Eagle", "Ébène", "Eagle", "Øresund", "Øresund", "Zoë", "Øresund", "Zebra", "Ålesund", "Øresund"])
  }
}

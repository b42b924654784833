import Foundation
import SectionNavCore
import Testing

private let isoCodesDirectory = "/usr/share/iso-codes/json"

/// Real JSON that ships with Debian (package iso-codes, which scripts/setup
/// installs): grouped by a field, each section must hold exactly the items
/// an independent reading (Foundation's JSONSerialization) files under it.
@Suite(
  .enabled(
    if: FileManager.default.fileExists(atPath: isoCodesDirectory + "/iso_3166-2.json"),
    "iso-codes is not installed: no /usr/share/iso-codes/json (scripts/setup installs it)"))
struct IsoCodesTests {
  static let directory = isoCodesDirectory

  /// The per-value counts of `field` in the array under `key`, by Foundation.
  func expectedCounts(file: String, key: String, field: String) throws -> [String: Int] {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + file))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let list = try #require(root[key] as? [[String: Any]])
    var counts: [String: Int] = [:]
    for entry in list { counts[(entry[field] as? String) ?? GroupBy.none, default: 0] += 1 }
    return counts
  }

  /// Sections and their item counts, loading as the command line asks.
  func loadedCounts(_ arguments: [String]) throws -> (titles: [String], counts: [String: Int], list: SectionedList) {
    let config = try OptionParser.parse(arguments: arguments, environment: [:])
    let buffer = try DataSource.read(path: try #require(config.file))
    let list = try ItemLoader.load(buffer, options: LoadOptions(config)).list
    let titles = list.sections.map(\.title)
    var counts: [String: Int] = [:]
    for (s, title) in titles.enumerated() { counts[title] = list.itemCount(s) }
    return (titles, counts, list)
  }

  @Test func subdivisionsGroupByType() throws {
    let file = Self.directory + "/iso_3166-2.json"
    let args = [file, "--path", ".\"3166-2\"", "--group-by", "type", "--item-field", "name"]
    let expected = try expectedCounts(file: "iso_3166-2.json", key: "3166-2", field: "type")
    let loaded = try loadedCounts(args)
    #expect(loaded.counts == expected)
    #expect(expected.count > 50, "one section per distinct type")
    // Sections sorted like section titles; rows show the name.
    #expect(loaded.titles == loaded.titles.sorted { NaturalOrder.areInIncreasingOrder($0, $1) })
    let provinces = try #require(loaded.titles.firstIndex(of: "Province"))
    #expect(!loaded.list.itemText(section: provinces, item: 0).hasPrefix("{"))
    #expect(loaded.list.itemJSON(section: provinces, item: 0).hasPrefix("{"))
    // The binary agrees: one section per type, every subdivision once.
    let check = try Binary.run(args + ["--check"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout == "\(expected.count) sections, \(expected.values.reduce(0, +)) items\n")
  }

  @Test func languagesGroupByScope() throws {
    let file = Self.directory + "/iso_639-3.json"
    let args = [file, "--path", ".[\"639-3\"]", "--group-by", "scope", "--item-format", "{name} ({alpha_3})"]
    let expected = try expectedCounts(file: "iso_639-3.json", key: "639-3", field: "scope")
    let loaded = try loadedCounts(args)
    #expect(loaded.counts == expected)
    let individual = try #require(loaded.titles.firstIndex(of: "I"))
    let row = loaded.list.itemText(section: individual, item: 0)
    #expect(row.range(of: #"^.+ \([a-z]{3}\)$"#, options: .regularExpression) != nil, "\(row)")
  }

  @Test func aMissingKeyPointsAtTheDocument() throws {
    let file = Self.directory + "/iso_3166-1.json"
    let result = try Binary.run([file, "--path", ".countries", "--check"])
    #expect(result.status == 2)
    #expect(result.stderr == "\(file):1:1: error: path: the document (.) has no key \"countries\"\n")
  }
}

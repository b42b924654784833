/// The embedded demo data sets (`--demo NAME`), so the program shows
/// something useful with no file at all. Each is also checked in as
/// `Fixtures/NAME.json`, loaded through the JSON indexer in the tests.
/// Sections come in natural title order, so sorted and `--keep-order`
/// runs show them alike.
public enum Demos {
  public static let names = ["devices", "numbers", "grid"]

  public static func named(_ name: String) -> SectionedList? {
    guard let pairs = sections(name) else { return nil }
    return SectionedList(pairs)
  }

  /// The demo's sections as plain data.
  public static func sections(_ name: String) -> [(title: String, items: [String])]? {
    switch name {
    case "devices": return DemoDevices.sections
    case "numbers": return numbers
    case "grid": return DemoGrid.sections
    default: return nil
    }
  }

  /// Per-section index labels for a demo (like per-category symbols), or nil.
  public static func indexLabels(for name: String) -> [String: String]? {
    switch name {
    case "devices": return DemoDevices.indexLabels
    // Each range by its first number, so the index reads 0, 10, 20, ….
    case "numbers": return Dictionary(uniqueKeysWithValues: numbers.map { ($0.title, String($0.items[0])) })
    // "Block 7" → "7".
    case "grid":
      return Dictionary(
        uniqueKeysWithValues: DemoGrid.sections.map { ($0.title, String($0.title.split(separator: " ").last ?? "#")) })
    default: return nil
    }
  }

  /// "0" … "199" in 20 sections of ten titled "0–9", "10–19", ….
  static var numbers: [(title: String, items: [String])] {
    stride(from: 0, to: 200, by: 10).map { start in
      (title: "\(start)–\(start + 9)", items: (start..<start + 10).map { "\($0)" })
    }
  }
}

/// The embedded demo data sets (`--demo NAME`), so the program shows
/// something useful with no file at all. Each is also checked in as
/// `Fixtures/NAME.json`, loaded through the JSON indexer in the tests.
/// Sections come in natural title order, so sorted and `--keep-order`
/// runs show them alike.
/// The embedded demos by name (`--demo`).
public enum Demo: String, CaseIterable, Sendable {
  case devices, numbers, grid
}

public enum Demos {
  public static let names = Demo.allCases.map(\.rawValue)

  public static func named(_ demo: Demo) -> SectionedList { SectionedList(sections(demo)) }

  /// The demo's sections as plain data.
  public static func sections(_ demo: Demo) -> [(title: String, items: [String])] {
    switch demo {
    case .devices: return DemoDevices.sections
    case .numbers: return numbers
    case .grid: return DemoGrid.sections
    }
  }

  /// Per-section index labels for a demo (like per-category symbols).
  public static func indexLabels(for demo: Demo) -> [String: String] {
    switch demo {
    case .devices: return DemoDevices.indexLabels
    // Each range by its first number, so the index reads 0, 10, 20, ….
    case .numbers: return Dictionary(uniqueKeysWithValues: numbers.map { ($0.title, String($0.items[0])) })
    // "Block 7" → "7".
    case .grid:
      return Dictionary(
        uniqueKeysWithValues: DemoGrid.sections.map { ($0.title, String($0.title.split(separator: " ").last ?? "#")) })
    }
  }

  /// "0" … "199" in 20 sections of ten titled "0–9", "10–19", ….
  static var numbers: [(title: String, items: [String])] {
    stride(from: 0, to: 200, by: 10).map { start in
      (title: "\(start)–\(start + 9)", items: (start..<start + 10).map { "\($0)" })
    }
  }
}

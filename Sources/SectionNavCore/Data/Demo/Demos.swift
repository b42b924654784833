/// The embedded demo data sets (`--demo NAME`), so the program shows
/// something useful with no file at all. Each is also checked in as
/// `Fixtures/NAME.json`, loaded through the JSON indexer in the tests.
/// Sections come in natural title order, so sorted and `--keep-order`
/// runs show them alike. The contacts demos are names only, filed by their
/// language's index when loaded (the fixtures `contacts-*.nav` show them).
/// The embedded demos by name (`--demo`).
public enum Demo: String, CaseIterable, Sendable {
  case devices, numbers, grid
  case contactsJa = "contacts-ja"
  case contactsSv = "contacts-sv"
  case contactsZh = "contacts-zh"

  /// A contacts demo's language: its `--locale` unless one is given.
  public var locale: String? {
    switch self {
    case .devices, .numbers, .grid: nil
    case .contactsJa: "ja"
    case .contactsSv: "sv"
    case .contactsZh: "zh"
    }
  }
}

public enum Demos {
  public static let names = Demo.allCases.map(\.rawValue)

  public static func named(_ demo: Demo) -> SectionedList {
    demo.locale != nil ? contacts(demo, collation: nil) : SectionedList(sections(demo))
  }

  /// A contacts demo's names, one a line.
  public static func names(_ demo: Demo) -> [String] {
    switch demo {
    case .contactsJa: DemoContacts.japanese
    case .contactsSv: DemoContacts.swedish
    case .contactsZh: DemoContacts.chinese
    case .devices, .numbers, .grid: []
    }
  }

  /// A contacts demo filed by `collation`'s index, as `--lines` files lines
  /// (nil: the C locale's A–Z).
  public static func contacts(_ demo: Demo, collation: LocaleCollation?) -> SectionedList {
    let text = names(demo).joined(separator: "\n")
    let list = LineInput.load(Array(text.utf8), delimiter: nil, keepOrder: false, collation: collation)
    // Each bucket's names in the locale's order, as an address book shows them.
    let sections = (0..<list.sectionCount).map { s in
      let items = (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
      return (title: list.title(s), items: NaturalOrder.sortedIndices(items, collation: collation).map { items[$0] })
    }
    return SectionedList(sections)
  }

  /// The demo's sections as plain data.
  public static func sections(_ demo: Demo) -> [(title: String, items: [String])] {
    switch demo {
    case .devices: return DemoDevices.sections
    case .numbers: return numbers
    case .grid: return DemoGrid.sections
    case .contactsJa, .contactsSv, .contactsZh:
      let list = named(demo)
      return (0..<list.sectionCount).map { s in
        (title: list.title(s), items: (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) })
      }
    }
  }

  /// Per-section index labels for a demo (like per-category symbols).
  public static func indexLabels(for demo: Demo) -> IndexLabels {
    switch demo {
    case .devices: return DemoDevices.indexLabels
    // Each range by its first number, so the index reads 0, 10, 20, ….
    case .numbers: return IndexLabels(numbers.map { ($0.title, String($0.items[0])) })
    // "Block 7" → "7".
    case .grid:
      return IndexLabels(DemoGrid.sections.map { ($0.title, String($0.title.split(separator: " ").last ?? "#")) })
    case .contactsJa, .contactsSv, .contactsZh: return [:]
    }
  }

  /// "0" … "199" in 20 sections of ten titled "0–9", "10–19", ….
  static var numbers: [(title: String, items: [String])] {
    stride(from: 0, to: 200, by: 10).map { start in
      (title: "\(start)–\(start + 9)", items: (start..<start + 10).map { "\($0)" })
    }
  }
}

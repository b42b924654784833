@testable import SectionNavCore

/// Small data sets for core tests.
enum TestData {
  /// 20 sections "S00"… of 10 items "sNN-i": 220 rows.
  static let numbers = SectionedList(
    (0..<20).map { s in
      (title: "S" + (s < 10 ? "0" : "") + "\(s)", items: (0..<10).map { "s\(s)-\($0)" })
    })

  /// A–Z contacts, one section per letter, three names each.
  static let letters = SectionedList(
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { c in
      let l = String(UnicodeScalar(c))
      return (title: l, items: ["\(l)ack", "\(l)ill", "\(l)o"])
    })

  static func state(_ list: SectionedList = numbers, width: Int = 40, height: Int = 12) -> AppState {
    AppState(list: list, width: width, height: height)
  }
}

extension AppState {
  /// Applies a script line, failing the test on a parse error.
  mutating func run(_ line: String) throws -> Effect {
    guard let c = try CommandParser.parse(line) else { return .none }
    return try apply(c)
  }
}

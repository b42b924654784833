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
  /// Runs a script line as the script runner does (background work on the
  /// spot); throws when it cannot be parsed or carried out. Returns the
  /// effects left for the runner.
  mutating func run(_ line: String) throws -> [Effect] {
    guard let c = try CommandParser.parse(line) else { return [] }
    let effects = send(.command(c))
    for case .commandFailed(let message) in effects { throw CommandError(message) }
    return effects
  }

  /// Handles `event` with its background work done on the spot.
  @discardableResult
  mutating func send(_ event: Event) -> [Effect] {
    var runner = SynchronousRunner()
    return runner.send(event, to: &self)
  }
}

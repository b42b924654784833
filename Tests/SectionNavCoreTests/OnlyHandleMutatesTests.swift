import Foundation
import Testing

/// `AppState.handle(Event)` is the only way a runner changes the state
/// (docs/ARCHITECTURE.md): in every file that declares or extends
/// `AppState`, no other public mutating method and no stored property a
/// runner can set (`private(set)`/`internal(set)` are fine).
@Suite struct OnlyHandleMutatesTests {
  /// The public doors into `AppState` found in `text`, as `LINE: code`.
  static func doors(in text: String) -> [String] {
    var inAppState = false
    var found: [String] = []
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      // A top-level declaration says whose members follow.
      if let first = line.first, first != " ", first != "}", first != "/", first != "#" {
        inAppState = line.contains("extension AppState") || line.contains("struct AppState")
      }
      guard inAppState, line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      let code = line.dropFirst(2)
      let mutating = code.hasPrefix("public mutating ") && !code.hasPrefix("public mutating func handle(")
      // A stored property (no accessor body) or a computed one with a setter.
      let setter = code.range(of: #"\bset\b"#, options: .regularExpression) != nil
      let settable = code.hasPrefix("public var ") && (!code.contains("{") || setter)
      if mutating || settable || code.hasPrefix("public subscript") && setter {
        found.append("\(n + 1): \(code)")
      }
    }
    return found
  }

  @Test func handleIsTheOnlyPublicMutator() throws {
    let core = repositoryRoot.appendingPathComponent("Sources/SectionNavCore")
    let files = try #require(FileManager.default.enumerator(atPath: core.path)).compactMap { $0 as? String }
    var checked = 0
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
      guard text.contains("extension AppState") || text.contains("struct AppState") else { continue }
      checked += 1
      let doors = Self.doors(in: text)
      #expect(doors.isEmpty, "\(file): \(doors)")
    }
    #expect(checked >= 10, "the AppState files were not found")
  }

  /// The scan finds what it must refuse.
  @Test func theScanSeesADoor() {
    let text = """
      extension AppState {
        public mutating func startFiltering(query: String) -> [Effect] { [] }
        public var message: String?
        public private(set) var width: Int
        public var drawnRows: Range<Int> { 0..<1 }
        public var maxOffsetX: Int { 0 }
        public mutating func handle(_ event: Event) -> [Effect] { [] }
      }
      struct Other {
        public var free: Int
      }
      """
    #expect(Self.doors(in: text).count == 2)
  }
}

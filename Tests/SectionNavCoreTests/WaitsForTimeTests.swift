import Testing

@testable import SectionNavCore

/// `waitsForTime`: the terminal runner ticks only while the screen would
/// still change with time alone, and each of those changes still happens.
@Suite struct WaitsForTimeTests {
  static func state(_ configure: (inout AppSettings) throws -> Void = { _ in }) rethrows -> AppState {
    var settings = AppSettings()
    try configure(&settings)
    let items = (1...40).map { "item \($0)" }
    return AppState(
      list: SectionedList([(title: "A", items: items), (title: "B", items: items)]), settings: settings, width: 60,
      height: 10)
  }

  @Test func autoIndicatorsKeepTheClockUntilTheyHide() throws {
    var s = Self.state { $0.indicators = .auto }
    #expect(s.waitsForTime && s.indicatorsVisible)
    _ = s.handle(.tick(milliseconds: 1500))
    #expect(!s.waitsForTime && !s.indicatorsVisible)
    _ = s.handle(.key(KeyEvent(.pageDown)))
    #expect(s.waitsForTime && s.indicatorsVisible)
    _ = s.handle(.tick(milliseconds: 1499))
    #expect(s.waitsForTime)
    _ = s.handle(.tick(milliseconds: 1))
    #expect(!s.waitsForTime && !s.indicatorsVisible)
  }

  @Test func aStillScreenWaitsForNothing() throws {
    var s = try Self.state()
    #expect(!s.waitsForTime)
    _ = s.handle(.key(KeyEvent(.pageDown)))
    #expect(!s.waitsForTime)
  }

  @Test func aTypeAheadWaitsUntilItStartsOver() throws {
    var s = try Self.state()
    _ = s.handle(.key(KeyEvent(.tab)))
    #expect(!s.waitsForTime)
    _ = s.handle(.key(KeyEvent(.char("b"))))
    #expect(s.waitsForTime && s.typeahead == "b")
    _ = s.handle(.tick(milliseconds: 1000))
    #expect(!s.waitsForTime && s.typeahead == "")
  }

  @Test func aSmoothJumpWaitsUntilItLands() throws {
    var s = Self.state { $0.smooth = true }
    _ = s.handle(.tick(milliseconds: 100))
    _ = s.handle(.key(KeyEvent(.char("G"))))
    #expect(s.waitsForTime && s.displayedOffset.y < s.maxOffsetY)
    _ = s.handle(.tick(milliseconds: 1000))
    #expect(!s.waitsForTime && s.displayedOffset.y == s.maxOffsetY)
  }

  @Test func aPreviewWaitsUntilItsRunStartsAndAgainWhenTheCursorMoves() throws {
    var s = try Self.state { $0.preview = try CommandTemplate("show {item}") }
    #expect(s.waitsForTime)
    let started = s.handle(.tick(milliseconds: 100))
    #expect(started.contains { if case .runPreview = $0 { true } else { false } })
    #expect(!s.waitsForTime)
    _ = s.handle(.key(KeyEvent(.char("j"))))
    #expect(s.waitsForTime)
  }
}

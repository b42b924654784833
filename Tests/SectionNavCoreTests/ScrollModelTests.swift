import Testing

@testable import SectionNavCore

@Suite struct ScrollModelTests {
  @Test func everyOperationClampsAtBothEnds() throws {
    var s = TestData.state()
    // 40x12: pinned header, 11 list rows minus status = 10 list rows; 220 rows.
    #expect(s.layout.listHeight == 10)
    #expect(s.maxOffsetY == 210)
    for key in ["k", "C-y", "PgUp", "u", "g", "h", "0"] {
      _ = try s.run("key \(key)")
      #expect(s.offsetY == 0 && s.offsetX == 0, "after \(key)")
    }
    _ = try s.run("wheel up 5")
    #expect(s.offsetY == 0)
    _ = try s.run("key G")
    #expect(s.offsetY == 210)
    for key in ["j", "C-e", "PgDn", "d", "Space", "l", "$"] {
      _ = try s.run("key \(key)")
      #expect(s.offsetY == 210, "after \(key)")
    }
    _ = try s.run("wheel down 50")
    #expect(s.offsetY == 210)
    // Fractions outside 0…1 are rejected (the view stays), not clamped.
    #expect(throws: (any Error).self) { _ = try s.run("scroll-to 7 -3") }
    #expect(s.offsetY == 210)
    _ = try s.run("scroll-to 0 0")
    #expect(s.offsetY == 0 && s.offsetX == 0)
    _ = try s.run("scroll-to 1 1")
    #expect(s.offsetY == 210)
  }

  /// The help screen covers the list: the wheel and clicks on it leave
  /// the list where it was (they scrolled it, and moved the cursor, while
  /// it was hidden), and a click closes the help as a key does.
  @Test func theMouseOverTheHelpScreenLeavesTheListAlone() throws {
    var s = TestData.state()
    let before = (s.offsetY, s.cursorRow)
    _ = try s.run("key ?")
    _ = try s.run("wheel down 5")
    _ = try s.run("click 10 4")
    #expect(s.mode == .list)
    #expect(s.offsetY == before.0 && s.cursorRow == before.1)
    _ = try s.run("key ?")
    _ = try s.run("press 10 4")
    _ = try s.run("move 10 8")
    _ = try s.run("release 10 8")
    _ = try s.run("key x")
    #expect(s.offsetY == before.0 && s.cursorRow == before.1)
  }

  /// A double click on an item chooses it, as Enter does (fzf's
  /// `double-click`): two clicks on one item within half a second of `tick`
  /// time; slower, or on two items, they only move the cursor.
  @Test func aDoubleClickOnAnItemChoosesIt() throws {
    var s = TestData.state()
    #expect(try s.run("click 5 4").isEmpty)
    let cursor = try #require(s.cursorRow)
    #expect(try s.run("tick 600").isEmpty)
    #expect(try s.run("click 5 4").isEmpty && s.cursorRow == cursor)
    #expect(try s.run("click 5 5").isEmpty && s.cursorRow == cursor + 1)
    let chosen = try s.run("click 5 5")
    #expect(chosen.contains { $0.endsRun }, "\(chosen)")
    #expect("\(chosen)" == "\(s.chooseEffects())")
    // It chooses on the second release, not the press: a release left
    // unread reached the shell after the program ended (`0;5;6m`).
    var t = TestData.state()
    _ = try t.run("click 5 4")
    #expect(try t.run("press 5 4").isEmpty, "the second press chose")
    #expect(try t.run("release 5 4").contains { $0.endsRun })
  }

  /// `--cycle` (fzf's): a step past the last item goes to the first and
  /// back, in the list and on pick mode's filter line; without it steps stop.
  @Test(arguments: [false, true]) func cycleStepsAroundTheEnds(pick: Bool) throws {
    for cycle in [false, true] {
      var settings = AppSettings()
      settings.cycle = cycle
      settings.pick = pick
      var s = AppState(
        list: SectionedList([(title: "A", items: ["a1", "a2"]), (title: "B", items: ["b1"])]), settings: settings,
        width: 40, height: 10)
      func item() -> String? { s.cursor.map { s.list.itemText(section: $0.section, item: $0.item) } }
      _ = s.handle(.key(KeyEvent(.up)))
      #expect(item() == (cycle ? "b1" : "a1"))
      _ = s.handle(.key(KeyEvent(.down)))
      #expect(item() == (cycle ? "a1" : "a2"))
    }
  }

  @Test func scrollEdgesAndUnitPoints() throws {
    var s = TestData.state()
    _ = try s.run("scroll bottom")
    #expect(s.offsetY == 210)
    _ = try s.run("scroll center")
    #expect(s.offsetY == 105)
    _ = try s.run("scroll top")
    #expect(s.offsetY == 0)
    _ = try s.run("scroll-to 0 0.5")
    #expect(s.offsetY == 105)
  }

  /// A section the filter hides is named as hidden, not as missing.
  @Test func gotoASectionTheFilterHidesSaysSo() throws {
    var s = TestData.state()
    _ = try s.run("filter \"s3-\"")
    func message(_ line: String) -> String? {
      do {
        _ = try s.run(line)
        return nil
      } catch { return "\(error)" }
    }
    #expect(message("goto S05") == "no section named 'S05' among the filter's matches")
    #expect(message("goto S99") == "no section named 'S99'")
    #expect(message("goto S03") == nil)
  }

  /// `goto` of one letter that is no title goes where type-ahead and `'x`
  /// go, in the C locale as in a named one (it was "no section named 'M'").
  @Test func gotoOneLetterGoesWhereTypeAheadGoes() throws {
    let titles = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) + " section" } + ["Öl"]
    var s = AppState(list: SectionedList(titles.map { (title: $0, items: ["x"]) }), width: 40, height: 10)
    for (typed, landed) in [("M", "M section"), ("m", "M section"), ("o", "O section"), ("Z", "Z section")] {
      _ = try s.run("goto " + typed)
      #expect(s.cursor.map { s.list.sections[$0.section].title } == landed, "goto \(typed)")
      #expect(s.section(typed: typed).map { s.list.sections[$0].title } == landed, "type-ahead \(typed)")
    }
    #expect(throws: CommandError.self) { try s.run("goto 7") }
  }

  @Test func gotoAlignsHeaderOrItemAndClamps() throws {
    var s = TestData.state()
    _ = try s.run("goto S05")
    #expect(s.offsetY == 55)
    #expect(s.cursor! == (5, 0))
    _ = try s.run("goto S05 3 center")
    #expect(s.offsetY == 59 - 5)
    #expect(s.cursor! == (5, 3))
    _ = try s.run("goto S05 s5-3 bottom")
    #expect(s.offsetY == 59 - 9)
    // Near the end the top alignment clamps to the largest offset.
    _ = try s.run("goto S19")
    #expect(s.offsetY == 209)
    _ = try s.run("goto S19 9")
    #expect(s.offsetY == 210)
    _ = try s.run("goto S00 bottom")
    #expect(s.offsetY == 0)
    #expect(throws: CommandError.self) { _ = try s.run("goto Nope") }
    #expect(throws: CommandError.self) { _ = try s.run("goto S01 99") }
  }

  @Test func cursorMovesAcrossSectionsAndViewFollows() throws {
    var s = TestData.state()
    #expect(s.cursor! == (0, 0))
    for _ in 0..<10 { _ = try s.run("key j") }
    #expect(s.cursor! == (1, 0))
    #expect(s.cursorRow == 12)
    #expect(s.offsetY == 3)  // row 12 is the last visible row of 10
    _ = try s.run("key k")
    #expect(s.cursor! == (0, 9))
    _ = try s.run("key C-e")
    #expect(s.offsetY == 4)
    #expect(s.cursor! == (0, 9))  // the view moved, the cursor stayed
  }

  @Test(arguments: [(1, 1), (2, 1), (1, 2), (3, 3), (5, 2), (80, 1), (1, 40), (4, 4)])
  func degenerateSizesNeverTrap(width: Int, height: Int) throws {
    var s = TestData.state(width: width, height: height)
    for line in [
      "key j", "key G", "key PgDn", "key d", "key l", "key $", "scroll center", "scroll-to 0.5 0.5",
      "goto S10 center", "wheel down 3", "click 1 1", "drag 1 1 \(width) \(height)", "key ]", "key Tab",
      "key Down", "key Esc",
    ] {
      _ = try s.run(line)
      #expect(s.offsetY >= 0 && s.offsetY <= s.maxOffsetY)
      let frame = s.render()
      #expect(frame.width == width && frame.height == height)
    }
  }

  @Test func emptyDataRendersAndIgnoresNavigation() throws {
    var s = AppState(list: SectionedList([]), width: 30, height: 8)
    for line in ["key j", "key G", "key ]", "scroll bottom", "click 29 3", "key Enter"] {
      #expect(try s.run(line).isEmpty)
    }
    #expect(s.cursor == nil)
    #expect(s.stateJSON().contains("\"cursor\":null"))
    #expect(s.render().plainLines().count == 8)
  }
}

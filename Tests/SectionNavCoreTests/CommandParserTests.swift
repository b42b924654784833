import Testing

@testable import SectionNavCore

@Suite struct CommandParserTests {
  @Test func parsesEveryCommand() throws {
    #expect(
      try CommandParser.parse("key j Down C-d M-x")
        == .key([
          KeyEvent(.char("j")), KeyEvent(.down), KeyEvent(.ctrl("d")), KeyEvent(.char("x"), modifiers: .alt),
        ]))
    #expect(try CommandParser.parse("type \"i P\"") == .type("i P"))
    #expect(try CommandParser.parse("click 3 4") == .click(column: 3, row: 4))
    #expect(try CommandParser.parse("drag 1 2 3 4") == .drag(column: 1, row: 2, toColumn: 3, toRow: 4))
    #expect(try CommandParser.parse("wheel down") == .wheel(.down, count: 1, column: nil, row: nil))
    #expect(try CommandParser.parse("wheel up 3 10 5") == .wheel(.up, count: 3, column: 10, row: 5))
    #expect(try CommandParser.parse("resize 100x30") == .resize(width: 100, height: 30))
    #expect(
      try CommandParser.parse("goto \"Apple Watch\" center")
        == .goto(section: "Apple Watch", item: nil, alignment: .center))
    #expect(try CommandParser.parse("goto iPhone 3") == .goto(section: "iPhone", item: .index(3), alignment: .top))
    #expect(
      try CommandParser.parse("goto iPhone \"iPhone 12\" bottom")
        == .goto(section: "iPhone", item: .text("iPhone 12"), alignment: .bottom))
    #expect(try CommandParser.parse("scroll-to 0.5 1") == .scrollTo(x: 0.5, y: 1))
    #expect(try CommandParser.parse("print ansi") == .print(ansi: true))
    #expect(try CommandParser.parse("tick 1500") == .tick(1500))
    #expect(try CommandParser.parse("  # comment") == nil)
    #expect(try CommandParser.parse("") == nil)
    #expect(try CommandParser.parse("type \"say \\\"hi\\\" \\\\\"") == .type("say \"hi\" \\"))
  }

  @Test(arguments: [
    "bogus", "key", "key NotAKey", "click 1", "click a b", "click 0 1", "resize 0x0", "resize 99999x2",
    "scroll middle", "scroll-to x 1", "type \"open", "goto", "goto a b c d", "goto a b sideways",
    "wheel sideways", "tick -1", "print color", "state now",
  ])
  func rejectsBadLines(line: String) {
    #expect(throws: CommandError.self) { try CommandParser.parse(line) }
  }

  @Test func scriptStopsAtFirstBadLineWithItsNumber() {
    var s = TestData.state()
    var out: [String] = []
    let outcome = ScriptRunner.run("state\n\n# c\nkey j\nfly away\nstate", state: &s) { out.append($0) }
    #expect(outcome == .failed(line: 5, message: "unknown command 'fly'"))
    #expect(out.count == 1)
  }

  /// A key name longer than any key's is unknown at once: thousands of
  /// `M-` took time and memory growing with their square (80 KB of them:
  /// 8 s and 1.6 GB) and were Alt+x in the end.
  @Test func anOverlongKeyNameIsUnknown() {
    let name = String(repeating: "M-", count: 5000) + "x"
    #expect(throws: CommandError("unknown key '\(name.prefix(KeyNames.longestName))…'")) {
      try CommandParser.parse("key " + name)
    }
    #expect(throws: (any Error).self) { try KeyBind.parse(name + ":down") }
    #expect((try? CommandParser.parse("key M-C-PageDown")) != nil)
  }

  @Test func enterChoosesAndQuitStops() {
    var s = TestData.state()
    #expect(
      ScriptRunner.run("key j j Enter\nstate", state: &s) { _ in } == .ended(.chose([ChosenItem(section: 0, item: 2)])))
    #expect(ScriptRunner.run("quit\nstate", state: &s) { _ in } == .ended(.quit))
    #expect(ScriptRunner.run("key C-c", state: &s) { _ in } == .ended(.interrupted))
  }
}

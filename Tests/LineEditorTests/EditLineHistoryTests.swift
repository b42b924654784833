import Testing

@testable import LineEditor

/// The C shim over libedit's `history()`: what Up/Down and Ctrl-R will browse.
@Suite struct EditLineHistoryTests {
  @Test func entriesComeBackInBothDirections() throws {
    let history = try #require(EditLineHistory())
    for line in ["goto iPad", "scroll top", "print"] { history.enter(line) }
    #expect(history.count == 3)
    #expect(history.oldestFirst == ["goto iPad", "scroll top", "print"])
    #expect(history.newestFirst == ["print", "scroll top", "goto iPad"])
  }

  @Test func uniqueModeSkipsARepeatOfTheNewestLine() throws {
    let history = try #require(EditLineHistory())
    for line in ["quit", "quit", "help", "quit"] { history.enter(line) }
    #expect(history.oldestFirst == ["quit", "help", "quit"])
  }

  @Test func replaceMirrorsAHistoryValue() throws {
    let history = try #require(EditLineHistory())
    history.enter("stale")
    var value = History()
    for line in ["a", "b", "a"] { value.add(line) }
    history.replace(with: value)
    #expect(history.oldestFirst == ["b", "a"])
    history.clear()
    #expect(history.count == 0)
    #expect(history.oldestFirst.isEmpty)
  }

  @Test func capacityDropsTheOldest() throws {
    let history = try #require(EditLineHistory(capacity: 3))
    for n in 1...5 { history.enter("line \(n)") }
    #expect(history.oldestFirst == ["line 3", "line 4", "line 5"])
  }
}

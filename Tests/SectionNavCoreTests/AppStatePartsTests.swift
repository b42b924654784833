import Testing

@testable import SectionNavCore

/// The state is a few owned parts (docs/ARCHITECTURE.md, "The state"), the
/// `:`/`/` prompt and the `&` line edit through one `LineEdit`, and the
/// modes hand the keys back where a user expects them.
@Suite struct AppStatePartsTests {
  /// Each part owns its update; a new field goes into the part it belongs to.
  @Test func appStateHoldsAtMostTenParts() {
    let parts = Mirror(reflecting: TestData.state()).children.map { $0.label ?? "?" }
    #expect(parts.count <= 10, "\(parts)")
  }

  /// The same keys give the same line on the prompt and on the filter line.
  @Test func promptAndFilterLineEditAlike() throws {
    let keys = "type \"mac pro\"\nkey Left Left Left Left Backspace C-a\ntype x\nkey C-e C-w"
    var prompt = TestData.state()
    var filter = TestData.state()
    _ = try prompt.run("key /")
    _ = try filter.run("key &")
    for line in keys.split(separator: "\n") {
      _ = try prompt.run(String(line))
      _ = try filter.run(String(line))
    }
    #expect(prompt.prompt?.text == "xma ")
    #expect(filter.filtering.line.text == "xma ")
  }

  /// A long line typed into the filter starts one filter, not one per
  /// character each holding its query (8 000 characters took 493 MB).
  @Test func typingALongQueryStartsOneFilter() throws {
    var s = TestData.state()
    _ = try s.run("key &")
    let effects = s.handle(.command(.type(String(repeating: "z", count: 3000))))
    let starts = effects.filter { if case .start = $0 { true } else { false } }
    #expect(starts.count == 1)
    #expect(s.filtering.line.text.count == 3000)
  }

  /// Keys typed at the end and in the middle leave the line and its caret
  /// where the text as it reads puts them: a combining mark joins the
  /// letter before it, a prepended sign (U+0600) the digit after it, and
  /// the caret stays before what followed (a mark typed mid-line once left
  /// it one character too far, so the next key went after the `c`).
  @Test func theCaretCountsCharactersAsTheLineReads() {
    var line = LineEdit()
    var typed = ""
    for c: Character in ["a", "e", "\u{301}", "x", "\u{600}", "1", "b", "🇫", "🇷", "c", " ", "d"] {
      let edited = line.edit(KeyEvent(.char(c)))
      #expect(edited)
      typed.unicodeScalars.append(contentsOf: c.unicodeScalars)
      #expect(line.text == typed && line.caret == typed.count, "after \(typed.debugDescription)")
    }
    var middle = LineEdit("abc")
    for key: Key in [.left, .char("\u{301}"), .char("x")] {
      let edited = middle.edit(KeyEvent(key))
      #expect(edited)
    }
    #expect(middle.text == "ab\u{301}xc" && middle.split.before == "ab\u{301}x")
  }

  /// fzf's word keys on the query line (a word: letters and digits), and
  /// `C-y` putting back what a kill took. `M-f` typed an `f` into the
  /// query, changing the results; an Alt chord the line has no use for
  /// types nothing.
  @Test func wordKeysMoveAndKillByWordsAndAltNeverTypes() throws {
    var s = TestData.state()
    _ = try s.run("key &")
    _ = try s.run("type \"foo-bar baz\"")
    func line() -> String { s.filtering.line.split.before + "|" + s.filtering.line.split.after }
    _ = try s.run("key M-b")
    #expect(line() == "foo-bar |baz")
    _ = try s.run("key M-b M-b")
    #expect(line() == "|foo-bar baz")
    _ = try s.run("key M-f S-Right")
    #expect(line() == "foo-bar| baz")
    _ = try s.run("key M-Left M-Right")
    #expect(line() == "foo-bar| baz")
    _ = try s.run("key S-Left M-d")
    #expect(line() == "foo-| baz")
    _ = try s.run("key End M-Backspace")
    #expect(line() == "foo- |")
    _ = try s.run("key C-y C-y")
    #expect(line() == "foo- bazbaz|")
    _ = try s.run("key C-u Home C-y")
    #expect(line() == "foo- bazbaz|")
    _ = try s.run("key M-x M-q M-Space")
    #expect(line() == "foo- bazbaz|")
    #expect(s.filtering.requested == "foo- bazbaz")
  }

  /// Pick mode: fzf's aborts, Esc, `C-g` and `C-q`, each end the run (130).
  @Test(arguments: [Key.escape, .ctrl("g"), .ctrl("q")]) func pickModeAbortsAsFzf(key: Key) {
    var settings = AppSettings()
    settings.pick = true
    var s = AppState(list: BackgroundWorkTests.list(["Alpha"]), settings: settings, width: 40, height: 10)
    let effects = s.handle(.key(KeyEvent(key)))
    guard effects.count == 1, case .interrupt = effects[0] else {
      Issue.record("expected the run to end, got \(effects)")
      return
    }
  }

  /// Pick mode: `C-z` suspends, as fzf's default binds it (it did nothing).
  @Test func controlZSuspendsFromTheQueryLine() {
    var settings = AppSettings()
    settings.pick = true
    var s = AppState(list: BackgroundWorkTests.list(["Alpha"]), settings: settings, width: 40, height: 10)
    let effects = s.handle(.key(KeyEvent(.ctrl("z"))))
    #expect(effects.contains { if case .suspend = $0 { true } else { false } }, "\(effects)")
  }

  /// Pick mode: a chord nothing binds does nothing, as in fzf (`C-Up`
  /// moved the cursor as Up does, `M-Enter` chose as Enter does).
  @Test func anUnboundChordOnTheQueryLineDoesNothing() {
    var settings = AppSettings()
    settings.pick = true
    var s = AppState(list: BackgroundWorkTests.list(["Alpha", "Beta"]), settings: settings, width: 40, height: 10)
    let before = s.cursor
    for event in [
      KeyEvent(.down, modifiers: .control), KeyEvent(.down, modifiers: .shift), KeyEvent(.enter, modifiers: .alt),
    ] {
      #expect(s.handle(.key(event)).isEmpty, "\(event)")
    }
    #expect(s.cursor?.section == before?.section && s.cursor?.item == before?.item)
    _ = s.handle(.key(KeyEvent(.down)))
    #expect(s.cursor?.item == 1)
  }

  /// The prompt draws its caret where the next character goes.
  @Test func promptShowsItsCaret() throws {
    var s = TestData.state()
    _ = try s.run("key :")
    _ = try s.run("type abc")
    _ = try s.run("key Left")
    #expect(s.render().plainLines().last?.hasPrefix(":ab▏c") == true)
    // Backspace on an empty prompt still closes it.
    _ = try s.run("key C-u Backspace")
    #expect(s.prompt?.text == "c")
    _ = try s.run("key End Backspace Backspace")
    #expect(s.prompt == nil)
  }

  /// Pick mode: Esc after an Enter that waits for indexing gives the keys back
  /// to the query line, not to browse mode's letter commands.
  @Test func pickModeEscFromAWaitingEnterReturnsToTheQuery() throws {
    var settings = AppSettings()
    settings.pick = true
    var s = AppState(list: TestData.numbers, settings: settings, width: 40, height: 12)
    _ = try s.run("simulate indexing 40")
    #expect(s.send(.key(KeyEvent(.enter))).isEmpty)
    _ = s.send(.key(KeyEvent(.escape)))
    #expect(s.filterLineOpen)
    _ = try s.run("type q")
    #expect(s.filtering.line.text == "q")
  }

  /// An Enter that waits for the filter's result belongs to that line: once
  /// `filter ""` has closed it, a line opened again takes typing (the wait
  /// used to outlive the line and swallow every key but Esc).
  @Test func aWaitingEnterEndsWithItsLine() {
    var s = TestData.state()
    _ = s.handle(.key(KeyEvent(.char("&"))))
    // Not sent through a runner: the filter job stays running.
    #expect(!s.handle(.key(KeyEvent(.char("z")))).isEmpty)
    #expect(s.handle(.key(KeyEvent(.enter))).isEmpty)
    _ = s.handle(.command(.filter("")))
    _ = s.handle(.key(KeyEvent(.char("&"))))
    _ = s.handle(.key(KeyEvent(.char("a"))))
    #expect(s.filtering.line.text == "a")
  }
}

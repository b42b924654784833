import Testing

@testable import SectionNavCore

/// Work that runs beside the UI — searches, a load that grows or fails — goes
/// out as effects and comes back as events through `handle`, so these rules
/// are tested without threads.
@Suite struct BackgroundWorkTests {
  static func list(_ titles: [String], items: Int = 5) -> SectionedList {
    SectionedList(titles.map { t in (title: t, items: (0..<items).map { "\(t)-\($0)" }) })
  }

  /// A picker (pick mode, ranked) over `list`, and a runner that holds its jobs until `settle`.
  static func picker(_ list: SectionedList, binds: [KeyBind] = []) -> (AppState, SynchronousRunner) {
    var settings = AppSettings()
    settings.pick = true
    settings.sort = true
    settings.binds = binds
    var runner = SynchronousRunner()
    runner.holding = true
    return (AppState(list: list, settings: settings, width: 40, height: 10), runner)
  }

  /// The item under the cursor.
  static func cursorText(_ s: AppState) -> String? {
    s.cursor.map { s.list.itemText(section: $0.section, item: $0.item) }
  }

  @Test func aSearchIsAJobAndItsResultAnEvent() throws {
    var s = AppState(list: Self.list(["Alpha", "Beta"]), width: 40, height: 10)
    let effects = s.handle(.command(.search("Beta-3")))
    guard effects.count == 1, case .start(let job) = effects[0] else {
      Issue.record("expected one job, got \(effects)")
      return
    }
    // Nothing moved yet: the result is not in.
    #expect(Self.cursorText(s) == "Alpha-0")
    #expect(s.message == "searching for 'Beta-3'… (Esc stops)")
    #expect(s.handle(job.run(shouldStop: { false })).isEmpty)
    #expect(Self.cursorText(s) == "Beta-3")
    #expect(s.message == "match 1/1")
    // A result for a job the state no longer waits for changes nothing.
    _ = try s.run("goto Alpha")
    #expect(s.handle(job.run(shouldStop: { false })).isEmpty)
    #expect(Self.cursorText(s) == "Alpha-0")
  }

  /// `seq 500 | sectionnav -q 12`: the query's job starts over the list
  /// on screen when the run begins; data that comes before its result is
  /// filtered again. It stayed at `filtering 0%` over the unfiltered list
  /// (the job's result, for the list it began on, is dropped), and Enter
  /// printed the first item, `1`, with exit 0.
  @Test func aQueryGivenBeforeTheDataArrivesFiltersTheData() {
    var (s, runner) = Self.picker(Self.list(["Alpha"], items: 1))
    _ = runner.send(.startFilter(query: "eta-4", openLine: true), to: &s)
    _ = runner.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta"]), progress: nil)), to: &s)
    _ = runner.settle(&s)
    #expect(s.isFiltered)
    #expect(Self.cursorText(s) == "Beta-4")
    #expect(s.render().plainLines().allSatisfy { !$0.contains("filtering") })
    let effects = runner.send(.key(KeyEvent(.enter)), to: &s) + runner.settle(&s)
    guard case .choose(let section, let item)? = effects.last else {
      Issue.record("expected a choice, got \(effects)")
      return
    }
    #expect(s.dataList.itemText(section: section, item: item) == "Beta-4")
  }

  /// Pick mode, typed fast: Enter before the filter's result is in waits
  /// for it, so `zzz` Enter ends with nothing chosen (exit 1, as fzf) and
  /// `eta-4` Enter picks its one match — never the first row of the query
  /// before (in tmux, `zzz` Enter printed the first item).
  @Test(arguments: [("zzz", nil), ("eta-4", "Beta-4")] as [(String, String?)])
  func enterBeforeTheFilterResultWaitsForIt(query: String, chosen: String?) {
    var (s, runner) = Self.picker(Self.list(["Alpha", "Beta"]))
    for c in query { _ = runner.send(.key(KeyEvent(.char(c))), to: &s) }
    #expect(runner.send(.key(KeyEvent(.enter)), to: &s).isEmpty, "Enter acted before the result")
    // A key typed after Enter does not change what Enter asked for.
    _ = runner.send(.key(KeyEvent(.char("x"))), to: &s)
    let effects = runner.settle(&s)
    if let chosen {
      guard case .choose(let section, let item)? = effects.last else {
        Issue.record("expected a choice, got \(effects)")
        return
      }
      #expect(s.dataList.itemText(section: section, item: item) == chosen)
    } else {
      guard case .quit? = effects.last else {
        Issue.record("expected the end without a choice, got \(effects)")
        return
      }
    }
  }

  /// Keys typed in one burst act in order on the result of the query typed
  /// before them: `-4` Down Enter picks the second match (Down moved the
  /// old rows' cursor, which the result then put back on the first: fzf
  /// picks the second), and a bound `accept` or `print(…)` after `zzz`
  /// ends with nothing chosen, as Enter does (`--bind enter:accept` chose
  /// the first row of the query before).
  @Test func keysTypedAheadActOnTheResultOfTheQueryBeforeThem() throws {
    var (s, runner) = Self.picker(Self.list(["Alpha", "Beta"]))
    for c in "-4" { _ = runner.send(.key(KeyEvent(.char(c))), to: &s) }
    #expect(runner.send(.key(KeyEvent(.down)), to: &s).isEmpty)
    #expect(runner.send(.key(KeyEvent(.enter)), to: &s).isEmpty)
    guard case .choose(let section, let item)? = runner.settle(&s).last else {
      Issue.record("expected a choice")
      return
    }
    // The second match: `Beta-4`, shorter, ranks first.
    #expect(s.dataList.itemText(section: section, item: item) == "Alpha-4")

    // A move holds nothing after it (typing edits the query at once, on
    // millions of items too), and a bound key waits its turn: a rebound
    // Esc (`first`) after two Downs goes back to the first match.
    var (u, ur) = Self.picker(Self.list(["Alpha", "Beta"]), binds: try KeyBind.parse("esc:first"))
    for key in [Key.char("-"), .down, .char("4")] { _ = ur.send(.key(KeyEvent(key)), to: &u) }
    #expect(u.filtering.line.text == "-4")
    for key in [Key.down, .escape, .enter] { _ = ur.send(.key(KeyEvent(key)), to: &u) }
    guard case .choose(let s2, let i2)? = ur.settle(&u).last else {
      Issue.record("expected a choice")
      return
    }
    #expect(u.dataList.itemText(section: s2, item: i2) == "Beta-4")

    let binds = try KeyBind.parse("enter:accept,ctrl-y:print({item})")
    for key in ["enter", "ctrl-y"] {
      var (t, r) = Self.picker(Self.list(["Alpha", "Beta"]), binds: binds)
      for c in "zzz" { _ = r.send(.key(KeyEvent(.char(c))), to: &t) }
      _ = r.send(.key(try KeyBind.parse("\(key):accept")[0].key!), to: &t)
      guard case .quit? = r.settle(&t).last else {
        Issue.record("\(key): expected the end without a choice")
        return
      }
    }
  }

  /// Tab typed before the result of the query marks an item of that
  /// result, as fzf does, not the row shown before it.
  @Test func tabTypedAheadMarksAnItemOfTheQuerysResult() throws {
    var (s, runner) = Self.picker(Self.list(["Alpha", "Beta"]))
    var settings = s.settings
    settings.multi = true
    s = AppState(list: s.dataList, settings: settings, width: 40, height: 10)
    for key in [Key.char("4"), .tab, .tab, .enter] { _ = runner.send(.key(KeyEvent(key)), to: &s) }
    guard case .chooseItems(let items)? = runner.settle(&s).last else {
      Issue.record("expected the marked items")
      return
    }
    #expect(Set(items.map { s.dataList.itemText(section: $0.section, item: $0.item) }) == ["Alpha-4", "Beta-4"])
  }

  @Test(arguments: [Key.escape, .ctrl("c")])
  func escOrControlCCancelsARunningSearchAndOnlyThen(key: Key) {
    var s = AppState(list: Self.list(["Alpha", "Beta"]), width: 40, height: 10)
    var runner = SynchronousRunner()
    runner.holding = true
    _ = runner.send(.command(.search("Beta")), to: &s)
    guard case .cancel? = s.handle(.key(KeyEvent(key))).first else {
      Issue.record("\(key) did not cancel the search")
      return
    }
    // With no search running, Esc quits as always.
    var idle = AppState(list: Self.list(["Alpha"]), width: 40, height: 10)
    guard case .quit? = idle.handle(.key(KeyEvent(.escape))).first else {
      Issue.record("Esc did not quit")
      return
    }
  }

  /// Issue 14: `:search` ran on the main thread and froze the UI. Every
  /// search — `/`, `:search`, `n` over data that changed — is a job.
  @Test func everySearchIsAJob() throws {
    var s = AppState(list: Self.list(["Alpha", "Beta"]), width: 40, height: 10)
    for line in [Event.lineEdited(.search, "Beta", warning: nil), .lineEdited(.command, "search Beta", warning: nil)] {
      let effects = s.handle(line)
      #expect(effects.contains { if case .start = $0 { true } else { false } }, "\(line)")
    }
    // `n` over data that changed since the matches were found searches again.
    _ = try s.run("search Beta")
    _ = s.handle(.data(DataUpdate(list: Self.list(["Beta", "Alpha"]), progress: nil)))
    #expect(s.handle(.key(KeyEvent(.char("n")))).isEmpty, "n waits for the refresh under way")
    // Stepping through fresh matches needs no search.
    _ = try s.run("search Beta")
    #expect(s.handle(.key(KeyEvent(.char("n")))).isEmpty)
    #expect(s.message?.hasPrefix("match ") == true)
  }

  /// Issue 14: a search during background indexing saw only the snapshot and
  /// its "no match" stuck after indexing completed.
  @Test func aSearchDuringIndexingIsFoundAgainWhenTheDataGrows() throws {
    var s = AppState(list: SectionedList([]), width: 40, height: 10)
    _ = s.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta"]), progress: 0.3)))
    _ = try s.run("search Zulu-2")
    #expect(s.message == "no match for 'Zulu-2'")
    _ = s.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta", "Mike", "Zulu"]), progress: 0.8)))
    #expect(Self.cursorText(s) == "Zulu-2")
    #expect(s.message == "match 1/1")
  }

  /// The status line follows a search found again over more data: its
  /// count grows with the matches (it kept the first snapshot's `match
  /// 1/2144` on the whole list), and a `no match` said of the old data reads
  /// `searching…` while the new is searched, then `no match` again.
  @Test func theStatusLineFollowsASearchFoundAgain() throws {
    var s = AppState(list: SectionedList([]), width: 40, height: 10)
    _ = s.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta"]), progress: 0.3)))
    _ = try s.run("search -1")
    #expect(s.message == "match 1/2")
    _ = s.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta", "Mike"]), progress: 0.6)))
    #expect(s.message == "match 1/3")
    _ = try s.run("search Zulu-2")
    #expect(s.message == "no match for 'Zulu-2'")
    var runner = SynchronousRunner()
    runner.holding = true
    _ = runner.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta", "Mike", "Yank"]), progress: 0.9)), to: &s)
    #expect(s.message == "searching for 'Zulu-2'…")
    _ = runner.settle(&s)
    #expect(s.message == "no match for 'Zulu-2'")
  }

  /// Issue 14: after the final, re-sorted list replaced the snapshot, `n`
  /// landed on rows that no longer matched, with stale k/m counts.
  @Test func nAfterTheDataChangedLandsOnRealMatches() throws {
    let titles = ["Zulu", "Alpha", "Mike", "Beta"]
    var s = AppState(list: SectionedList([]), width: 40, height: 10)
    _ = s.send(.data(DataUpdate(list: Self.list(Array(titles.prefix(2))), progress: 0.5)))
    _ = try s.run("search -3")
    #expect(s.message == "match 1/2")
    #expect(Self.cursorText(s) == "Zulu-3")
    // The final list arrives while the refreshed search is still running.
    var runner = SynchronousRunner()
    runner.holding = true
    _ = runner.send(.data(DataUpdate(list: Self.list(titles).sortedByTitle(), progress: nil)), to: &s)
    _ = runner.send(.key(KeyEvent(.char("n"))), to: &s)
    #expect(s.message == "searching for '-3'…")
    _ = runner.settle(&s)
    // From Zulu-3 (now the last section) n wraps to the first match.
    #expect(Self.cursorText(s) == "Alpha-3")
    #expect(s.message == "match 1/4 (search wrapped)")
    for expected in ["Beta-3", "Mike-3", "Zulu-3"] {
      _ = try s.run("next")
      #expect(Self.cursorText(s) == expected)
    }
    #expect(s.message == "match 4/4")
  }

  /// A query typed while a file loads, then Enter: the choice waits for the
  /// query's result over the whole data (it was made at once from no
  /// result: nothing chosen, exit 1); a bound `execute` replayed after the
  /// result pauses the keys behind it until it ends (an Enter after it was
  /// lost in the runner); an early Up under `--cycle` counts to the last match.
  @Test func heldKeysWaitForTheLoadAnExecuteAndCycle() throws {
    var (s, runner) = Self.picker(Self.list(["Alpha", "Beta"]))
    _ = runner.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta"]), progress: 0.4)), to: &s)
    for c in "eta-4" { _ = runner.send(.key(KeyEvent(.char(c))), to: &s) }
    _ = runner.settle(&s)
    runner.holding = true
    _ = runner.send(.key(KeyEvent(.enter)), to: &s)
    #expect(runner.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta", "Mike"]), progress: nil)), to: &s).isEmpty)
    guard case .choose(let section, let item)? = runner.settle(&s).last else {
      Issue.record("expected a choice once the query's result is in")
      return
    }
    #expect(s.dataList.itemText(section: section, item: item) == "Beta-4")

    var (t, r) = Self.picker(Self.list(["Alpha", "Beta"]), binds: try KeyBind.parse("ctrl-e:execute(echo {})"))
    for key in [Key.char("-"), .char("4"), .ctrl("e"), .enter] { _ = r.send(.key(KeyEvent(key)), to: &t) }
    let replayed = r.settle(&t)
    let run = try #require(replayed.compactMap { if case .execute(let id, _, _) = $0 { id } else { nil } }.first)
    #expect(!replayed.contains { $0.endsRun }, "Enter acted in the same batch as the execute")
    #expect(t.handle(.executeFinished(id: run)).contains { $0.endsRun })

    var settings = s.settings
    settings.cycle = true
    var u = AppState(list: Self.list(["Alpha", "Beta"]), settings: settings, width: 40, height: 10)
    var ur = SynchronousRunner()
    ur.holding = true
    for key in [Key.char("-"), .char("4"), .up, .enter] { _ = ur.send(.key(KeyEvent(key)), to: &u) }
    guard case .choose(let s3, let i3)? = ur.settle(&u).last else {
      Issue.record("expected a choice")
      return
    }
    // Beta-4 ranks first (shorter): Up from it wraps to the last match.
    #expect(u.dataList.itemText(section: s3, item: i3) == "Alpha-4")
  }

  /// A cursor moved onto a match stays there while a stream's new data is
  /// filtered again: a partial result that has not reached it yet (a chunk
  /// stops after a screenful) leaves it followed, also into the next
  /// snapshot's run (it went back to the first match for good).
  @Test func aMovedCursorOutlivesPartialResultsOfNewData() throws {
    // More matches than a chunk checks before it shows a screenful (`FilterJob.step`).
    let items = (0..<9000).map { "x\($0 + 10000)" }
    var (s, runner) = Self.picker(SectionedList([(title: "A", items: items)]))
    runner.holding = false
    _ = runner.send(.key(KeyEvent(.char("x"))), to: &s)
    for _ in 0..<5000 { _ = s.handle(.key(KeyEvent(.down))) }
    #expect(Self.cursorText(s) == "x15000")
    for more in 1...2 {
      let grown = SectionedList([(title: "A", items: items + (0..<more).map { "x\(90000 + $0)" })])
      _ = runner.send(.data(DataUpdate(list: grown, progress: 0, reading: true)), to: &s)
      #expect(Self.cursorText(s) == "x15000", "after snapshot \(more)")
    }
    // A snapshot that comes while a run's partial result shows: followed on.
    var held = SynchronousRunner()
    held.holding = true
    let bigger = SectionedList([(title: "A", items: items + ["x90005"])])
    _ = held.send(.data(DataUpdate(list: bigger, progress: 0, reading: true)), to: &s)
    let job = try #require(held.release().first)
    _ = s.handle(job.run(shouldStop: { false }))
    #expect(s.filtering.progress != nil, "the first chunk was the whole run")
    _ = runner.send(.data(DataUpdate(list: bigger, progress: 0, reading: true)), to: &s)
    #expect(Self.cursorText(s) == "x15000", "after a snapshot during a partial result")
  }

  /// New data filtered again for the same query: the whole result shown
  /// stays, its count too, until the new run has as many matches or is
  /// done — a partial result made the count go backwards (34/604985, then
  /// 23/604985 filtering 43%) and the rows go away meanwhile.
  @Test func aCountNeverGoesBackWhileNewDataIsFilteredAgain() throws {
    let items = (0..<9000).map { "x\($0 + 10000)" }
    var (s, runner) = Self.picker(SectionedList([(title: "A", items: items)]))
    _ = s.handle(.resize(width: 100, height: 10))
    runner.holding = false
    _ = runner.send(.key(KeyEvent(.char("x"))), to: &s)
    let counted = try #require(s.render().plainLines().last)
    #expect(counted.contains(" 9000/9000"), "\(counted)")
    var held = SynchronousRunner()
    held.holding = true
    let bigger = SectionedList([(title: "A", items: items + ["x90005"])])
    _ = held.send(.data(DataUpdate(list: bigger, progress: 0, reading: true)), to: &s)
    let job = try #require(held.release().first)
    // One chunk of the new run; the rest held.
    held.holding = true
    _ = held.send(job.run(shouldStop: { false }), to: &s)
    #expect(s.filtering.progress != nil, "the first chunk was the whole run")
    let partial = try #require(s.render().plainLines().last)
    #expect(partial.contains(" 9000/9001") && partial.contains("filtering"), "\(partial)")
    #expect(s.list.itemCount == 9000)
    _ = held.settle(&s)
    let whole = try #require(s.render().plainLines().last)
    #expect(whole.contains(" 9001/9001") && !whole.contains("filtering"), "\(whole)")
  }

  /// Pick mode, which has no status line, keeps its query line while an
  /// Enter waits for the load, and says there that it waits (browse mode's
  /// status line, with `? help  q quit`, replaced it).
  @Test func pickModeSaysOnItsQueryLineThatEnterWaitsForTheLoad() throws {
    var (s, runner) = Self.picker(Self.list(["Alpha", "Beta"]))
    _ = s.handle(.resize(width: 80, height: 10))
    _ = runner.send(.data(DataUpdate(list: Self.list(["Alpha", "Beta"]), progress: 0.4)), to: &s)
    for c in "eta" { _ = runner.send(.key(KeyEvent(.char(c))), to: &s) }
    _ = runner.settle(&s)
    _ = s.handle(.key(KeyEvent(.enter)))
    let line = try #require(s.render().plainLines().last)
    #expect(line.hasPrefix("> eta▏") && line.contains("printing once indexing ends"), "\(line)")
    #expect(!line.contains("help"))
  }

  /// Issue 14: Enter before background indexing finished printed an item and
  /// exited 0 although the data turned out invalid.
  @Test func anExitAskedForDuringIndexingWaitsForTheLoad() throws {
    var s = AppState(list: Self.list(["Alpha"]), width: 40, height: 10)
    _ = s.send(.data(DataUpdate(list: Self.list(["Alpha"]), progress: 0.4)))
    for key in ["Enter", "q"] {
      #expect(try s.run("key \(key)").isEmpty)
      var failing = s
      let bad = Failure("invalid JSON: bad", at: "x.json:9:1")
      guard case .fail(let failure)? = failing.send(.loadFailed(bad)).first else {
        Issue.record("the failed load did not end the run")
        continue
      }
      #expect(failure.description == "x.json:9:1: error: invalid JSON: bad")
      var finishing = s
      let end = finishing.send(.data(DataUpdate(list: Self.list(["Alpha"]), progress: nil)))
      switch (key, end.first) {
      case ("Enter", .choose(0, 0)?), ("q", .quit?): break
      default: Issue.record("after \(key), the finished load gave \(end)")
      }
      _ = try s.run("key Esc")
    }
  }
}

/// One error type: the prefix (or location) is added once, and nothing raw
/// from a file name or argument reaches the terminal.
@Suite struct FailureTests {
  @Test func thePrefixOrTheLocationComesFirstOnce() {
    #expect(Failure("no such demo").description == "sectionnav: error: no such demo")
    #expect(Failure("unknown command 'x'", at: "s.nav:3").description == "s.nav:3: error: unknown command 'x'")
    #expect(UsageError("bad --size").failure.description == "sectionnav: error: bad --size\nTry 'sectionnav --help'.")
    #expect(
      LoadError(.invalidJSON, line: 2, column: 5, "x").failure(in: "d.json").description
        == "d.json:2:5: error: invalid JSON: x")
  }

  @Test func controlCharactersInMessagesAreShownNotSent() {
    let hostile = "evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}.json"
    let text = Failure("cannot open \(hostile)", at: hostile + ":1:1").description
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" })
    #expect(text.contains("evil"))
  }
}

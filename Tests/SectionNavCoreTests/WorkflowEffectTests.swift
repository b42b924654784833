import Testing

@testable import SectionNavCore

/// The preview and `--bind` rules on the effect boundary: what `handle`
/// asks the runner to do, and what it does with the answers.
@Suite struct WorkflowEffectTests {
  static func state(
    preview: String? = "show {item}", binds: String? = nil, pick: Bool = false, multi: Bool? = nil
  ) throws -> AppState {
    var settings = AppSettings()
    settings.pick = pick
    settings.multi = multi ?? pick
    settings.preview = try preview.map { try CommandTemplate($0) }
    if let binds { settings.binds = try KeyBind.parse(binds) }
    return AppState(
      list: SectionedList([(title: "A", items: ["a 1", "a'2", "a3"]), (title: "B", items: ["b1"])]),
      settings: settings, width: 60, height: 10)
  }

  static func previews(_ effects: [Effect]) -> [(id: Int, command: ShellLine)] {
    effects.compactMap { if case .runPreview(let id, let c) = $0 { return (id, c) } else { return nil } }
  }

  static func cancelled(_ effects: [Effect]) -> [Int] {
    effects.compactMap { if case .cancelPreview(let id) = $0 { return id } else { return nil } }
  }

  /// Data still arriving puts another item on the cursor's row (a section
  /// sorted in before it): its preview runs; a snapshot that leaves the
  /// cursor's item as it was runs nothing again.
  @Test func thePreviewFollowsTheItemWhenArrivingDataMovesIt() throws {
    var s = AppState(
      list: SectionedList([(title: "Z", items: ["zed"])]), settings: try Self.state().settings, width: 60, height: 10)
    let first = Self.previews(s.handle(.tick(milliseconds: 100)))
    #expect(first.map { $0.command.value("SECTIONNAV_ITEM") } == ["zed"])
    _ = s.handle(.previewOutput(id: first[0].id, Array("PV zed\n".utf8)))
    _ = s.handle(.data(Self.partial([(title: "Z", items: ["zed", "zoo"])])))
    #expect(Self.previews(s.handle(.tick(milliseconds: 200))).isEmpty, "the cursor's item is still zed")
    _ = s.handle(.data(Self.partial([(title: "A", items: ["alpha"]), (title: "Z", items: ["zed", "zoo"])])))
    #expect(BackgroundWorkTests.cursorText(s) == "alpha")
    _ = s.handle(.tick(milliseconds: 50))
    let again = Self.previews(s.handle(.tick(milliseconds: 100)))
    #expect(again.map { $0.command.value("SECTIONNAV_ITEM") } == ["alpha"])
  }

  /// A preview that reads the query or the marks starts after the same
  /// first rest as any other (it waited a second 100 ms: the key wanted
  /// from the start had no query in it).
  @Test(arguments: ["show {q} {item}", "show {+}"])
  func aPreviewOfTheQueryOrMarksStartsAfterTheFirstRest(template: String) throws {
    var s = try Self.state(preview: template, pick: true)
    #expect(Self.previews(s.handle(.tick(milliseconds: 100))).count == 1)
  }

  @Test func thePreviewStartsOnceTheCursorHasRestedAndAStaleRunIsKilled() throws {
    var s = try Self.state()
    let first = Self.previews(s.handle(.tick(milliseconds: 100)))
    #expect(first.map(\.command.text) == [#"show ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}"#])
    #expect(first.map { $0.command.value("SECTIONNAV_ITEM") } == ["a 1"])
    // Two quick moves: nothing starts until the cursor rests, then one run
    // for where it is, and the run for the item it left is killed.
    #expect(Self.previews(s.handle(.key(KeyEvent(.char("j"))))).isEmpty)
    #expect(Self.previews(s.handle(.key(KeyEvent(.char("j"))))).isEmpty)
    let rested = s.handle(.tick(milliseconds: 100))
    #expect(Self.cancelled(rested) == [first[0].id])
    let second = Self.previews(rested)
    #expect(second.map { $0.command.value("SECTIONNAV_ITEM") } == ["a3"])
    // The killed run's output, if it still arrives, is not shown.
    _ = s.handle(.previewOutput(id: first[0].id, Array("old\n".utf8)))
    #expect(s.previewLines.isEmpty)
    _ = s.handle(.previewOutput(id: second[0].id, Array("new\n".utf8)))
    #expect(s.previewLines == ["new"])
    // Resting on the same item runs nothing again.
    #expect(Self.previews(s.handle(.tick(milliseconds: 500))).isEmpty)
  }

  /// A preview that reads the query or the marks runs again when they
  /// change under a resting cursor (fzf's way); one that reads neither
  /// does not.
  @Test func thePreviewFollowsTheQueryAndTheMarksItReads() throws {
    var s = try Self.state(preview: "show {q} {+}", binds: "ctrl-x:toggle-mark", pick: true)
    var plain = try Self.state(preview: "show {item}", pick: true)
    let start = Self.previews(s.handle(.tick(milliseconds: 100)) + s.handle(.tick(milliseconds: 100)))
    #expect(start.map { $0.command.value("SECTIONNAV_QUERY") } == [""])
    _ = plain.handle(.tick(milliseconds: 100)) + plain.handle(.tick(milliseconds: 100))
    // The filter's jobs run as they are asked for (a mark waits for the result of the query typed before it).
    var runner = SynchronousRunner()
    for c in "a" {
      _ = runner.send(.key(KeyEvent(.char(c))), to: &s)
      #expect(Self.previews(plain.handle(.key(KeyEvent(.char(c))))).isEmpty)
    }
    let typed = Self.previews(s.handle(.tick(milliseconds: 100)))
    #expect(typed.map { $0.command.value("SECTIONNAV_QUERY") } == ["a"])
    #expect(Self.previews(plain.handle(.tick(milliseconds: 100))).isEmpty)
    #expect(s.cursor?.item == 0)
    _ = s.handle(.key(KeyEvent(.ctrl("x"))))
    #expect(s.cursor?.item == 0)
    let marked = Self.previews(s.handle(.tick(milliseconds: 100)))
    #expect(marked.map { $0.command.value("SECTIONNAV_MARKED_1") } == ["a 1"])
    // Resting with nothing changed runs nothing again.
    #expect(Self.previews(s.handle(.tick(milliseconds: 500))).isEmpty)
  }

  @Test func aClosedPaneRunsNothingAndTheListGetsTheWholeScreen() throws {
    var s = try Self.state()
    #expect(s.width == 30 && s.screenWidth == 60)
    _ = s.handle(.key(KeyEvent(.char("p"))))
    #expect(s.width == 60 && s.previewSplit.pane == nil)
    #expect(Self.previews(s.handle(.tick(milliseconds: 1000))).isEmpty)
  }

  @Test func executeWaitsForItsEndBeforeTheRestOfTheChain() throws {
    var s = try Self.state(preview: nil, binds: "x:execute(vi {item})+down")
    let effects = s.handle(.key(KeyEvent(.char("x"))))
    guard case .execute(let id, let command, let silent)? = effects.first else {
      Issue.record("no execute effect: \(effects)")
      return
    }
    #expect(
      command.text == #"vi ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}"# && command.value("SECTIONNAV_ITEM") == "a 1"
        && !silent)
    #expect(s.cursor?.item == 0)
    _ = s.handle(.executeFinished(id: id + 1))  // not ours
    #expect(s.cursor?.item == 0)
    _ = s.handle(.executeFinished(id: id))
    #expect(s.cursor?.item == 1)
  }

  @Test func reloadKeepsTheCursorOnItsItemAndAnOldAnswerIsIgnored() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(make-list)")
    _ = s.handle(.key(KeyEvent(.char("j"))))
    let effects = s.handle(.key(KeyEvent(.ctrl("r"))))
    guard case .reload(let id, let command, let streamed)? = effects.first else {
      Issue.record("no reload effect: \(effects)")
      return
    }
    #expect(command == ShellLine(text: "make-list") && streamed)
    let list = SectionedList([(title: "A", items: ["a0", "a 1", "a'2"]), (title: "C", items: ["c"])])
    _ = s.handle(.reloaded(id: id + 7, DataUpdate(list: list, progress: nil)))
    #expect(s.list.sectionCount == 2 && s.list.title(1) == "B")
    _ = s.handle(.reloaded(id: id, DataUpdate(list: list, progress: nil)))
    #expect(s.list.title(1) == "C")
    #expect(s.cursor.map { s.list.itemText(section: $0.section, item: $0.item) } == "a'2")
    // The original source (a stream still arriving) no longer replaces the data.
    _ = s.handle(.data(DataUpdate(list: SectionedList([(title: "Z", items: ["z"])]), progress: 0.5)))
    #expect(s.list.title(1) == "C" && s.loadProgress == nil)
  }

  /// A reload command that exits non-zero fails the reload: the data it
  /// printed is not taken, and the status line says why.
  @Test func aReloadThatExitsNonZeroKeepsTheData() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(make-list)")
    guard case .reload(let id, _, _)? = s.handle(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no reload effect")
      return
    }
    let list = SectionedList([(title: "Q", items: ["q"])])
    _ = s.handle(.reloaded(id: id, DataUpdate(list: list, progress: nil), exitStatus: 3))
    #expect(s.list.title(0) == "A" && s.list.sectionCount == 2)
    #expect(s.message == "reload failed: the command exited with status 3")
  }

  static func reloads(_ effects: [Effect]) -> [(id: Int, command: ShellLine)] {
    effects.compactMap { if case .reload(let id, let c, _) = $0 { return (id, c) } else { return nil } }
  }

  /// fzf's `reload` streams: what the command has written shows while it
  /// runs (`reading… N items`), the cursor's item is found again once it
  /// ends; `reload-sync` asks the runner for the data only at the end.
  @Test func aStreamedReloadShowsItsDataAsItArrives() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(make-list),f5:reload-sync(make-list)")
    _ = s.handle(.key(KeyEvent(.char("j"))))
    guard case .reload(let id, _, true)? = s.handle(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no streamed reload")
      return
    }
    // Until the command writes, the status line says a reload runs.
    #expect(s.render().plainLines().last?.contains("reloading…") == true)
    let partial = SectionedList([(title: "N", items: ["n1"])])
    _ = s.handle(.reloadProgress(id: id + 1, DataUpdate(list: partial, progress: 0, reading: true)))
    #expect(s.list.title(0) == "A", "a progress of a reload not waited for is dropped")
    _ = s.handle(.reloadProgress(id: id, DataUpdate(list: partial, progress: 0, reading: true)))
    #expect(s.list.sectionCount == 1 && s.list.title(0) == "N" && s.loadReading)
    #expect(s.render().plainLines().last?.contains("reading… 1 item ") == true)
    let whole = SectionedList([(title: "A", items: ["a0", "a 1", "a'2"]), (title: "N", items: ["n1"])])
    _ = s.handle(.reloaded(id: id, DataUpdate(list: whole, progress: nil)))
    #expect(s.loadProgress == nil && !s.loadReading)
    #expect(s.render().plainLines().last?.contains("read") == false)
    #expect(s.cursor.map { s.list.itemText(section: $0.section, item: $0.item) } == "a'2")
    guard case .reload(_, _, false)? = s.handle(.key(KeyEvent(.function(5)))).first else {
      Issue.record("reload-sync streamed")
      return
    }
  }

  static func marked(_ s: AppState) -> [String] {
    s.markedItems.map { s.dataList.itemText(section: $0.section, item: $0.item) }
  }

  static func partial(_ pairs: [(title: String, items: [String])]) -> DataUpdate {
    DataUpdate(list: SectionedList(pairs), progress: 0, reading: true)
  }

  /// Marks made on a streamed reload's data stay on their items when it
  /// ends; marks made on one reload's data are dropped when another
  /// reload's data replaces it (they would name other items).
  @Test func marksOnAStreamedReloadStayOnItsItemsOnly() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(a),ctrl-t:reload(b),ctrl-x:toggle-mark", pick: true)
    guard case .reload(let first, _, _)? = s.handle(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no reload")
      return
    }
    _ = s.handle(.reloadProgress(id: first, Self.partial([(title: "R", items: ["r1", "r2"])])))
    _ = s.handle(.key(KeyEvent(.down)))
    _ = s.handle(.key(KeyEvent(.ctrl("x"))))
    #expect(Self.marked(s) == ["r2"])
    let whole = SectionedList([(title: "Q", items: ["q1"]), (title: "R", items: ["r1", "r2", "r3"])])
    _ = s.handle(.reloaded(id: first, DataUpdate(list: whole, progress: nil)))
    #expect(Self.marked(s) == ["r2"])
    guard case .reload(let second, _, _)? = s.handle(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no second reload")
      return
    }
    _ = s.handle(.reloadProgress(id: second, Self.partial([(title: "R", items: ["s1", "s2"])])))
    #expect(Self.marked(s).isEmpty, "the marks named the first reload's items")
    _ = s.handle(.key(KeyEvent(.down)))
    _ = s.handle(.key(KeyEvent(.ctrl("x"))))
    #expect(Self.marked(s) == ["s2"])
    guard
      case .reload(let third, _, _)? = s.handle(.key(KeyEvent(.ctrl("t")))).first(where: {
        if case .reload = $0 { return true } else { return false }
      })
    else {
      Issue.record("no third reload")
      return
    }
    // The same title in the third's data: s2's mark must not pass to t2.
    _ = s.handle(.reloadProgress(id: third, Self.partial([(title: "R", items: ["t1", "t2"])])))
    #expect(Self.marked(s).isEmpty, "the marks named the second reload's items")
  }

  /// While a streamed reload arrives, the cursor goes to its item from
  /// before once that item has come; a move of the user's wins over it,
  /// then and at the end.
  @Test func theCursorFollowsItsItemIntoAStreamedReloadUntilTheUserMoves() throws {
    for userMoves in [false, true] {
      var s = try Self.state(preview: nil, binds: "ctrl-r:reload(a)")
      _ = s.handle(.key(KeyEvent(.char("j"))))
      _ = s.handle(.key(KeyEvent(.char("j"))))
      #expect(BackgroundWorkTests.cursorText(s) == "a3")
      guard case .reload(let id, _, _)? = s.handle(.key(KeyEvent(.ctrl("r")))).first else {
        Issue.record("no reload")
        return
      }
      _ = s.handle(.reloadProgress(id: id, Self.partial([(title: "A", items: ["a0", "a 1", "x"])])))
      if userMoves { _ = s.handle(.key(KeyEvent(.char("k")))) }
      let mine = BackgroundWorkTests.cursorText(s)
      #expect(mine == (userMoves ? "a 1" : "x"))
      _ = s.handle(.reloadProgress(id: id, Self.partial([(title: "A", items: ["a0", "a 1", "x", "a3"])])))
      #expect(BackgroundWorkTests.cursorText(s) == (userMoves ? mine : "a3"))
      let whole = SectionedList([(title: "A", items: ["a0", "a 1", "x", "a3"]), (title: "C", items: ["c"])])
      _ = s.handle(.reloaded(id: id, DataUpdate(list: whole, progress: nil)))
      #expect(BackgroundWorkTests.cursorText(s) == (userMoves ? mine : "a3"), "userMoves: \(userMoves)")
    }
  }

  /// Pick mode has no status line: its filter line says what went wrong
  /// (a failed reload, a mark without `--multi`) until the next key, in
  /// at most half the line, the query and counts kept.
  @Test func thePickersFilterLineSaysWhatWentWrong() throws {
    var settings = try Self.state(preview: nil, binds: "ctrl-r:reload(a),ctrl-x:toggle-mark").settings
    settings.pick = true
    var s = AppState(list: try Self.state().list, settings: settings, width: 60, height: 10)
    _ = s.send(.key(KeyEvent(.char("a"))))
    _ = s.send(.key(KeyEvent(.ctrl("x"))))
    let line = { (s: AppState) in s.render().plainLines().last ?? "" }
    #expect(line(s).hasPrefix("> a▏") && line(s).contains("marking needs") && line(s).contains(" 3/4"), "\(line(s))")
    guard case .reload(let id, _, _)? = s.send(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no reload")
      return
    }
    _ = s.send(.reloaded(id: id, DataUpdate(list: SectionedList([]), progress: nil), exitStatus: 1))
    #expect(line(s).hasPrefix("> a▏") && line(s).contains("reload failed") && line(s).contains(" 3/4"), "\(line(s))")
    _ = s.send(.key(KeyEvent(.backspace)))
    #expect(!line(s).contains("reload failed"))
    // A query longer than the line: the prompt, the query's end, the
    // message cut with `…`, the counts (the prompt stays, as fzf's).
    _ = s.send(.paste(String(repeating: "q", count: 70)))
    _ = s.send(.key(KeyEvent(.ctrl("x"))))
    #expect(line(s).hasPrefix("> qqq") && line(s).hasSuffix("q▏   marking needs --multi 0/4"), "\(line(s))")
    guard case .reload(let again, _, _)? = s.send(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no reload")
      return
    }
    _ = s.send(.reloaded(id: again, DataUpdate(list: SectionedList([]), progress: nil), exitStatus: 12))
    #expect(line(s).hasPrefix("> qqq") && line(s).contains("q▏   reload failed: ") && line(s).hasSuffix("… 0/4"))
    // A short query leaves the message more; a narrow screen keeps the query alone.
    _ = s.send(.key(KeyEvent(.ctrl("u"))))
    _ = s.send(.key(KeyEvent(.ctrl("x"))))
    s.resize(width: 100, height: 10)
    #expect(line(s).hasPrefix("> ▏") && line(s).contains("marking needs --multi 4/4"), "\(line(s))")
    s.resize(width: 14, height: 10)
    _ = s.send(.paste("a 1"))
    _ = s.send(.key(KeyEvent(.ctrl("x"))))
    #expect(line(s).hasPrefix("> a 1▏") && !line(s).contains("mark"), "\(line(s))")
  }

  /// Of equal items in a section, the cursor keeps the one it was on
  /// (its place), streamed or not.
  @Test func aReloadKeepsTheCursorOnTheSameOfEqualItems() throws {
    for key in ["r", "t"] {
      var settings = AppSettings()
      settings.binds = try KeyBind.parse("ctrl-r:reload(a),ctrl-t:reload-sync(a)")
      var s = AppState(
        list: SectionedList([(title: "D", items: ["dup", "mid", "dup"])]), settings: settings, width: 40, height: 10)
      _ = s.handle(.key(KeyEvent(.char("G"))))
      #expect(s.cursor?.item == 2)
      guard case .reload(let id, _, _)? = s.handle(.key(KeyEvent(.ctrl(Character(key))))).first else {
        Issue.record("no reload")
        return
      }
      let grown = [(title: "D", items: ["dup", "mid", "dup", "end"])]
      if key == "r" {
        _ = s.handle(.reloadProgress(id: id, Self.partial([(title: "D", items: ["dup"])])))
        _ = s.handle(.reloadProgress(id: id, Self.partial(grown)))
        #expect(s.cursor?.item == 2, "while it streams")
      }
      _ = s.handle(.reloaded(id: id, DataUpdate(list: SectionedList(grown), progress: nil)))
      #expect(s.cursor?.item == 2, "\(key)")
    }
  }

  /// A streamed reload that fails after showing part of its output puts
  /// back what it replaced — the newest data of the original source, which
  /// kept arriving meanwhile, with the marks and the cursor's item — as
  /// `reload-sync`'s failure leaves it.
  @Test func aStreamedReloadThatFailsPutsTheDataBack() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(make-list),ctrl-x:toggle-mark", pick: true)
    _ = s.handle(.key(KeyEvent(.down)))
    _ = s.handle(.key(KeyEvent(.ctrl("x"))))
    let marked = s.filtering.marks
    #expect(marked.count == 1)
    guard case .reload(let id, _, _)? = s.handle(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no reload")
      return
    }
    _ = s.handle(
      .reloadProgress(
        id: id, DataUpdate(list: SectionedList([(title: "N", items: ["n1"])]), progress: 0, reading: true)))
    #expect(s.list.title(0) == "N" && s.filtering.marks.isEmpty)
    let grown = SectionedList([
      (title: "A", items: ["a 1", "a'2", "a3"]), (title: "B", items: ["b1"]), (title: "C", items: ["c"]),
    ])
    _ = s.handle(.data(DataUpdate(list: grown, progress: nil)))
    #expect(s.list.title(0) == "N", "the original source does not replace the reload's data on screen")
    _ = s.handle(.reloadFailed(id: id, "reload output: 1:1: bad"))
    #expect(s.list.sectionCount == 3 && s.loadProgress == nil)
    #expect(s.filtering.marks == marked)
    #expect(s.cursor.map { s.list.itemText(section: $0.section, item: $0.item) } == "a'2")
    #expect(s.message == "reload failed: reload output: 1:1: bad")
  }

  /// Four reload keys while the first still runs: each new one kills the
  /// one before (issue 26 #3: four C-r left four live readers).
  @Test func aNewReloadCancelsTheRunningOne() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(make-list)")
    var ids: [Int] = []
    for n in 0..<4 {
      let effects = s.handle(.key(KeyEvent(.ctrl("r"))))
      let cancelled = effects.compactMap { if case .cancelReload(let id) = $0 { return id } else { return nil } }
      #expect(cancelled == (n == 0 ? [] : [ids.last!]))
      ids += Self.reloads(effects).map(\.id)
    }
    #expect(ids.count == 4)
    // Only the last one's answer counts.
    _ = s.handle(.reloaded(id: ids[2], DataUpdate(list: SectionedList([(title: "X", items: ["x"])]), progress: nil)))
    #expect(s.list.title(0) == "A")
    _ = s.handle(.reloaded(id: ids[3], DataUpdate(list: SectionedList([(title: "Y", items: ["y"])]), progress: nil)))
    #expect(s.list.title(0) == "Y")
  }

  /// A reload to empty data leaves no cursor: the status says `row 0/0`, not
  /// the old row over no rows (issue 26 #14: `row 6/0`).
  @Test func reloadToEmptyDataLeavesNoCursor() throws {
    var s = try Self.state(preview: nil, binds: "ctrl-r:reload(make-list)")
    for _ in 0..<4 { _ = s.handle(.key(KeyEvent(.char("j")))) }
    let id = try #require(Self.reloads(s.handle(.key(KeyEvent(.ctrl("r"))))).first?.id)
    _ = s.handle(.reloaded(id: id, DataUpdate(list: SectionedList([]), progress: nil)))
    #expect(s.cursor == nil && s.cursorRow == nil)
    let status = s.render().plainLines().last ?? ""
    #expect(status.contains("item 0/0"), "\(status)")
    // Data whose sections all changed: the cursor goes to an item, never a header.
    let again = try #require(Self.reloads(s.handle(.key(KeyEvent(.ctrl("r"))))).first?.id)
    _ = s.handle(
      .reloaded(id: again, DataUpdate(list: SectionedList([(title: "Q", items: ["q1", "q2"])]), progress: nil)))
    #expect(s.cursor?.section == 0)
  }

  /// `{q}` is the filter query, `{+}` the marked items (the cursor's item
  /// when none is marked), as in fzf.
  @Test func queryAndMarkedItemsReachTheCommand() throws {
    var s = try Self.state(preview: nil, binds: "x:execute(show {q} {+})", multi: true)
    func command() throws -> ShellLine {
      let effects = s.handle(.key(KeyEvent(.char("x"))))
      let run = try #require(
        effects.compactMap { if case .execute(let id, let c, _) = $0 { (id, c) } else { nil } }.first)
      _ = s.handle(.executeFinished(id: run.0))
      return run.1
    }
    let unmarked = try command()
    #expect(unmarked.value("SECTIONNAV_MARKED_1") == "a 1" && unmarked.value("SECTIONNAV_MARKED_2") == nil)
    #expect(unmarked.value("SECTIONNAV_QUERY") == "")
    // m marks and steps down.
    _ = s.handle(.key(KeyEvent(.char("m"))))
    _ = s.handle(.key(KeyEvent(.char("j"))))
    _ = s.handle(.key(KeyEvent(.char("m"))))
    let marked = try command()
    #expect(marked.value("SECTIONNAV_MARKED_1") == "a 1" && marked.value("SECTIONNAV_MARKED_2") == "a3")
    #expect(
      marked.text
        == #"show ${SECTIONNAV_QUERY+"$SECTIONNAV_QUERY"} ${SECTIONNAV_MARKED_1+"$SECTIONNAV_MARKED_1"} ${SECTIONNAV_MARKED_2+"$SECTIONNAV_MARKED_2"}"#
    )
  }

  /// Marked items come out in the order they were marked, as in fzf —
  /// printed and in `{+}` — also after a snapshot of more data moved their
  /// store positions.
  @Test func markedItemsKeepTheOrderTheyWereMarkedIn() throws {
    var s = try Self.state(preview: nil, binds: "x:execute(show {+})", multi: true)
    // m marks and steps down: b1, then a'2, then a 1.
    for key in ["j", "j", "j", "m", "k", "k", "m", "k", "k", "m"] {
      _ = s.handle(.key(KeyEvent(.char(Character(key)))))
    }
    let order = [ChosenItem(section: 1, item: 0), ChosenItem(section: 0, item: 1), ChosenItem(section: 0, item: 0)]
    #expect(s.markedItems == order)
    let effects = s.handle(.key(KeyEvent(.char("x"))))
    let run = try #require(effects.compactMap { if case .execute(_, let c, _) = $0 { c } else { nil } }.first)
    #expect((1...3).map { run.value("SECTIONNAV_MARKED_\($0)") } == ["b1", "a'2", "a 1"])
    // More data: a section sorted in first moves every store position.
    _ = s.handle(
      .data(
        DataUpdate(
          list: SectionedList([
            (title: "0", items: ["z"]), (title: "A", items: ["a 1", "a'2", "a3"]), (title: "B", items: ["b1"]),
          ]),
          progress: 0, reading: true)))
    #expect(s.markedItems.map { s.dataList.itemText(section: $0.section, item: $0.item) } == ["b1", "a'2", "a 1"])
  }

  /// fzf's `select-all`, `toggle-all`, `deselect-all` act on the items
  /// shown (the matches, in the order shown) and keep marks elsewhere;
  /// `clear-query` brings the whole list back.
  @Test func markAllActionsActOnTheItemsShown() throws {
    var s = try Self.state(
      preview: nil, binds: "ctrl-a:select-all,ctrl-t:toggle-all,ctrl-d:deselect-all,ctrl-x:clear-query", pick: true)
    var runner = SynchronousRunner()
    func press(_ key: Key) { _ = runner.send(.key(KeyEvent(key)), to: &s) }
    func marked() -> [String] { s.markedItems.map { s.dataList.itemText(section: $0.section, item: $0.item) } }
    press(.char("a"))
    let shown = (0..<s.list.sectionCount).flatMap { t in
      (0..<s.list.itemCount(t)).map { s.list.itemText(section: t, item: $0) }
    }
    #expect(Set(shown) == ["a 1", "a'2", "a3"])
    press(.ctrl("a"))
    #expect(marked() == shown)
    press(.ctrl("x"))
    #expect(s.filtering.line.text.isEmpty && s.list.itemCount == 4)
    press(.ctrl("t"))
    #expect(marked() == ["b1"])
    press(.ctrl("a"))
    #expect(marked().first == "b1" && marked().count == 4)
    press(.ctrl("d"))
    #expect(marked().isEmpty)
  }

  /// fzf's actions that users' `--bind`s name: `change-query` filters at
  /// once, `change-prompt` shows from then on, `accept-non-empty` does
  /// nothing without a match (where `accept` ends unchosen), `ignore` takes
  /// a key's own action away, `top` goes to the first row.
  @Test func fzfsQueryPromptAndEmptyAcceptActions() throws {
    var s = try Self.state(
      preview: nil,
      binds: "ctrl-q:change-query(b)+change-prompt(in B> ),enter:accept-non-empty,esc:ignore,ctrl-t:top",
      pick: true)
    var runner = SynchronousRunner()
    func press(_ key: Key) -> [Effect] { runner.send(.key(KeyEvent(key)), to: &s) }
    func shown() -> [String] {
      (0..<s.list.sectionCount).flatMap { t in (0..<s.list.itemCount(t)).map { s.list.itemText(section: t, item: $0) } }
    }
    _ = press(.ctrl("q"))
    #expect(s.filtering.line.text == "b" && shown() == ["b1"])
    #expect(s.render().plainLines().last?.hasPrefix("in B> b") == true)
    for c in "zz" { _ = press(.char(c)) }
    #expect(shown().isEmpty)
    let unmatched = press(.enter)
    #expect(!unmatched.contains { $0.endsRun }, "accept-non-empty with no match ended the run")
    let escaped = press(.escape)
    #expect(!escaped.contains { $0.endsRun }, "Esc bound to ignore still aborted")
    _ = press(.ctrl("q"))
    _ = press(.down)
    #expect(s.cursor.map { s.list.itemText(section: $0.section, item: $0.item) } == "b1")
    let chosen = press(.enter)
    #expect(chosen.contains { $0.endsRun }, "accept-non-empty with a match did not choose: \(chosen)")
    var t = try Self.state(preview: nil, binds: "ctrl-t:top", pick: false)
    _ = t.handle(.key(KeyEvent(.end)))
    _ = t.handle(.key(KeyEvent(.ctrl("t"))))
    #expect(t.cursor.map { t.list.itemText(section: $0.section, item: $0.item) } == "a 1")
  }

  /// `become(CMD)` ends the run with the command for the cursor's item
  /// (the runner replaces the program with it); with no item and a
  /// placeholder it is skipped, as `execute` is.
  @Test func becomeEndsTheRunWithTheCursorsCommand() throws {
    var s = try Self.state(preview: nil, binds: "enter:become(vim {})", pick: true)
    var runner = SynchronousRunner()
    _ = runner.send(.key(KeyEvent(.char("3"))), to: &s)
    let effects = runner.send(.key(KeyEvent(.enter)), to: &s)
    guard case .become(let line)? = effects.last else {
      Issue.record("no become: \(effects)")
      return
    }
    #expect(line.text.hasPrefix("vim ") && line.value("SECTIONNAV_ITEM") == "a3")
    #expect(RunEnd(effects.last!) == .become(line))
    for c in "zz" { _ = runner.send(.key(KeyEvent(.char(c))), to: &s) }
    let skipped = runner.send(.key(KeyEvent(.enter)), to: &s)
    #expect(!skipped.contains { $0.endsRun }, "become ran with no item: \(skipped)")
  }

  /// fzf's events: `start` runs before the first key, `load` once the
  /// data is complete (at once for data complete at the start, else when
  /// its last part arrives, and again after a reload), `change` when typing
  /// changes the query — not from within its own chain, which would go on
  /// for ever — and fzf's other events are refused by name.
  @Test func startLoadAndChangeEventsFireOnceEach() throws {
    var s = try Self.state(
      preview: nil, binds: "start:change-prompt(s> ),load:execute-silent(true),change:change-query(x)+clear-query",
      pick: true)
    var runner = SynchronousRunner()
    var effects = runner.send(.bindEvent(.start), to: &s)
    #expect(s.render().plainLines().last?.hasPrefix("s> ") == true)
    #expect(effects.contains { if case .execute = $0 { true } else { false } }, "load did not follow start: \(effects)")
    effects = runner.send(.key(KeyEvent(.char("a"))), to: &s)
    #expect(s.filtering.line.text.isEmpty, "change's chain did not run once")
    #expect(!effects.contains { if case .execute = $0 { true } else { false } }, "load fired again")

    // Streamed data: load when the last part has come, once.
    var t = try Self.state(preview: nil, binds: "load:change-prompt(done> )", pick: true)
    let part = SectionedList([(title: "A", items: ["a 1"])])
    _ = t.handle(.data(DataUpdate(list: part, progress: 0, reading: true)))
    _ = t.handle(.bindEvent(.start))
    #expect(t.render().plainLines().last?.hasPrefix("> ") == true)
    _ = t.handle(.data(DataUpdate(list: part, progress: nil)))
    #expect(t.render().plainLines().last?.hasPrefix("done> ") == true)

    #expect(throws: UsageError.self) { try KeyBind.parse("focus:accept") }
    #expect(try KeyBind.parse("LOAD:accept")[0].event == .load)

    // As in fzf: `change` on clear-query and change-query too (when the
    // query changes) and on a script's `filter`; `load` after a reload
    // that `start` began, not for the data it replaces; the help lists them.
    func executes(_ effects: [Effect]) -> Int {
      effects.filter { if case .execute = $0 { true } else { false } }.count
    }
    var u = try Self.state(
      preview: nil,
      binds: "start:reload(printf x),load:execute-silent(true),change:execute-silent(true),"
        + "ctrl-x:clear-query,ctrl-q:change-query(b)", pick: true)
    #expect(executes(u.handle(.bindEvent(.start))) == 0, "load fired for the data the reload replaces")
    var r = SynchronousRunner()
    #expect(executes(r.send(.key(KeyEvent(.ctrl("q"))), to: &u)) == 1)
    #expect(executes(r.send(.key(KeyEvent(.ctrl("q"))), to: &u)) == 0, "change fired for the same query")
    #expect(executes(r.send(.key(KeyEvent(.ctrl("x"))), to: &u)) == 1)
    #expect(executes(r.send(.command(.filter("zz")), to: &u)) == 1)
    #expect(u.helpLines.contains { $0.hasPrefix("  start") && $0.contains("reload(printf x)") })
  }

  /// `--disabled`: the query filters nothing (every item stays), and the
  /// commands read it (`{q}`), as fzf's `--disabled`.
  @Test func aDisabledQueryFiltersNothing() throws {
    var settings = AppSettings()
    settings.pick = true
    settings.disabled = true
    var s = AppState(
      list: SectionedList([(title: "A", items: ["a 1", "a'2"]), (title: "B", items: ["b1"])]), settings: settings,
      width: 60, height: 10)
    var runner = SynchronousRunner()
    for c in "zz" { _ = runner.send(.key(KeyEvent(.char(c))), to: &s) }
    #expect(s.filtering.line.text == "zz" && s.list.itemCount == 3)
    #expect(s.render().plainLines().last?.contains("3/3") == true)
  }

  /// Choosing the marked items ends the run as choosing one item does: the
  /// rest of the chain (here a command) never starts.
  @Test func nothingOfAChainRunsAfterTheMarkedItemsAreChosen() throws {
    var s = try Self.state(preview: nil, binds: "x:accept+execute-silent(rm {+})", multi: true)
    _ = s.handle(.key(KeyEvent(.char("m"))))
    let effects = s.handle(.key(KeyEvent(.char("x"))))
    guard case .chooseItems(let items)? = effects.first else {
      Issue.record("no choice: \(effects)")
      return
    }
    #expect(items == [ChosenItem(section: 0, item: 0)])
    #expect(effects.count == 1, "more after the choice: \(effects)")
  }

  /// A command that could not start (a value too long for the system): the
  /// status line says why, and the rest of the chain does not run.
  @Test func anExecuteThatCannotStartStopsTheChainAndSaysWhy() throws {
    var s = try Self.state(preview: nil, binds: "x:execute(vi {item})+down")
    guard case .execute(let id, _, _)? = s.handle(.key(KeyEvent(.char("x")))).first else {
      Issue.record("no execute effect")
      return
    }
    _ = s.handle(.executeFinished(id: id, failure: "the command line is too long"))
    #expect(s.cursor?.item == 0)
    #expect(s.message == "execute failed: the command line is too long")
  }
}

import Testing

@testable import SectionNavCore

/// The app while a stream is still arriving: the status line counts what has
/// come, and Enter or q act at once (the stream may never end).
@Suite struct StreamingStateTests {
  @Test func theStatusLineCountsTheItemsRead() throws {
    var s = AppState(list: BackgroundWorkTests.list(["Alpha"]), width: 60, height: 8)
    _ = s.send(
      .data(DataUpdate(list: BackgroundWorkTests.list(["Alpha", "Beta"], items: 3), progress: 0, reading: true)))
    let status = s.render().plainLines().last ?? ""
    #expect(status.contains("reading… 6 items"), "\(status)")
    _ = s.send(.data(DataUpdate(list: BackgroundWorkTests.list(["Alpha", "Beta"], items: 4), progress: nil)))
    #expect(!(s.render().plainLines().last ?? "").contains("reading"))
  }

  /// A query typed while the stream arrives: the end of the stream still
  /// ends `reading…` (it stayed for good), and a query set before it shows
  /// `reading…`, not `indexing 0%`; one item is "1 item".
  @Test func aFilteredStreamSaysWhenItEnds() throws {
    var s = AppState(list: BackgroundWorkTests.list(["Alpha"]), width: 60, height: 8)
    _ = s.send(.data(DataUpdate(list: BackgroundWorkTests.list(["Alpha"], items: 1), progress: 0, reading: true)))
    #expect((s.render().plainLines().last ?? "").contains("reading… 1 item "))
    _ = try s.run("filter Alpha")
    _ = s.send(
      .data(DataUpdate(list: BackgroundWorkTests.list(["Alpha", "Beta"], items: 3), progress: 0, reading: true)))
    #expect(s.render().plainLines().contains { $0.contains("reading… 6 items") })
    #expect(!s.render().plainLines().contains { $0.contains("indexing") })
    _ = s.send(.data(DataUpdate(list: BackgroundWorkTests.list(["Alpha", "Beta"], items: 4), progress: nil)))
    #expect(s.isFiltered && !s.loadReading)
    #expect(!s.render().plainLines().contains { $0.contains("reading") })
  }

  /// `yes | sectionnav -q y`, Enter: the rows shown answer the query, over
  /// data that goes on arriving (each piece starts the filter over, so it
  /// never completes): Enter chooses from them at once, as fzf does. It
  /// waited for a result that never came (25 s and 4 GB in a helper's run).
  @Test func enterOverAStreamChoosesTheRowsShownForTheQuery() {
    var (s, runner) = BackgroundWorkTests.picker(BackgroundWorkTests.list(["Alpha"], items: 1))
    let first = BackgroundWorkTests.list(["Alpha", "Beta"])
    _ = runner.send(.data(DataUpdate(list: first, progress: 0, reading: true)), to: &s)
    _ = runner.send(.startFilter(query: "eta-4", openLine: true), to: &s)
    _ = runner.settle(&s)
    runner.holding = true
    let more = BackgroundWorkTests.list(["Alpha", "Beta", "Gamma"], items: 9)
    _ = runner.send(.data(DataUpdate(list: more, progress: 0, reading: true)), to: &s)
    let effects = runner.send(.key(KeyEvent(.enter)), to: &s)
    guard case .choose(let section, let item)? = effects.last else {
      Issue.record("Enter waited for the filter over the new data: \(effects)")
      return
    }
    #expect(s.dataList.itemText(section: section, item: item) == "Beta-4")
  }

  /// A mark made while the data arrives stays on its item when a section
  /// comes in before it (store positions move), filtered or not: Enter
  /// prints the item marked, never its neighbour.
  @Test(arguments: [false, true])
  func marksStayOnTheirItemsAsTheDataGrows(filtered: Bool) throws {
    var settings = AppSettings()
    settings.multi = true
    var s = AppState(
      list: SectionedList([(title: "B", items: ["b0", "b1"])]), settings: settings, width: 60, height: 10)
    _ = s.send(.data(DataUpdate(list: SectionedList([(title: "B", items: ["b0", "b1"])]), progress: 0, reading: true)))
    if filtered { _ = try s.run("filter b") }
    _ = try s.run("key j")
    _ = try s.run("mark")
    let grown = SectionedList([(title: "A", items: ["a0", "b9"]), (title: "B", items: ["b0", "b1", "b2"])])
    _ = s.send(.data(DataUpdate(list: grown, progress: nil)))
    #expect(s.filtering.marks.count == 1)
    #expect(s.markedItems.map { s.dataList.itemText(section: $0.section, item: $0.item) } == ["b1"])
  }

  @Test func enterAndQuitDoNotWaitForAStream() throws {
    for key in ["Enter", "q"] {
      var s = AppState(list: BackgroundWorkTests.list(["Alpha"]), width: 40, height: 10)
      _ = s.send(.data(DataUpdate(list: BackgroundWorkTests.list(["Alpha"]), progress: 0, reading: true)))
      _ = try s.run("key j")
      switch (key, try s.run("key \(key)").first) {
      case ("Enter", .choose(0, 1)?), ("q", .quit?): break
      case (_, let effect): Issue.record("\(key) while reading gave \(String(describing: effect))")
      }
    }
  }
}

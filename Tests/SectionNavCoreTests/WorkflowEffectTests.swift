import Testing

@testable import SectionNavCore

/// The preview and `--bind` rules on the effect boundary: what `handle`
/// asks the runner to do, and what it does with the answers.
@Suite struct WorkflowEffectTests {
  static func state(preview: String? = "show {item}", binds: String? = nil) throws -> AppState {
    var settings = AppSettings()
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

  @Test func thePreviewStartsOnceTheCursorHasRestedAndAStaleRunIsKilled() throws {
    var s = try Self.state()
    let first = Self.previews(s.handle(.tick(milliseconds: 100)))
    #expect(first.map(\.command.text) == [#"show "${SECTIONNAV_ITEM}""#])
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
    #expect(command.text == #"vi "${SECTIONNAV_ITEM}""# && command.value("SECTIONNAV_ITEM") == "a 1" && !silent)
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
    guard case .reload(let id, let command)? = effects.first else {
      Issue.record("no reload effect: \(effects)")
      return
    }
    #expect(command == ShellLine(text: "make-list"))
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
}

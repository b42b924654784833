import Testing

@testable import SectionNavCore

/// What the core asks of a runner beyond `handle`: each effect reaches the
/// performer's method for it (the terminal's are not reached by fixtures,
/// whose cancels do nothing), and the data file is looked at only when the
/// user did something.
@Suite struct RunnerContractTests {
  /// Names the method each effect reached.
  struct Recorder: EffectPerformer {
    var calls: [String] = []
    var ends: [RunEnd] = []
    mutating func end(_ end: RunEnd) {
      calls.append("end")
      ends.append(end)
    }
    mutating func output(_ text: String) { calls.append("output \(text)") }
    mutating func commandFailed(_ message: String) { calls.append("commandFailed \(message)") }
    mutating func editLine(_ kind: AppState.PromptKind) { calls.append("editLine \(kind)") }
    mutating func suspend() { calls.append("suspend") }
    mutating func redraw() { calls.append("redraw") }
    mutating func start(_ job: any BackgroundJob) { calls.append("start \(job.id)") }
    mutating func cancel(jobID: Int) { calls.append("cancel \(jobID)") }
    mutating func runPreview(id: Int, command: ShellLine) { calls.append("runPreview \(id) \(command.text)") }
    mutating func cancelPreview(id: Int) { calls.append("cancelPreview \(id)") }
    mutating func execute(id: Int, command: ShellLine, silent: Bool) {
      calls.append("execute \(id) \(command.text) \(silent)")
    }
    mutating func reload(id: Int, command: ShellLine, streamed: Bool) {
      calls.append("reload \(id) \(command.text) \(streamed)")
    }
    mutating func cancelReload(id: Int) { calls.append("cancelReload \(id)") }
  }

  struct NoJob: BackgroundJob {
    let id: Int
    func run(shouldStop: () -> Bool) -> Event { .tick(milliseconds: 0) }
  }

  @Test func eachEffectReachesItsMethod() {
    let line = ShellLine(text: "cmd")
    let effects: [Effect] = [
      .quit, .interrupt, .choose(section: 1, item: 2), .chooseItems([]), .fail(Failure("bad")), .output("o"),
      .commandFailed("m"), .editLine(.search), .suspend, .redraw, .start(NoJob(id: 4)), .cancel(jobID: 5),
      .runPreview(id: 6, command: line), .cancelPreview(id: 7), .execute(id: 8, command: line, silent: true),
      .reload(id: 9, command: line, streamed: true), .cancelReload(id: 10),
    ]
    var recorder = Recorder()
    for effect in effects { effect.perform(on: &recorder) }
    #expect(
      recorder.calls == ["end", "end", "end", "end", "end"] + [
        "output o", "commandFailed m", "editLine search", "suspend", "redraw", "start 4", "cancel 5",
        "runPreview 6 cmd",
        "cancelPreview 7", "execute 8 cmd true", "reload 9 cmd true", "cancelReload 10",
      ])
    #expect(
      recorder.ends == [
        .quit, .interrupted, .chose([ChosenItem(section: 1, item: 2)]), .chose([]), .failed(Failure("bad")),
      ])
  }

  /// Time, size, data and results never make the runner look at the file
  /// (an idle screen makes no system call); a key does, until the shrink
  /// is seen or a reload has replaced the file's data.
  @Test func theFileIsLookedAtOnlyAfterUserInput() throws {
    var settings = AppSettings()
    settings.binds = try KeyBind.parse("ctrl-r:reload(make-list)")
    var s = AppState(
      list: SectionedList([(title: "A", items: ["a1", "a2"])]), settings: settings, width: 40, height: 10)
    let j = Event.key(KeyEvent(.char("j")))
    for quiet in [
      Event.tick(milliseconds: 100), .resize(width: 50, height: 12),
      .data(DataUpdate(list: SectionedList([(title: "A", items: ["a1"])]), progress: 0.5)),
    ] {
      #expect(!s.looksAtSource(after: quiet), "\(quiet)")
    }
    #expect(s.looksAtSource(after: j))
    _ = s.handle(.dataShrank)
    #expect(!s.looksAtSource(after: j), "the shrink is on the status line already")

    var reloaded = AppState(
      list: SectionedList([(title: "A", items: ["a1"])]), settings: settings, width: 40, height: 10)
    guard case .reload(let id, _, _)? = reloaded.handle(.key(KeyEvent(.ctrl("r")))).first else {
      Issue.record("no reload")
      return
    }
    _ = reloaded.handle(.reloaded(id: id, DataUpdate(list: SectionedList([(title: "B", items: ["b"])]), progress: nil)))
    #expect(!reloaded.looksAtSource(after: j), "the list is the reload's, not the file's")
  }

  /// The data file cut on disk is said in pick mode's filter line as in
  /// browse mode's status line (pick mode said nothing: the rows just read
  /// `␀␀␀`).
  @Test(arguments: [false, true])
  func aShrunkFileIsSaidInEitherMode(pick: Bool) {
    var settings = AppSettings()
    settings.pick = pick
    settings.sourceName = "t.json"
    var s = AppState(
      list: SectionedList([(title: "A", items: ["a1", "a2"])]), settings: settings, width: 80, height: 10)
    #expect(!s.render().plainLines().joined().contains("shrank"))
    _ = s.handle(.dataShrank)
    let lines = s.render().plainLines()
    #expect(lines.contains { $0.contains("warning: t.json shrank on disk") }, "\(lines)")
  }

  /// `--filter-print`'s run split into parts keeps what one run keeps, in
  /// the same order, ranked or not, however many parts — and an empty list
  /// gives an empty result.
  @Test(arguments: [false, true])
  func theFilterInPartsKeepsWhatOneRunKeeps(sort: Bool) {
    let list = SectionedList(
      (0..<7).map { s in (title: "S\(s)", items: (0..<(s * 13 % 9 + 1)).map { "item \(s) \($0 * 7 % 5) ab\($0)" }) })
    let query = FilterQuery("ab1", options: MatchOptions())
    var one = FilterRun(query: query, list: list, sort: sort, sections: 0..<list.sectionCount)
    _ = one.advance(budget: .max)
    let expected = FilterRun.joined([one])
    #expect(expected.itemCount > 0)
    for parts in 1...4 {
      let result = FilterJob.complete(query: query, list: list, sort: sort, parts: parts)
      #expect(result.sections == expected.sections, "\(parts) parts")
      #expect(result.starts == expected.starts, "\(parts) parts")
      #expect(result.ordinals == expected.ordinals, "\(parts) parts")
    }
    #expect(FilterJob.complete(query: query, list: SectionedList([]), sort: sort, parts: 2).itemCount == 0)
  }
}

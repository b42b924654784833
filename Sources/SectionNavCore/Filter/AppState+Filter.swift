/// Filtering: the `&` line, live narrowing of the list to matching items
/// under their sections, and marks for `--multi`.
extension AppState {
  /// The full data (the list shown is a filtered view of it while a filter is on).
  public var dataList: SectionedList { filtering.base ?? list }

  /// Whether a filter is narrowing the list now.
  public var isFiltered: Bool { filtering.base != nil }

  // MARK: Opening, editing, closing

  /// `&`: opens the filter line, empty (as less does); the filter shown stays until typing replaces it.
  mutating func openFilterLine(byKey: Bool = true) {
    mode = .filterLine(FilterLine(openedByKey: byKey))
    filtering.line = LineEdit()
  }

  /// The filter line gives the keys back (the filter stays): to the list,
  /// in pick mode to the line afresh.
  mutating func closeFilterLine() {
    if case .filterLine = mode { mode = restingMode }
  }

  /// `--filter` / `--query` (`.startFilter`): the state a picker starts in.
  mutating func startFiltering(query: String, openLine: Bool) -> [Effect] {
    if openLine { openFilterLine(byKey: false) }
    filtering.line = LineEdit(query)
    return query.isEmpty ? [] : setFilterQuery(query)
  }

  /// The keys that end the run or close the line at once, whatever waits.
  static let abortKeys: [Key] = [.escape, .ctrl("g"), .ctrl("q"), .ctrl("c")]
  /// Those, and the keys that act on the terminal (suspend, redraw): never held.
  static let immediateKeys: [Key] = abortKeys + [.ctrl("z"), .ctrl("l")]

  /// Whether the rows shown answer an older query than the one typed (a
  /// filter job runs for it): then keys that choose or run something wait
  /// (`FilterLine.held`), and moves count from the top of the result to
  /// come (`Filtering.pendingSteps`). Rows that answer this query, complete, or over
  /// data still streaming in (each new piece starts the filter over, so an
  /// endless stream's never completes: `yes | sectionnav -q y`, Enter took
  /// 25 s and 4 GB), are acted on at once, as fzf does.
  var awaitingQueryResult: Bool {
    guard jobs[.filter] != nil else { return false }
    let query = FilterQuery(filtering.requested, options: settings.match)
    // A complete result of older data (a file's last part has arrived and
    // is being filtered) answers nothing yet.
    return
      !(filtering.result.map { $0.query == query && ($0.isComplete && $0.list === dataList || loadReading) }
      ?? false)
  }

  /// Keys while the filter line has focus.
  mutating func filterLineKey(_ event: KeyEvent, _ open: FilterLine) -> [Effect] {
    let before = filtering.line.text
    // fzf's `delete-char/eof`: C-d on an empty query aborts (130), as at a shell prompt.
    if settings.pick && event == KeyEvent(.ctrl("d")) && before.isEmpty { return [.interrupt] }
    if filtering.line.edit(event) {
      guard filtering.line.text != before else { return [] }
      if filtering.batchingTyped {
        filtering.typedPending = true
        return []
      }
      return queryEdited()
    }
    let typed = filterTyped()
    guard typed.isEmpty else { return typed + filterLineKey(event, open) }
    // A chord the line has no use for and no binding names does nothing
    // (fzf's): `C-Up` is not Up, `M-Enter` not Enter.
    guard event.modifiers.isEmpty else { return [] }
    switch event.key {
    case .up, .ctrl("p"), .ctrl("k"): stepCursor(-1, pending: 1)
    case .down, .ctrl("n"), .ctrl("j"): stepCursor(1, pending: 1)
    case .pageDown: stepCursor(1, pending: max(1, layout.listHeight))
    case .pageUp: stepCursor(-1, pending: max(1, layout.listHeight))
    case .tab:
      if settings.multi { toggleMark(thenStep: 1, pending: true) }
    case .backTab:
      if settings.multi { toggleMark(thenStep: -1, pending: true) }
    case .enter:
      if before.isEmpty && open.openedByKey { return clearFilter() }
      closeFilterLine()
      return endRun(.choose)
    case .escape, .ctrl("g"), .ctrl("q"):
      // Pick mode: one Esc (or fzf's C-g, C-q) aborts, as in fzf (130).
      if settings.pick { return [.interrupt] }
      closeFilterLine()
      return []
    case .ctrl("c"):
      return [.interrupt]
    // fzf's default: C-z suspends from the query line too.
    case .ctrl("z"):
      return [.suspend]
    // fzf's `clear-screen`.
    case .ctrl("l"):
      return [.redraw]
    default:
      break
    }
    return []
  }

  /// The query a script's `type` left waiting (`Filtering.batchingTyped`), applied.
  mutating func filterTyped() -> [Effect] {
    guard filtering.typedPending else { return [] }
    filtering.typedPending = false
    return queryEdited()
  }

  /// The query line as typed, applied; then fzf's `change` event.
  private mutating func queryEdited() -> [Effect] {
    let effects = setFilterQuery(filtering.line.text)
    return effects + fire(.change)
  }

  /// The query line set to `text` whole (`change-query`, `clear-query`, a
  /// script's `filter`, which closes the line when `text` is empty, as
  /// `closing` says): applied at once, then fzf's `change` event when the
  /// text changed.
  mutating func replaceQuery(_ text: String, closing: Bool = false) -> [Effect] {
    let changed = filtering.line.text != text
    filtering.line = LineEdit(text)
    let effects = closing && text.isEmpty ? clearFilter() : setFilterQuery(text)
    return effects + (changed ? fire(.change) : [])
  }

  /// Bracketed paste on the filter line: inserted at the caret as one edit.
  mutating func pasteIntoFilterLine(_ text: String) -> [Effect] {
    let before = filtering.line.text
    filtering.line.paste(text)
    return filtering.line.text != before ? queryEdited() : []
  }

  /// Applies `text` as the filter: a filter job starts over the full data
  /// (or over the last result's survivors when `text` only narrows it); an
  /// empty query shows the full list. A query the user `typed` starts the
  /// cursor over at the first row (fzf's); new data filtered again keeps it.
  mutating func setFilterQuery(_ text: String, typed: Bool = true) -> [Effect] {
    let query = FilterQuery(text, options: settings.match)
    filtering.generation += 1
    filtering.requested = text
    if typed {
      // At once, as fzf's: the shown rows are the old query's until results come.
      filtering.pendingSteps = 0
      cursorMoved = false
      cursorRow = rowMap.nextItemRow(from: 0)
      setOffset(y: 0)
    }
    var effects = stopFilterJob()
    if query.isEmpty || settings.disabled {
      showUnfiltered()
      return effects
    }
    let run = FilterRun(
      query: query, list: dataList, generation: filtering.generation, sort: settings.sort,
      previous: filtering.lastComplete, measureBeyond: layout.itemTextWidth)
    filtering.progress = 0
    effects += startFilterJob(run)
    return effects
  }

  private mutating func startFilterJob(_ run: FilterRun) -> [Effect] {
    // The job before it was stopped or has finished: nothing to cancel.
    let id = jobs.start(.filter).id
    return [.start(FilterJob(id: id, run: run, rows: max(1, layout.listHeight)))]
  }

  private mutating func stopFilterJob() -> [Effect] {
    jobs.stop(.filter).map { [.cancel(jobID: $0)] } ?? []
  }

  /// A chunk of the running filter ended: show the survivors so far, go on.
  mutating func filterChunkArrived(jobID: Int, _ run: FilterRun) -> [Effect] {
    guard jobs.finish(.filter, id: jobID) != nil else { return [] }
    showFilterResult(run.result())
    let effects = run.isComplete ? [] : startFilterJob(run)
    return effects + replayHeldKeys()
  }

  /// The keys that waited for the query's result act on it now, in order
  /// (one that starts another query holds those after it again). One that
  /// runs a command with the terminal (`execute`) pauses the rest until it
  /// has ended (`.executeFinished`): the runner carries out one such thing
  /// at a time, and an Enter after it was lost.
  mutating func replayHeldKeys() -> [Effect] {
    guard case .filterLine(var open) = mode, !open.held.isEmpty, !awaitingQueryResult, jobs[.execute] == nil
    else { return [] }
    var keys = open.held[...]
    open.held = []
    mode = .filterLine(open)
    var effects: [Effect] = []
    while let key = keys.popFirst() {
      effects += handleKey(key)
      if effects.contains(where: \.endsRun) { return effects }
      if jobs[.execute] != nil, case .filterLine(var paused) = mode {
        paused.held = Array(keys) + paused.held
        mode = .filterLine(paused)
        return effects
      }
    }
    return effects
  }

  /// Esc in the list, `filter ""`, an empty Enter after `&`: back to the full list.
  mutating func clearFilter() -> [Effect] {
    closeFilterLine()
    filtering.line = LineEdit()
    filtering.requested = ""
    filtering.generation += 1
    let effects = stopFilterJob()
    showUnfiltered()
    return effects
  }

  /// Shows the full data again: a cursor the user moved stays on its item;
  /// one never moved is on the first row, as it was before the filter.
  private mutating func showUnfiltered() {
    let kept = cursorMoved ? cursorBaseItem : nil
    filtering.progress = nil
    filtering.result = nil
    filtering.lastComplete = nil
    guard let base = filtering.base else { return }
    filtering.base = nil
    setList(base)
    if let kept {
      cursorRow = rowMap.row(section: kept.section, item: kept.item)
      setOffset(y: offsetY(showing: cursorRow!, at: .center))
    } else {
      cursorRow = rowMap.nextItemRow(from: 0)
      setOffset(y: 0)
    }
    cursorMoved = cursorRow != rowMap.nextItemRow(from: 0)
  }

  /// A result from a run (at once in scripts, as an event from the terminal's thread).
  mutating func showFilterResult(_ result: FilterResult) {
    guard result.generation == filtering.generation, result.list === dataList else { return }
    filtering.progress = result.isComplete ? nil : Double(result.scanned) / Double(max(1, result.total))
    // New data filtered again for the same query (a stream's next snapshot):
    // a partial result with fewer items than the whole one shown waits,
    // the whole one stays with the new run's progress — the count went
    // backwards (34 → 23) and rows went away while the run went on. fzf
    // keeps its result until the new one is done.
    if !result.isComplete, let shown = filtering.result, shown.isComplete, shown.list !== result.list,
      shown.query == result.query, result.itemCount < shown.itemCount
    {
      return
    }
    if result.isComplete { filtering.lastComplete = result }
    // Until the user moves it, the cursor is on the first row: the best
    // match once ranked (a partial result is in data order).
    let kept = cursorMoved ? cursorBaseItem : nil
    if filtering.base == nil { filtering.base = list }
    filtering.result = result
    setList(result.view())
    search = nil
    if let want = filtering.follow, want.generation == result.generation,
      let row = viewRow(ofBase: (want.section, want.item))
    {
      filtering.follow = nil
      cursorRow = row
      cursorMoved = true
      setOffset(y: offsetY(showing: row, at: .center))
    } else if let kept, let row = viewRow(ofBase: kept) {
      cursorRow = row
      clampOffsets()
      revealCursor()
    } else {
      // An item the user moved to that a partial result (new data filtered
      // again) has not reached yet is followed until the result is whole:
      // the cursor went back to the first match for good.
      if let kept, !result.isComplete {
        filtering.follow = (result.generation, kept.section, kept.item)
      } else {
        cursorMoved = false
      }
      cursorRow = rowMap.nextItemRow(from: 0)
      offsetY = 0
      clampOffsets()
    }
    if result.isComplete && filtering.follow?.generation == result.generation { filtering.follow = nil }
    // Moves made before this query's rows were shown count from their top.
    if filtering.pendingSteps != 0, let top = rowMap.nextItemRow(from: 0) {
      var row = top
      for _ in 0..<abs(filtering.pendingSteps) {
        guard let next = itemRow(after: row, direction: filtering.pendingSteps) else { break }
        row = next
      }
      cursorRow = row
      cursorMoved = true
      revealCursor()
    }
    if result.isComplete { filtering.pendingSteps = 0 }
  }

  /// The cursor's item in the full data by title and place (`ItemKey`).
  var cursorKey: ItemKey? {
    cursorBaseItem.map { ItemKey(title: dataList.title($0.section), item: $0.item) }
  }

  /// The cursor's item in the full data.
  var cursorBaseItem: (section: Int, item: Int)? {
    guard let c = cursor else { return nil }
    guard let r = filtering.result, filtering.base != nil else { return c }
    let shown = r.baseItem(section: c.section, item: c.item)
    if r.list === dataList { return shown }
    // Newer data is being filtered again while this result shows: the same
    // item there (a stream only adds items, so it keeps its place in its section).
    let title = r.list.title(shown.section)
    guard let s = dataList.sections.firstIndex(where: { $0.title == title }), shown.item < dataList.itemCount(s)
    else { return nil }
    return (s, shown.item)
  }

  /// The view row showing item `item` of data section `section`, if it survives.
  private func viewRow(ofBase item: (section: Int, item: Int)) -> Int? {
    guard let r = filtering.result else { return nil }
    guard let k = r.sections.firstIndex(of: Int32(item.section)) else { return nil }
    let ordinal = UInt32(dataList.sections[item.section].firstItem + item.item)
    let lo = Int(r.starts[k])
    let hi = Int(r.starts[k + 1])
    guard let i = r.ordinals[lo..<hi].firstIndex(of: ordinal) else { return nil }
    return rowMap.row(section: k, item: i - lo)
  }

  // MARK: Marks and choosing

  /// The store position (in the full data) of item `item` of view section `section`.
  func dataOrdinal(section: Int, item: Int) -> UInt32 {
    if let r = filtering.result, filtering.base != nil { return r.ordinals[Int(r.starts[section]) + item] }
    return UInt32(list.sections[section].firstItem + item)
  }

  /// Whether the item on view row (section, item) is marked.
  func isMarked(section: Int, item: Int) -> Bool {
    !filtering.marks.isEmpty && filtering.marks.contains(dataOrdinal(section: section, item: item))
  }

  /// Toggles the cursor's mark (`--multi`), then moves the cursor by `step`
  /// (`pending`: a move on the filter line, `stepCursor(_:pending:)`).
  mutating func toggleMark(thenStep step: Int = 0, pending: Bool = false) {
    guard settings.multi, let c = cursor else { return }
    let o = dataOrdinal(section: c.section, item: c.item)
    filtering.marks.toggle(o)
    if step != 0 { pending ? stepCursor(step, pending: 1) : stepCursor(step) }
  }

  /// A move on the filter line, `count` items in `direction`: on the rows
  /// shown, and, while they answer an older query than the one typed,
  /// counted for the result to come, which puts the cursor that many items
  /// from its top (`12` Down Enter typed fast picks the second match, as
  /// fzf does: the move went to the old rows, and the result put the cursor
  /// back on its first).
  mutating func stepCursor(_ direction: Int, pending count: Int) {
    if awaitingQueryResult { filtering.pendingSteps += direction * count }
    if count == 1 { stepCursor(direction) } else { page(by: direction * count) }
  }

  /// fzf's `select-all`, `deselect-all`, `toggle-all`: every item shown
  /// (the matches, with a filter on), in the order shown.
  mutating func markAll(_ how: BindAction.MarkAll) {
    var shown: [UInt32] = []
    for s in 0..<list.sectionCount {
      for i in 0..<list.itemCount(s) { shown.append(dataOrdinal(section: s, item: i)) }
    }
    switch how {
    case .select: filtering.marks.update(marking: shown, unmarking: [])
    case .deselect: filtering.marks.update(marking: [], unmarking: Set(shown))
    case .toggle:
      let marked = shown.filter { filtering.marks.contains($0) }
      let unmarked = shown.filter { !filtering.marks.contains($0) }
      filtering.marks.update(marking: unmarked, unmarking: Set(marked))
    }
  }

  /// Enter: every marked item in marking order, else the cursor's item.
  func chooseEffects() -> [Effect] {
    if !filtering.marks.isEmpty { return [.chooseItems(markedItems)] }
    guard let c = cursorBaseItem else { return [.quit] }
    return [.choose(section: c.section, item: c.item)]
  }

  /// The marked items of the full data, in marking order.
  var markedItems: [ChosenItem] {
    guard !filtering.marks.isEmpty else { return [] }
    let data = dataList
    // Marks are store positions; a section's items are contiguous there,
    // so a mark's section is the last to start at or before it.
    let starts = (0..<data.sectionCount).filter { data.sections[$0].itemCount > 0 }
      .map { (first: UInt32(data.sections[$0].firstItem), section: $0) }.sorted { $0.first < $1.first }
    return filtering.marks.order.compactMap { mark in
      var (lo, hi) = (0, starts.count)
      while lo < hi {
        let mid = (lo + hi) / 2
        if starts[mid].first <= mark { lo = mid + 1 } else { hi = mid }
      }
      guard lo > 0 else { return nil }
      let (first, s) = starts[lo - 1]
      return Int(mark - first) < data.itemCount(s) ? ChosenItem(section: s, item: Int(mark - first)) : nil
    }
  }

  /// The marked items as section titles and places in their sections:
  /// what a new snapshot of the same data keeps (items only join the end
  /// of their section; sections come in between, so store positions move).
  var markedKeys: [ItemKey] {
    let data = dataList
    return markedItems.map { ItemKey(title: data.title($0.section), item: $0.item) }
  }

  /// `keys` as marks (store positions) of the data now shown, those it holds.
  func marks(at keys: [ItemKey]) -> Marks {
    guard !keys.isEmpty else { return [] }
    let data = dataList
    let titles = Set(keys.map(\.title))
    var sections: [String: Int] = [:]
    for s in 0..<data.sectionCount where titles.contains(data.title(s)) && sections[data.title(s)] == nil {
      sections[data.title(s)] = s
    }
    return Marks(
      keys.compactMap { key in
        guard let s = sections[key.title], key.item < data.itemCount(s) else { return nil }
        return UInt32(data.sections[s].firstItem + key.item)
      })
  }

  /// The marked items' texts, for `{+}`.
  var markedTexts: [String] {
    let data = dataList
    return markedItems.map { data.itemText(section: $0.section, item: $0.item) }
  }

}

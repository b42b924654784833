/// What one search pass found: the matching rows of one list, in list order.
public struct SearchResult: Sendable {
  public let query: FilterQuery
  /// Header rows whose title matches and item rows whose text does, ascending.
  public let rows: [Int]
  /// False when `shouldStop` ended the pass early: `rows` then covers only
  /// the part of the list scanned so far.
  public let isComplete: Bool
  /// Items looked at (all of them when complete).
  public let itemsScanned: Int
  /// The list searched; the rows only mean something for it.
  public let list: SectionedList
}

/// Search: the filter in find-next mode, forward from the cursor, wrapping.
extension AppState {
  /// Items matched between two calls of `shouldStop`.
  public static let searchCheckInterval = 4096

  /// Finds the rows matching `query` in `list` — a pure function of its
  /// arguments, so a front end may run it on another thread over a copy of
  /// the state's `list` and `rowMap`. The item rows are exactly the items a
  /// filter run with `query` keeps (`FilterRun`, the one matcher); a header
  /// row is a hit when its section's title from the data satisfies `query`
  /// on its own (`FilterQuery.matches`; made-up titles never do). A query
  /// with no terms finds nothing. `shouldStop` is asked every
  /// `searchCheckInterval` items; when it says yes the pass ends at once
  /// with the rows found so far and `isComplete == false`.
  public static func findMatches(
    _ query: FilterQuery, in list: SectionedList, rowMap: RowMap, shouldStop: () -> Bool = { false }
  ) -> SearchResult {
    guard !query.isEmpty else {
      return SearchResult(query: query, rows: [], isComplete: true, itemsScanned: list.itemCount, list: list)
    }
    var run = FilterRun(query: query, list: list)
    var complete = false
    while !complete && !shouldStop() {
      complete = run.advance(budget: searchCheckInterval)
    }
    let found = run.result()
    let titles = FilterMatcher(terms: query.terms, options: query.options)
    let plan = query.plan
    // Sections up to the last one with a survivor when cut short, so the
    // rows of a partial pass are a prefix of the complete pass's rows.
    let sectionsDone = complete ? list.sectionCount : found.sections.last.map { Int($0) + 1 } ?? 0
    var rows: [Int] = []
    rows.reserveCapacity(found.itemCount)
    var k = 0
    for s in 0..<sectionsDone {
      let header = rowMap.headerRow(s)
      if let title = list.realTitle(s), titles.satisfies(title, plan: plan) { rows.append(header) }
      guard k < found.sectionCount, Int(found.sections[k]) == s else { continue }
      // Item i of the store is row header + 1 + (i - first).
      let shift = header + 1 - list.sections[s].firstItem
      for ordinal in found.ordinals[Int(found.starts[k])..<Int(found.starts[k + 1])] {
        rows.append(Int(ordinal) + shift)
      }
      k += 1
    }
    return SearchResult(query: query, rows: rows, isComplete: complete, itemsScanned: run.scanned, list: list)
  }

  /// `findMatches` over this state's list.
  public func findMatches(_ query: String, shouldStop: () -> Bool = { false }) -> SearchResult {
    Self.findMatches(prepare(query), in: list, rowMap: rowMap, shouldStop: shouldStop)
  }

  /// `query` read as `/` reads it under this state's settings (`MatchOptions.findNext`).
  public func prepare(_ query: String) -> FilterQuery {
    FilterQuery(query, options: settings.match.findNext)
  }

  /// Starts a search for `query` (as a background job); its result lands on
  /// the first match after the cursor.
  mutating func startSearch(_ query: String) -> [Effect] {
    message = "searching for '\(query)'… (Esc stops)"
    return startSearchJob(prepare(query), purpose: .land)
  }

  /// Replaces any running search with a new job over the current data.
  mutating func startSearchJob(_ query: FilterQuery, purpose: RunningSearch.Purpose) -> [Effect] {
    let started = jobs.start(.search(RunningSearch(query: query, purpose: purpose)))
    let cancel = started.replaced.map { [Effect.cancel(jobID: $0)] } ?? []
    return cancel + [.start(SearchJob(id: started.id, query: query, list: list, rowMap: rowMap))]
  }

  /// After a data change: the shown matches are rows of the old data, so the
  /// search runs again over the new data (a running one starts over).
  mutating func refreshSearch() -> [Effect] {
    if let running = jobs.search?.running {
      return startSearchJob(running.query, purpose: running.purpose)
    }
    guard let shown = search else { return [] }
    search?.isStale = true
    // A "no match" said of the old data is not left standing while the new is searched.
    if message == Self.noMatch(shown.query) { message = Self.searching(shown.query) }
    return startSearchJob(shown.prepared, purpose: .refresh)
  }

  static func noMatch(_ query: String) -> String { "no match for '\(query)'" }
  static func searching(_ query: String) -> String { "searching for '\(query)'…" }

  /// A search job ended: act on it if it is the one the state waits for,
  /// then on the keys typed meanwhile.
  mutating func searchFinished(jobID: Int, _ result: SearchResult) -> [Effect] {
    guard case .search(let running)? = jobs.finish(.search, id: jobID) else { return [] }
    var effects = landSearch(running, result)
    for key in running.keysAfter { effects += handleKey(key) }
    return effects
  }

  /// What a finished search does, by its purpose.
  private mutating func landSearch(_ running: RunningSearch, _ result: SearchResult) -> [Effect] {
    switch running.purpose {
    case .land:
      showMatches(result)
    case .refresh:
      refreshMatches(result)
    case .step(let direction):
      guard result.isComplete, result.list === list else {
        message = "search for '\(result.query.text)' cancelled"
        return []
      }
      // Continue from the cursor: the match there, or between two matches.
      var found = SearchState(prepared: result.query, matches: result.rows)
      let rows = result.rows
      let from = cursorRow ?? -1
      if let k = rows.firstIndex(of: from) {
        found.current = k
      } else if direction > 0 {
        found.current = (rows.firstIndex(where: { $0 > from }) ?? rows.count) - 1
      } else {
        found.current = (rows.lastIndex(where: { $0 < from }) ?? -1) + 1
      }
      search = found
      return stepMatch(direction)
    }
    return []
  }

  /// Makes `result` the active search and lands on its first match after the
  /// cursor (wrapping). Returns false, changing nothing but the status line,
  /// when the result is partial or was found in another list than the one
  /// shown now.
  @discardableResult
  mutating func showMatches(_ result: SearchResult) -> Bool {
    guard result.isComplete else {
      message = "search for '\(result.query.text)' cancelled"
      return false
    }
    guard result.list === list else {
      message = "search for '\(result.query.text)' is out of date (the data changed)"
      return false
    }
    let rows = result.rows
    search = SearchState(prepared: result.query, matches: rows)
    guard !rows.isEmpty else {
      message = Self.noMatch(result.query.text)
      return true
    }
    let from = cursorRow ?? -1
    if let k = rows.firstIndex(where: { $0 > from }) {
      land(onMatch: k, wrapped: false)
    } else {
      land(onMatch: 0, wrapped: true)
    }
    return true
  }

  /// The matches of the shown search found again over new data: the cursor
  /// stays, unless there was no match before and now there is one to go to.
  mutating func refreshMatches(_ result: SearchResult) {
    guard result.isComplete, result.list === list else {
      if !result.isComplete { message = "search for '\(result.query.text)' cancelled" }
      return
    }
    let hadNone = search?.matches.isEmpty ?? true
    if hadNone && !result.rows.isEmpty {
      showMatches(result)
      return
    }
    let query = result.query.text
    // What the status line says of this search is said of the new matches.
    let saysSearch =
      message?.hasPrefix("match ") == true || message == Self.noMatch(query)
      || message == Self.searching(query)
    var refreshed = SearchState(prepared: result.query, matches: result.rows)
    refreshed.current = cursorRow.flatMap { result.rows.firstIndex(of: $0) }
    search = refreshed
    guard saysSearch else { return }
    if result.rows.isEmpty {
      message = Self.noMatch(query)
    } else {
      message =
        refreshed.current.map { "match \($0 + 1)/\(result.rows.count)" }
        ?? "\(result.rows.count) matches for '\(query)'"
    }
  }

  mutating func stepMatch(_ direction: Int) -> [Effect] {
    if let running = jobs.search?.running {
      // The matches are being found (again): step once they are.
      if running.purpose == .refresh {
        jobs.retarget(.search(RunningSearch(query: running.query, purpose: .step(direction))))
      }
      message = Self.searching(running.query.text)
      return []
    }
    guard var state = search else {
      message = "no previous search"
      return []
    }
    if state.isStale {
      message = Self.searching(state.query)
      return startSearchJob(state.prepared, purpose: .step(direction))
    }
    guard !state.matches.isEmpty else {
      message = Self.noMatch(state.query)
      return []
    }
    let count = state.matches.count
    let current = state.current ?? (direction > 0 ? -1 : count)
    var next = current + direction
    var wrapped = false
    if next >= count {
      next = 0
      wrapped = true
    } else if next < 0 {
      next = count - 1
      wrapped = true
    }
    state.current = next
    search = state
    land(onMatch: next, wrapped: wrapped)
    return []
  }

  private mutating func land(onMatch k: Int, wrapped: Bool) {
    guard var state = search else { return }
    state.current = k
    search = state
    let row = state.matches[k]
    placeCursor(near: row)
    let h = max(layout.listHeight, 1)
    if row < offsetY || row >= offsetY + h {
      setOffset(y: offsetY(showing: row, at: .center), animated: true)
    }
    revealCursor()
    let note = wrapped ? " (search wrapped)" : ""
    message = "match \(k + 1)/\(state.matches.count)\(note)"
  }
}

/// What one search pass found: the matching rows of one list, in list order.
public struct SearchResult: Sendable {
  public let query: PreparedQuery
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

/// Search over item text and section titles, forward from the cursor, wrapping.
extension AppState {
  /// Items matched between two calls of `shouldStop`.
  public static let searchCheckInterval = 4096

  /// Finds the rows matching `query` in `list` — a pure function of its
  /// arguments, so a front end may run it on another thread over a copy of
  /// the state's `list` and `rowMap`. Items are matched in their bytes where
  /// possible (`SectionedList.itemMatches`). `shouldStop` is asked every
  /// `searchCheckInterval` items; when it says yes the pass ends at once
  /// with the rows found so far and `isComplete == false`.
  public static func findMatches(
    _ query: PreparedQuery, in list: SectionedList, rowMap: RowMap, shouldStop: () -> Bool = { false }
  ) -> SearchResult {
    var rows: [Int] = []
    var scanned = 0
    var nextCheck = 0  // items scanned when `shouldStop` is asked next
    for s in 0..<list.sectionCount {
      let header = rowMap.headerRow(s)
      if query.matches(list.title(s)) { rows.append(header) }
      let first = list.sections[s].firstItem
      let end = first + list.sections[s].itemCount
      var start = first
      while start < end {
        if scanned >= nextCheck {
          if shouldStop() {
            return SearchResult(query: query, rows: rows, isComplete: false, itemsScanned: scanned, list: list)
          }
          nextCheck = scanned + searchCheckInterval
        }
        let stop = min(end, start + nextCheck - scanned)
        // Item i of the store is row header + 1 + (i - first).
        let shift = header + 1 - first
        list.matchItems(start..<stop, query: query) { rows.append($0 + shift) }
        scanned += stop - start
        start = stop
      }
    }
    return SearchResult(query: query, rows: rows, isComplete: true, itemsScanned: scanned, list: list)
  }

  /// `findMatches` over this state's list.
  public func findMatches(_ query: String, shouldStop: () -> Bool = { false }) -> SearchResult {
    Self.findMatches(prepare(query), in: list, rowMap: rowMap, shouldStop: shouldStop)
  }

  /// `query` prepared under this state's settings (`--literal`).
  public func prepare(_ query: String) -> PreparedQuery {
    PreparedQuery(query, literal: settings.literal)
  }

  /// Starts a search for `query` (as a background job); its result lands on
  /// the first match after the cursor.
  mutating func startSearch(_ query: String) -> [Effect] {
    message = "searching for '\(query)'… (Esc stops)"
    return startSearchJob(prepare(query), purpose: .land)
  }

  /// Replaces any running search with a new job over the current data.
  mutating func startSearchJob(_ query: PreparedQuery, purpose: RunningSearch.Purpose) -> [Effect] {
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
    return startSearchJob(shown.prepared, purpose: .refresh)
  }

  /// A search job ended: act on it if it is the one the state waits for.
  mutating func searchFinished(jobID: Int, _ result: SearchResult) -> [Effect] {
    guard case .search(let running)? = jobs.finish(.search, id: jobID) else { return [] }
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
      message = "no match for '\(result.query.text)'"
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
    var refreshed = SearchState(prepared: result.query, matches: result.rows)
    refreshed.current = cursorRow.flatMap { result.rows.firstIndex(of: $0) }
    search = refreshed
  }

  mutating func stepMatch(_ direction: Int) -> [Effect] {
    if let running = jobs.search?.running {
      // The matches are being found (again): step once they are.
      if running.purpose == .refresh {
        jobs.retarget(.search(RunningSearch(query: running.query, purpose: .step(direction))))
      }
      message = "searching for '\(running.query.text)'…"
      return []
    }
    guard var state = search else {
      message = "no previous search"
      return []
    }
    if state.isStale {
      message = "searching for '\(state.query)'…"
      return startSearchJob(state.prepared, purpose: .step(direction))
    }
    guard !state.matches.isEmpty else {
      message = "no match for '\(state.query)'"
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

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

  /// Searches for `query` and moves to the first match after the cursor.
  mutating func startSearch(_ query: String) {
    _ = startSearch(query, shouldStop: { false })
  }

  /// Searches for `query`, asking `shouldStop` every few thousand items.
  /// Returns false when it stopped early: the search and the cursor are then
  /// left as they were, and the status line says the search was cancelled.
  @discardableResult
  public mutating func startSearch(_ query: String, shouldStop: () -> Bool) -> Bool {
    showMatches(findMatches(query, shouldStop: shouldStop))
  }

  /// Makes `result` the active search and lands on its first match after the
  /// cursor (wrapping) — for a result found elsewhere with `findMatches`.
  /// Returns false, changing nothing but the status line, when the result is
  /// partial or was found in another list than the one shown now.
  @discardableResult
  public mutating func showMatches(_ result: SearchResult) -> Bool {
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

  mutating func stepMatch(_ direction: Int) {
    guard var state = search else {
      message = "no previous search"
      return
    }
    guard !state.matches.isEmpty else {
      message = "no match for '\(state.query)'"
      return
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

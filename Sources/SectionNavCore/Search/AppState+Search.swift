import Foundation

/// Search over item text and section titles, forward from the cursor, wrapping.
extension AppState {
  mutating func startSearch(_ query: String) {
    var state = SearchState(query: query)
    var rows: [Int] = []
    for s in 0..<list.sectionCount {
      if state.matches(list.title(s)) { rows.append(rowMap.headerRow(s)) }
      for i in 0..<list.itemCount(s) where state.matches(list.itemText(section: s, item: i)) {
        rows.append(rowMap.row(section: s, item: i))
      }
    }
    state.matches = rows
    search = state
    guard !rows.isEmpty else {
      message = "no match for '\(query)'"
      return
    }
    let from = cursorRow ?? -1
    if let k = rows.firstIndex(where: { $0 > from }) {
      land(onMatch: k, wrapped: false)
    } else {
      land(onMatch: 0, wrapped: true)
    }
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

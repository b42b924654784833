/// Pointer input: the same code serves SGR mouse reports and script commands.
extension AppState {
  /// Rows moved by one wheel notch.
  static let wheelStep = 3
  /// A second click on an item within this much `tick` time is a double
  /// click: Enter, as fzf's `double-click` accepts.
  static let doubleClickTime = 500

  mutating func handleMouse(_ m: MouseEvent) -> [Effect] {
    // The help screen covers the list: a click closes it, as any key does;
    // nothing reaches the list under it (it moved while hidden).
    if case .help = mode {
      if m.kind == .press { mode = restingMode }
      return []
    }
    if previewMouse(m) { return [] }  // over the preview pane or its border
    // In the list's own cells (after a pane on the left or at the top).
    let split = previewSplit
    let col = m.column - 1 - split.listColumn
    let row = m.row - 1 - split.listRow
    switch m.kind {
    case .press:
      // A click answers `'` as any key does that is not a letter: the next
      // key is the list's again.
      if case .awaitingEntry = mode { mode = restingMode }
      guard m.button == 0 else { return [] }
      return press(column: col, row: row)
    case .motion:
      follow(column: col, row: row)
    case .release:
      follow(column: col, row: row)
      pointer.drag = nil
      pointer.lastEntry = nil
      if pointer.doubleClickPressed {
        pointer.doubleClickPressed = false
        return handleKey(KeyEvent(.enter))
      }
    case .wheelUp, .wheelDown:
      let delta = (m.kind == .wheelDown ? 1 : -1) * Self.wheelStep
      if m.modifiers.contains(.shift) {
        setOffset(x: offsetX + delta)
      } else {
        setOffset(y: offsetY + delta)
      }
    case .wheelLeft, .wheelRight:
      setOffset(x: offsetX + (m.kind == .wheelRight ? 1 : -1) * Self.wheelStep)
    }
    return []
  }

  private mutating func press(column col: Int, row: Int) -> [Effect] {
    message = nil
    let click = pointer.lastClick
    pointer.lastClick = nil
    pointer.doubleClickPressed = false
    // The same rectangles the compositor draws into.
    if layout.verticalTrack.contains(column: col, row: row) {
      pointer.drag = .vertical
      dragVertical(line: row - layout.listTop)
    } else if layout.horizontalTrackArea.contains(column: col, row: row) {
      pointer.drag = .horizontal
      dragHorizontal(cell: col)
    } else if layout.index.contains(column: col, row: row) {
      pointer.drag = .index
      pointer.row = row
      pointer.lastEntry = nil
      indexPointer(line: row - layout.listTop)
    } else if layout.list.contains(column: col, row: row) {
      let r = drawnRows.lowerBound + row - layout.listTop
      switch rowMap.row(r) {
      case .item?:
        if let click, click.row == r, cursorRow == r, time.now - click.at <= Self.doubleClickTime {
          pointer.doubleClickPressed = true
          return []
        }
        cursorRow = r
        pointer.lastClick = PointerState.Click(row: r, at: time.now)
      case .header?: placeCursor(near: r)
      case nil: break
      }
    } else if layout.pinned.contains(column: col, row: row), let s = topSection {
      jump(toSection: s, alignment: .top)
    }
    return []
  }

  private mutating func follow(column col: Int, row: Int) {
    switch drag {
    case .vertical?:
      dragVertical(line: row - layout.listTop)
    case .horizontal?:
      dragHorizontal(cell: col)
    case .index?:
      // A drag that started on the column keeps tracking wherever the pointer goes.
      pointer.row = min(max(row, layout.listTop), layout.listTop + max(layout.listHeight - 1, 0))
      indexPointer(line: row - layout.listTop)
    case nil:
      break
    }
  }

  private mutating func dragVertical(line: Int) {
    let y = ScrollIndicator.offset(forCell: line, track: layout.listHeight, maxOffset: maxOffsetY)
    setOffset(y: y)
    time.lastScroll = time.now
  }

  private mutating func dragHorizontal(cell: Int) {
    let x = ScrollIndicator.offset(forCell: cell, track: layout.horizontalTrack, maxOffset: maxOffsetX)
    setOffset(x: x)
    time.lastScroll = time.now
  }
}

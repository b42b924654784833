/// The scroll model (README.md, "Scrolling and indicators"): every operation clamps, every change of
/// offset counts as scrolling (for auto-hidden indicators and animation).
extension AppState {
  mutating func clampOffsets() {
    offsetY = min(max(offsetY, 0), maxOffsetY)
    offsetX = min(max(offsetX, 0), maxOffsetX)
  }

  /// Moves the view; `animated` jumps glide under `--smooth`.
  mutating func setOffset(x: Int? = nil, y: Int? = nil, animated: Bool = false) {
    let before = displayedOffset
    let oldX = offsetX
    let oldY = offsetY
    if let x { offsetX = x }
    if let y { offsetY = y }
    clampOffsets()
    guard offsetX != oldX || offsetY != oldY else { return }
    time.lastScroll = time.now
    // Animate only once time is known to move (a tick arrived): a script that
    // never ticks sees the same jumps as without --smooth.
    if animated && settings.smooth && time.running {
      view.viewport.animation = Animation(fromX: before.x, fromY: before.y)
    } else {
      view.viewport.animation = nil
    }
  }

  /// The offset that puts `row` at `alignment` in the list area.
  func offsetY(showing row: Int, at alignment: Command.Alignment) -> Int {
    let h = max(layout.listHeight, 1)
    switch alignment {
    case .top: return row
    case .center: return row - h / 2
    case .bottom: return row - (h - 1)
    }
  }

  /// Whether the top row at offset `y` is a section header that the pinned
  /// row shows already: it scrolls under the pinned row (iOS draws one
  /// header), so the list area starts one row further down.
  func headerUnderPin(at y: Int) -> Bool {
    guard layout.pinnedRow != nil, case .header? = rowMap.row(y) else { return false }
    return true
  }

  /// The content rows drawn in the list area with the view at offset `y`.
  func drawnRows(at y: Int) -> Range<Int> {
    let top = y + (headerUnderPin(at: y) ? 1 : 0)
    return top..<(top + max(layout.listHeight, 1))
  }

  /// The content rows on screen now (during a `--smooth` glide, its frame's).
  public var drawnRows: Range<Int> { drawnRows(at: displayedOffset.y) }

  /// Scrolls just enough that the cursor row is drawn.
  mutating func revealCursor(animated: Bool = false) {
    guard let r = cursorRow else { return }
    let drawn = drawnRows(at: offsetY)
    let h = max(layout.listHeight, 1)
    if r < drawn.lowerBound {
      setOffset(y: r, animated: animated)
    } else if r >= drawn.upperBound {
      setOffset(y: r - h + 1, animated: animated)
    }
  }

  /// After the user scrolled the view: a cursor left off screen comes to
  /// the nearest item row drawn (as vim's does with C-e), so Enter never
  /// picks an item that is not shown.
  mutating func keepCursorOnScreen() {
    guard let r = cursorRow else { return }
    let drawn = drawnRows(at: offsetY)
    if r < drawn.lowerBound, let n = rowMap.nextItemRow(from: drawn.lowerBound), n < drawn.upperBound {
      cursorRow = n
    } else if r >= drawn.upperBound, let p = rowMap.previousItemRow(from: drawn.upperBound - 1),
      p >= drawn.lowerBound
    {
      cursorRow = p
    } else {
      return
    }
    cursorMoved = true
  }

  /// Puts the cursor on the item row nearest `row` (at or after, else before).
  mutating func placeCursor(near row: Int) {
    cursorRow = rowMap.nearestItemRow(atOrAfter: row)
  }

  /// Moves cursor and view together by `delta` rows (pages, half pages).
  mutating func page(by delta: Int) {
    setOffset(y: offsetY + delta)
    if let r = cursorRow {
      let target = r + delta
      if delta > 0 {
        cursorRow = rowMap.nextItemRow(from: target) ?? rowMap.previousItemRow(from: rowMap.totalRows - 1)
      } else {
        cursorRow = rowMap.previousItemRow(from: target) ?? rowMap.nextItemRow(from: 0)
      }
    }
    revealCursor()
  }

  /// Moves the cursor to the next (`+1`) or previous (`-1`) item.
  mutating func stepCursor(_ direction: Int) {
    guard let r = cursorRow else { return }
    if let next = itemRow(after: r, direction: direction) { cursorRow = next }
    revealCursor()
  }

  /// The item row after row `r` in `direction` (down when positive); past
  /// the last item the first, and back, under `--cycle`; else nil at an end.
  func itemRow(after r: Int, direction: Int) -> Int? {
    if direction > 0 {
      return rowMap.nextItemRow(from: r + 1) ?? (settings.cycle ? rowMap.nextItemRow(from: 0) : nil)
    }
    return rowMap.previousItemRow(from: r - 1)
      ?? (settings.cycle ? rowMap.previousItemRow(from: rowMap.totalRows - 1) : nil)
  }

  /// A section's header lands at `alignment`; the cursor goes to its first item.
  mutating func jump(toSection section: Int, alignment: Command.Alignment) {
    guard section >= 0, section < rowMap.sectionCount else { return }
    let header = rowMap.headerRow(section)
    setOffset(y: offsetY(showing: header, at: alignment), animated: true)
    placeCursor(near: header)
  }

  /// An item lands at `alignment` and becomes the cursor.
  mutating func jump(toSection section: Int, item: Int, alignment: Command.Alignment) {
    let row = rowMap.row(section: section, item: item)
    setOffset(y: offsetY(showing: row, at: alignment), animated: true)
    cursorRow = row
  }

  /// `scroll top|center|bottom`: an edge, or half the largest offset.
  mutating func scroll(to edge: Command.Alignment) {
    switch edge {
    case .top: setOffset(y: 0, animated: true)
    case .center: setOffset(y: Int((Double(maxOffsetY) / 2).rounded()), animated: true)
    case .bottom: setOffset(y: maxOffsetY, animated: true)
    }
  }

  /// `scroll-to FX FY`: a unit point of the scrollable range.
  mutating func scroll(toUnitX fx: Double, y fy: Double) {
    let x = Int((min(max(fx, 0), 1) * Double(maxOffsetX)).rounded())
    let y = Int((min(max(fy, 0), 1) * Double(maxOffsetY)).rounded())
    setOffset(x: x, y: y, animated: true)
  }

  /// Advances `--smooth` animations and timers.
  mutating func advanceClock(by ms: Int) {
    time.running = true
    time.now += max(0, ms)
    if var a = view.viewport.animation {
      a.elapsed += max(0, ms)
      view.viewport.animation = a.elapsed >= Animation.duration ? nil : a
    }
  }
}

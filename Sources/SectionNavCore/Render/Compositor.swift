/// Draws an `AppState` into a `Frame`: the one view shared by the terminal,
/// `print` and `print ansi`. Touches only visible rows.
extension AppState {
  public func render() -> Frame {
    if showHelp && previewSplit.pane != nil {
      // The help takes the whole screen.
      var whole = self
      whole.workflow.previewOpen = false
      whole.resize(width: screenWidth, height: screenHeight)
      return whole.renderList()
    }
    let frame = renderList()
    return previewSplit.pane == nil ? frame : withPreviewPane(frame)
  }

  /// The list, index, indicators and status line in `width`×`height`.
  func renderList() -> Frame {
    var frame = Frame(width: width, height: height)
    if showHelp {
      drawHelp(into: &frame)
      return frame
    }
    drawPinnedHeader(into: &frame)
    drawList(into: &frame)
    drawIndex(into: &frame)
    if indicatorsVisible {
      drawIndicator(.vertical, into: &frame)
      drawIndicator(.horizontal, into: &frame)
    }
    drawBubble(into: &frame)
    drawHeaderLine(into: &frame)
    drawStatus(into: &frame)
    return frame
  }

  private var theme: Theme { settings.theme }

  private func headerText(_ section: Int) -> String {
    let title = list.title(section)
    return title.allSatisfy(\.isWhitespace) ? "(untitled)" : title
  }

  /// Writes `text` in at most `width` cells, ending with "…" when it does not fit.
  func putTruncated(
    _ text: String, into frame: inout Frame, column: Int, row: Int, width: Int, style: Style
  ) {
    guard width > 0 else { return }
    if TextSanitizer.width(text) <= width {
      frame.put(text, column: column, row: row, maxWidth: width, style: style)
    } else {
      // Cut before a wide grapheme that would straddle the cut, so the `…`
      // follows the text with no blank cell between them.
      let n = frame.put(cut(text, to: width - 1), column: column, row: row, maxWidth: width - 1, style: style)
      frame.put("…", column: column + n, row: row, maxWidth: 1, style: style)
    }
  }

  private func drawPinnedHeader(into frame: inout Frame) {
    guard let row = layout.pinnedRow, let s = topSection else { return }
    let style = theme[.pinned]
    frame.fillStyle(style, column: 0, row: row, count: layout.textWidth)
    putTruncated(headerText(s), into: &frame, column: 0, row: row, width: layout.textWidth, style: style)
  }

  private func drawList(into frame: inout Frame) {
    let x = displayedOffset.x
    let y = drawnRows.lowerBound
    let textWidth = layout.textWidth
    for line in 0..<layout.listHeight {
      let screenRow = layout.listTop + line
      switch rowMap.row(y + line) {
      case .header(let s)?:
        let style = theme[.header]
        putTruncated(headerText(s), into: &frame, column: 0, row: screenRow, width: textWidth, style: style)
        let runs = highlightQueries(row: y + line).flatMap { FilterHighlight.cells(in: headerText(s), query: $0) }
        highlight(runs, skip: 0, column: 0, row: screenRow, width: textWidth, into: &frame)
      case .item(let s, let i)?:
        let isCursor = cursorRow == y + line
        let style = isCursor ? theme[.cursor] : Style.plain
        if isCursor { frame.fillStyle(style, column: 0, row: screenRow, count: textWidth) }
        let mark = isMarked(section: s, item: i) ? "*" : " "
        frame.put((isCursor ? ">" : " ") + mark, column: 0, row: screenRow, maxWidth: textWidth, style: style)
        var text = list.itemText(section: s, item: i, cells: x + layout.itemTextWidth)
        var column = ScreenLayout.itemIndent
        var width = layout.itemTextWidth
        var skip = x
        let queries = highlightQueries(row: y + line)
        var runs =
          x > FilterHighlight.farthestColumn ? [] : queries.flatMap { FilterHighlight.cells(in: text, query: $0) }
        // Unscrolled, a long item shows its last match (fzf's --hscroll):
        // one past the text taken for the view is looked for further in.
        if x == 0, let margin = settings.hscrollOff, !queries.isEmpty {
          if runs.isEmpty {
            let further = list.itemText(section: s, item: i, cells: Self.matchSearchCells)
            if further.utf8.count > text.utf8.count {
              text = further
              runs = queries.flatMap { FilterHighlight.cells(in: text, query: $0) }
            }
          }
          if let shift = Self.matchShift(runs: runs, text: text, width: width, margin: margin) {
            frame.put("…", column: column, row: screenRow, maxWidth: 1, style: style)
            (column, width, skip) = (column + 1, width - 1, shift)
          }
        }
        frame.put(text, column: column, row: screenRow, maxWidth: width, style: style, skip: skip)
        highlight(runs, skip: skip, column: column, row: screenRow, width: width, into: &frame)
      case nil:
        if line == 0 && rowMap.totalRows == 0, let r = filtering.result, r.isComplete {
          putTruncated(
            "  no match for '\(TextSanitizer.apart(r.query.text))'", into: &frame, column: 0, row: screenRow,
            width: textWidth,
            style: .plain)
        }
      }
    }
  }

  private func drawIndex(into frame: inout Frame) {
    let il = indexLayout
    guard layout.indexWidth > 0, il.lines > 0 else { return }
    let current = currentEntry.flatMap(il.line(forEntry:))
    let plain = theme[.index]
    let highlighted = theme[.indexCurrent]
    let room = layout.indexWidth - 1
    let right = layout.indexColumn + layout.indexWidth
    for k in 0..<il.lines {
      let row = layout.listTop + il.top + k
      let glyphs = il.showsLabel(atLine: k) ? index.entries[il.entry(atLine: k)].glyphs : SectionIndex.placeholder
      let style = k == current ? highlighted : plain
      // Right-aligned; a label wider than the column keeps its first cells.
      var fitted = 0
      var count = 0
      for g in glyphs {
        if fitted + g.width > room { break }
        fitted += g.width
        count += 1
      }
      var column = right - fitted
      for g in glyphs.prefix(count) {
        frame[column, row] = Cell(g.text, style: style)
        if g.width == 2 { frame[column + 1, row] = Cell("", style: style) }
        column += g.width
      }
    }
  }

  /// One drawer for both indicators: the track area comes from the layout,
  /// the orientation picks the glyphs.
  private func drawIndicator(_ orientation: Orientation, into frame: inout Frame) {
    let area = layout.track(orientation)
    guard !area.isEmpty else { return }
    let vertical = orientation == .vertical
    // Everything fits: nothing to indicate (iOS shows no indicator then).
    let fits =
      vertical ? rowMap.totalRows <= layout.listHeight : list.maxItemWidth <= layout.itemTextWidth
    if fits { return }
    let length = vertical ? area.height : area.width
    let indicator =
      vertical
      ? ScrollIndicator(
        track: length, viewport: layout.listHeight, content: rowMap.totalRows, offset: displayedOffset.y)
      : ScrollIndicator(
        track: length, viewport: layout.itemTextWidth, content: list.maxItemWidth, offset: displayedOffset.x)
    let (thumb, track) = (theme[.thumb], theme[.track])
    let trackGlyph = IndicatorGlyphs.track(orientation)
    // With colour, eighth-cell glyphs; without, whole cells.
    let (start, thumbLength) = theme.colorEnabled ? indicator.thumbEighths : indicator.thumbCells
    for c in 0..<length {
      let glyph =
        theme.colorEnabled
        ? IndicatorGlyphs.thumb(orientation, cell: c, start: start, end: start + thumbLength)
        : (c >= start && c < start + thumbLength ? IndicatorGlyphs.full : nil)
      frame.put(
        glyph ?? trackGlyph, column: area.x + (vertical ? 0 : c), row: area.y + (vertical ? c : 0),
        style: glyph == nil ? track : thumb)
    }
  }

  private func drawBubble(into frame: inout Frame) {
    guard drag == .index, let e = pointer.lastEntry, e < index.entries.count, layout.indexWidth > 0 else {
      return
    }
    let s = index.entries[e].section
    let text = " " + headerText(s) + " "
    let room = layout.indexColumn
    let w = min(TextSanitizer.width(text), room)
    guard w > 0 else { return }
    let column = layout.indexColumn - w
    frame.fillStyle(theme[.bubble], column: column, row: pointer.row, count: w)
    for c in column..<(column + w) { frame[c, pointer.row] = Cell(" ", style: theme[.bubble]) }
    putTruncated(text, into: &frame, column: column, row: pointer.row, width: w, style: theme[.bubble])
  }

  private func drawStatus(into frame: inout Frame) {
    guard let row = layout.statusRow else { return }
    let style = theme[.status]
    frame.fillStyle(style, column: 0, row: row, count: width)
    // Pick mode has no status line: an exit that waits for the load says so on the query line.
    if filterLineOpen || settings.pick && isWaitingForLoad {
      drawFilterLine(into: &frame, row: row, style: style)
      return
    }
    if let prompt {
      let (before, after) = prompt.line.split
      let lead = (prompt.kind == .command ? ":" : "/") + before
      // Keep the caret visible on a long line.
      let over = max(0, TextSanitizer.width(lead) + 1 - width)
      frame.put(lead + "▏" + after, column: 0, row: row, style: style, skip: over)
      return
    }
    // The cursor's section (its title gets what the rest leaves), then items, not rows.
    var left = ""
    if isFiltered || filtering.progress != nil { left += " " + filterStatus + " " }
    let items = rowMap.totalRows - rowMap.sectionCount
    left += " item \(cursor.map { cursorRow! - $0.section } ?? 0)/\(items)"
    if let note = loadNote { left += "  " + note }
    if !filtering.marks.isEmpty { left += "  \(filtering.marks.count) marked" }
    if focus == .index { left += "  INDEX " + (typeahead.isEmpty ? "(type a title)" : TextSanitizer.apart(typeahead)) }
    if let note = message ?? standingNote { left += "  " + note }
    if let s = cursor?.section ?? topSection {
      let title = TextSanitizer.apart(headerText(s))
      // Up to 12 cells of it win over a long message (which is cut at the end).
      let room = max(min(TextSanitizer.width(title), 12), width - TextSanitizer.width(left) - 2)
      let fitted = TextSanitizer.width(title) <= room ? title : room > 1 ? cut(title, to: room - 1) + "…" : ""
      if !fitted.isEmpty { left = " " + fitted + " " + left }
    }
    let hints = "? help  q quit "
    // A message too long for the line ends in `…`: cut off, it can misread
    // (`exited with status 1` for 12).
    let n = min(TextSanitizer.width(left), width)
    putTruncated(left, into: &frame, column: 0, row: row, width: width, style: style)
    if n + TextSanitizer.width(hints) + 2 <= width {
      frame.put(hints, column: width - TextSanitizer.width(hints), row: row, style: style)
    }
  }

  /// The first characters of `text` that fit in `cells`.
  private func cut(_ text: String, to cells: Int) -> String {
    var out = ""
    var used = 0
    for c in text {
      let w = TextSanitizer.width(String(c))
      if used + w > cells { break }
      used += w
      out.append(c)
    }
    return out
  }

  /// Help lines per page: all rows but the status row.
  var helpPageHeight: Int { max(1, screenHeight - 1) }

  /// Pages of the help at the current size.
  var helpPageCount: Int {
    let lines = helpLines.count
    return max(1, (lines + helpPageHeight - 1) / helpPageHeight)
  }

  private func drawHelp(into frame: inout Frame) {
    let lines = helpLines
    let pages = helpPageCount
    let page = min(helpPage, pages - 1)
    let first = page * helpPageHeight
    let top = layout.statusRow == 0 ? 1 : 0
    for (i, line) in lines[first..<min(lines.count, first + helpPageHeight)].enumerated() {
      frame.put(line, column: 0, row: top + i, style: first + i == 0 ? Style(bold: true) : .plain)
    }
    if let row = layout.statusRow {
      frame.fillStyle(theme[.status], column: 0, row: row, count: width)
      let text =
        pages > 1 && page + 1 < pages
        ? " help \(page + 1)/\(pages): Space more, other keys close"
        : pages > 1 ? " help \(page + 1)/\(pages): any key closes" : " help: any key closes"
      frame.put(text, column: 0, row: row, style: theme[.status])
    }
  }
}

extension AppState {
  /// The frame at `width`×`height` without changing the state: the run loop
  /// may draw at a new size (behind an open prompt) before its `.resize`
  /// event reaches `handle`.
  public func render(width: Int, height: Int) -> Frame {
    guard width != screenWidth || height != screenHeight else { return render() }
    var resized = self
    resized.resize(width: width, height: height)
    return resized.render()
  }
}

/// How the filter shows: the `&` line on the status row, its counts, and
/// the matched characters of visible rows.
extension AppState {
  /// `&QUERY 12/2000`, and `filtering 42%` while a run goes on (the
  /// query being run then, the count once its first survivors are shown).
  var filterStatus: String {
    let running = filtering.progress != nil
    let query = running ? filtering.line.text : filtering.result?.query.text ?? ""
    var text = "&" + TextSanitizer.apart(query)
    if let r = filtering.result, isFiltered, r.query.text == query {
      text += " \(r.itemCount)/\(dataList.itemCount)"
    }
    if let p = filtering.progress { text += "  filtering \(Int(p * 100))%" }
    return text
  }

  /// `state`'s filter fields: `"filter"` while a filter is on, `"marked"` under `--multi`.
  var filterJSON: String {
    var json = ""
    if let r = filtering.result, isFiltered {
      json += ",\"filter\":{\"query\":\(JSONText.terminalQuoted(r.query.text)),\"items\":\(r.itemCount),"
      json += "\"sections\":\(r.sectionCount)}"
    }
    if settings.multi { json += ",\"marked\":\(filtering.marks.count)" }
    return json
  }

  /// Cells the query keeps on the filter line before counts or a message.
  static let leastQueryCells = 10

  /// The filter line: `&QUERY` with the caret (`▏`), counts on the right.
  func drawFilterLine(into frame: inout Frame, row: Int, style: Style) {
    let (before, after) = filtering.line.split
    let prompt = settings.pick ? workflow.prompt ?? settings.prompt : "&"
    let beforeCaret = TextSanitizer.apart(before)
    let line = beforeCaret + "▏" + TextSanitizer.apart(after)
    var counts = " \(filtering.result?.itemCount ?? dataList.itemCount)/\(dataList.itemCount)"
    if let p = filtering.progress { counts += "  filtering \(Int(p * 100))%" }
    if let note = loadNote { counts += "  " + note }
    if !filtering.marks.isEmpty { counts += "  (\(filtering.marks.count) marked)" }
    counts += " "
    // A line too narrow for the query and the counts keeps the query.
    if width - TextSanitizer.width(counts) < Self.leastQueryCells { counts = "" }
    let countsWidth = TextSanitizer.width(counts)
    // The status line's message (a failed reload, a mark without --multi)
    // until the next key, or its standing note (the file shrank), in what the query leaves but at least half of
    // what the counts leave: pick mode has no status line. None where the
    // line has no room for both.
    let note = (message ?? standingNote).map { "  " + $0 }
    let free = width - countsWidth - 1
    let promptWidth = TextSanitizer.width(prompt)
    let noteWidth =
      note.map {
        free < 2 * Self.leastQueryCells
          ? 0 : min(TextSanitizer.width($0), max(free - promptWidth - TextSanitizer.width(line), free / 2))
      } ?? 0
    // The line up to a cell before them, however long the query.
    let room = max(1, width - countsWidth - noteWidth - 1)
    // The prompt stays; a long query shows the part around the caret, as
    // fzf's does (it pushed the prompt off the line). A prompt wider than
    // the line scrolls away with the query.
    let kept = promptWidth < room - 1 ? frame.put(prompt, column: 0, row: row, maxWidth: room, style: style) : 0
    let text = kept > 0 ? line : prompt + line
    let caretAt = kept > 0 ? TextSanitizer.width(beforeCaret) : promptWidth + TextSanitizer.width(beforeCaret)
    let skip = max(0, caretAt + 1 - (room - kept))
    let n = kept + frame.put(text, column: kept, row: row, maxWidth: room - kept, style: style, skip: skip)
    guard width - countsWidth - noteWidth > n else { return }
    if let note { putTruncated(note, into: &frame, column: room + 1, row: row, width: noteWidth, style: style) }
    frame.put(counts, column: width - countsWidth, row: row, style: style)
  }

  /// The queries whose matches show on `row`: the filter's (every shown
  /// row survived it) and, when `row` is one of its hits, the `/` search's.
  func highlightQueries(row: Int) -> [FilterQuery] {
    var queries: [FilterQuery] = []
    if isFiltered, let query = filtering.result?.query { queries.append(query) }
    if let search, search.isMatch(row: row) { queries.append(search.prepared) }
    return queries
  }

  /// Restyles the matched cells `runs` (`FilterHighlight.cells`, found
  /// only in the first `FilterHighlight.farthestColumn` cells of an item:
  /// the matches are found over the text up to the columns shown, and a
  /// view scrolled millions of columns into a huge item made that text,
  /// and 35 bytes a column of it, again for every frame) of a text drawn
  /// from cell `skip` on at `column`, `width` cells wide.
  func highlight(_ runs: [(Int, Int)], skip: Int, column: Int, row: Int, width: Int, into frame: inout Frame) {
    let style = settings.theme[.match]
    for (start, length) in runs {
      let from = max(0, start - skip)
      let to = min(width, start + length - skip)
      if to > from { frame.fillStyle(style, column: column + from, row: row, count: to - from) }
    }
  }

  /// How far into a long item (cells, as `itemText` takes them: 64 bytes
  /// a cell, so about 64 KiB) a match past the text of the view is looked
  /// for: a row of a huge item is not made again whole for every frame.
  static let matchSearchCells = 1024

  /// fzf's `--hscroll`: the cells to skip so that a row wider than `width`
  /// whose matches `runs` end past it shows the last of them and `margin`
  /// cells after it (`--hscroll-off`; at most half the row, as in fzf, so a
  /// narrow row keeps the match in view), or the item's end, behind a `…`
  /// (one cell); never inside a wide character, which would leave a blank
  /// cell. A path matched by its file name shows the name. Nil: it shows
  /// from its start.
  static func matchShift(runs: [(Int, Int)], text: String, width: Int, margin: Int) -> Int? {
    guard width >= 3, let end = runs.map({ $0.0 + $0.1 }).max() else { return nil }
    let margin = min(margin, width / 2 - 1)
    guard end + margin > width else { return nil }
    let textWidth = TextSanitizer.width(text)
    guard textWidth > width else { return nil }
    let shift = min(end + margin, textWidth) - (width - 1)
    // The first grapheme boundary at or after `shift`.
    var boundary = 0
    TextSanitizer.forEachGrapheme(text) {
      guard boundary < shift else { return false }
      boundary += $0.width
      return true
    }
    return boundary
  }
}

/// The preview pane: which command runs when, what it shows, its scrolling,
/// and how it is drawn beside the list.
extension AppState {
  /// Where the list and the pane are on the screen now.
  public var previewSplit: PreviewSplit {
    guard settings.preview != nil else {
      return PreviewSplit(listWidth: width, listHeight: height, pane: nil)
    }
    return settings.previewWindow.split(width: screenWidth, height: screenHeight, open: workflow.previewOpen)
  }

  /// The preview lines shown and the first one at the top (for tests and `state`).
  public var previewLines: [String] { workflow.previewText.lines.map { $0.map(\.text).joined() } }
  public var previewScroll: Int { workflow.previewScroll }

  /// Starts the preview for the item the cursor rests on, once it has
  /// rested `previewDelay` ms; kills a run for another item first.
  mutating func previewEffects() -> [Effect] {
    guard let template = settings.preview, previewSplit.pane != nil else { return [] }
    guard let c = cursor, let item = cursorKey else {
      // No item: an empty pane.
      workflow.previewText = PreviewText()
      workflow.shown = nil
      workflow.wanted = nil
      return jobs.stop(.preview).map { [.cancelPreview(id: $0)] } ?? []
    }
    let key = previewKey(item)
    let running = jobs.preview
    if key == running?.key || (key == workflow.shown && running == nil) { return [] }
    if key != workflow.wanted {
      workflow.wanted = key
      workflow.wantedSince = clock
    }
    guard clock - workflow.wantedSince >= WorkflowState.previewDelay else { return [] }
    let started = jobs.start(.preview(key))
    let cancel = started.replaced.map { [Effect.cancelPreview(id: $0)] } ?? []
    return cancel + [.runPreview(id: started.id, command: command(template, section: c.section, item: c.item))]
  }

  /// What a preview of `item` shows: the item, and the query and marks
  /// when the command reads them. One rule for the key wanted from the
  /// start (a key made there without the query was never the one the
  /// preview asked for: a `{q}` preview waited a second delay).
  func previewKey(_ item: ItemKey) -> WorkflowState.PreviewKey {
    let template = settings.preview
    return WorkflowState.PreviewKey(
      item: item, generation: workflow.generation, query: template?.usesQuery == true ? filtering.line.text : nil,
      marks: template?.usesMarked == true ? filtering.marks : nil)
  }

  /// `template` with the placeholders of the item (`{+}`: the marked items,
  /// else this one).
  func command(_ template: CommandTemplate, section: Int, item: Int) -> ShellLine {
    let text = list.itemText(section: section, item: item)
    var marked: [String] = []
    if template.usesMarked { marked = filtering.marks.isEmpty ? [text] : markedTexts }
    return template.render(
      .init(
        section: list.title(section), item: text, index: item,
        json: template.usesJSON ? list.itemJSON(section: section, item: item) : "", query: filtering.line.text,
        marked: marked, markedEnd: settings.itemEnd))
  }

  mutating func previewFinished(id: Int, output: [UInt8]) {
    guard case .preview(let key)? = jobs.finish(.preview, id: id) else { return }  // killed as stale
    show(output, of: key)
  }

  /// The output so far of the preview still running as `id` (not of one
  /// killed as stale): shown, the run going on.
  mutating func previewProgressed(id: Int, output: [UInt8]) {
    guard let running = jobs.preview, running.id == id else { return }
    show(output, of: running.key)
  }

  private mutating func show(_ output: [UInt8], of key: WorkflowState.PreviewKey) {
    workflow.previewText = PreviewText(output, colors: settings.theme.colorEnabled)
    if workflow.shown != key { workflow.previewScroll = 0 }
    workflow.shown = key
    clampPreviewScroll()
  }

  mutating func togglePreview() -> [Effect] {
    guard settings.preview != nil else {
      message = "no preview: start with --preview CMD"
      return []
    }
    workflow.previewOpen.toggle()
    resize(width: screenWidth, height: screenHeight)
    if !workflow.previewOpen, let id = jobs.stop(.preview) { return [.cancelPreview(id: id)] }
    return []
  }

  /// Scrolls the pane by `lines` (negative: up).
  mutating func scrollPreview(by lines: Int) {
    workflow.previewScroll += lines
    clampPreviewScroll()
  }

  mutating func scrollPreview(toEnd end: Bool) {
    workflow.previewScroll = end ? Int.max / 2 : 0
    clampPreviewScroll()
  }

  var previewPageLines: Int { max(1, previewSplit.pane?.height ?? 1) }

  private mutating func clampPreviewScroll() {
    let pane = previewSplit.pane?.height ?? 0
    workflow.previewScroll = max(0, min(workflow.previewScroll, workflow.previewText.lines.count - pane))
  }

  /// Whether a mouse report (1-based) is over the pane or its border, and so
  /// handled here: the wheel scrolls the pane, the rest is ignored.
  mutating func previewMouse(_ m: MouseEvent) -> Bool {
    let split = previewSplit
    guard split.pane != nil else { return false }
    guard !split.inList(column: m.column - 1, row: m.row - 1) else { return false }
    // A drag that started in the list keeps going there.
    if drag != nil && (m.kind == .motion || m.kind == .release) { return false }
    switch m.kind {
    case .wheelUp: scrollPreview(by: -Self.wheelStep)
    case .wheelDown: scrollPreview(by: Self.wheelStep)
    default: break
    }
    return true
  }

  /// The list frame placed where the split puts it on the whole screen,
  /// the border, and the pane's text with a `line/lines` note when it scrolls.
  func withPreviewPane(_ listFrame: Frame) -> Frame {
    let split = previewSplit
    guard let pane = split.pane else { return listFrame }
    var frame = Frame(width: screenWidth, height: screenHeight)
    for row in 0..<listFrame.height {
      for column in 0..<listFrame.width {
        frame[split.listColumn + column, split.listRow + row] = listFrame[column, row]
      }
    }
    let border = settings.theme[.track]
    switch settings.previewWindow.position {
    case .right: for row in 0..<screenHeight { frame[pane.column - 1, row] = Cell("│", style: border) }
    case .left: for row in 0..<screenHeight { frame[pane.width, row] = Cell("│", style: border) }
    case .bottom: for column in 0..<screenWidth { frame[column, pane.row - 1] = Cell("─", style: border) }
    case .top: for column in 0..<screenWidth { frame[column, pane.height] = Cell("─", style: border) }
    }
    let text = workflow.previewText
    text.draw(into: &frame, pane: pane, top: workflow.previewScroll)
    let count = text.lines.count
    if count > pane.height {
      let note = " \(workflow.previewScroll + 1)/\(count)\(text.truncated ? "+" : "") "
      let w = note.count
      if w <= pane.width {
        frame.put(
          note, column: pane.column + pane.width - w, row: pane.row, style: Style(reverse: true))
      }
    }
    return frame
  }
}

/// `--bind` keys: their action chains, and the chains that wait for an
/// `execute` or run after a `reload`.
extension AppState {
  /// Keys the preview pane adds when there is one (before `--bind`, which can
  /// take them over).
  static let previewKeys: [(key: KeyEvent, action: BindAction, help: String)] = [
    (KeyEvent(.char("p")), .togglePreview, "show or hide the preview pane"),
    (KeyEvent(.up, modifiers: .shift), .previewUp, "scroll the preview up"),
    (KeyEvent(.down, modifiers: .shift), .previewDown, "scroll the preview down"),
    (KeyEvent(.pageUp, modifiers: .shift), .previewPageUp, "preview page up"),
    (KeyEvent(.pageDown, modifiers: .shift), .previewPageDown, "preview page down"),
  ]

  /// What `key` does beyond the key table: the last `--bind` for it, else a
  /// preview key.
  /// While `typing` on the filter line, the preview's own keys leave
  /// printable characters to the query.
  func boundActions(for key: KeyEvent, typing: Bool = false) -> [BindAction]? {
    if let bind = settings.binds.last(where: { $0.key == key }) { return bind.actions }
    guard settings.preview != nil else { return nil }
    if typing, case .char = key.key, key.modifiers.isEmpty { return nil }
    return Self.previewKeys.first { $0.key == key }.map { [$0.action] }
  }

  /// The help screen's lines: the key table, the preview keys and the
  /// `--bind` keys as they are in effect.
  var helpLines: [String] {
    var bound: [(key: KeyEvent, does: String)] = []
    for bind in settings.binds.reversed() {
      guard let key = bind.key, !bound.contains(where: { $0.key == key }) else { continue }
      bound.insert((key, bind.text), at: 0)
    }
    let preview =
      settings.preview == nil
      ? [] : Self.previewKeys.filter { k in !bound.contains { $0.key == k.key } }.map { ($0.key, $0.help) }
    var events: [(name: String, does: String)] = []
    for event in BindEvent.allCases {
      if let bind = settings.binds.last(where: { $0.event == event }) { events.append((event.rawValue, bind.text)) }
    }
    return KeyBindings.helpLines(
      groups: [("preview (wheel over the pane scrolls it)", preview), ("--bind", bound)], events: events)
  }

  /// Runs what the last `--bind` of `event` says (fzf's events). `change`
  /// does not fire from within its own chain (`change:change-query(x)`
  /// would go on for ever); `load` fires once a data set (`workflow.loaded`).
  mutating func fire(_ event: BindEvent) -> [Effect] {
    var effects: [Effect] = []
    if event == .load {
      guard !workflow.loaded else { return [] }
      workflow.loaded = true
    }
    if let actions = settings.binds.last(where: { $0.event == event })?.actions,
      !(event == .change && workflow.firingChange)
    {
      // Other events fire inside a `change` chain (a `load` its reload brought).
      let outer = workflow.firingChange
      if event == .change { workflow.firingChange = true }
      effects = runChain(actions)
      workflow.firingChange = outer
    }
    // The data complete at the start: `load` follows `start` — unless
    // `start` began a reload, whose data it is then for (fzf's order).
    if event == .start && loadProgress == nil && !loadReading && jobs[.reload] == nil { effects += fire(.load) }
    return effects
  }

  /// Whether any `--bind` names an event (the runners then send `.bindEvent(.start)`).
  static func bindsEvents(_ binds: [KeyBind]) -> Bool { binds.contains { $0.event != nil } }

  /// Runs `actions` in order until one ends the run or waits for an
  /// `execute` (the rest run on `.executeFinished`).
  mutating func runChain(_ actions: some Collection<BindAction>) -> [Effect] {
    // An action sees the query typed so far applied (`{q}`, the cursor's item).
    var effects = filterTyped()
    var rest = actions[...]
    while let action = rest.popFirst() {
      switch action {
      case .action(let a): effects += perform(a)
      case .execute(let template), .executeSilent(let template):
        guard hasItems(for: template) else { continue }
        let id = jobs.start(.execute(then: Array(rest))).id
        let silent: Bool
        if case .executeSilent = action { silent = true } else { silent = false }
        return effects + [.execute(id: id, command: cursorCommand(template), silent: silent)]
      case .reload(let template, let sync):
        guard hasItems(for: template) else { continue }
        // One reload at a time: a newer one replaces a running one.
        let started = jobs.start(.reload)
        if let running = started.replaced { effects.append(.cancelReload(id: running)) }
        effects.append(.reload(id: started.id, command: cursorCommand(template), streamed: !sync))
      case .print(let format):
        // What Enter would print: the marked items, else the cursor's
        // (in pick mode, with neither, the run ends unchosen as Enter's does).
        guard cursor != nil || !filtering.marks.isEmpty || settings.pick else { continue }
        workflow.printFormat = format
        effects += perform(.choose)
      case .togglePreview: effects += togglePreview()
      case .previewUp: scrollPreview(by: -1)
      case .previewDown: scrollPreview(by: 1)
      case .previewPageUp: scrollPreview(by: -previewPageLines)
      case .previewPageDown: scrollPreview(by: previewPageLines)
      case .previewTop: scrollPreview(toEnd: false)
      case .previewBottom: scrollPreview(toEnd: true)
      case .toggleMark:
        if settings.multi { toggleMark() } else { message = "marking needs --multi" }
      case .markAll(let how):
        if settings.multi { markAll(how) } else { message = "marking needs --multi" }
      case .clearQuery: effects += replaceQuery("")
      case .changeQuery(let text): effects += replaceQuery(text)
      case .changePrompt(let text): workflow.prompt = TextSanitizer.visible(text)
      case .become(let template):
        guard hasItems(for: template) else { continue }
        return effects + [.become(cursorCommand(template))]
      case .acceptNonEmpty:
        if cursor != nil || !filtering.marks.isEmpty { effects += perform(.choose) }
      case .ignore: break
      }
      if effects.contains(where: \.endsRun) { return effects }
    }
    return effects
  }

  /// Whether `template` has what it names, as fzf decides before running
  /// one: an item under the cursor, unless it has no placeholder, reads
  /// the query (a command of the query runs whatever matches), or takes
  /// the marked items (`{+}`, `{+f}`) and some are marked. Without it the
  /// action is skipped: `execute(rm -r dir/{})` with nothing matching must
  /// not run `rm -r dir/`.
  private func hasItems(for template: CommandTemplate) -> Bool {
    cursor != nil || !template.hasPlaceholders || template.usesQuery
      || (template.usesMarked && !filtering.marks.isEmpty)
  }

  /// `template` for the cursor's item; without one the placeholders are
  /// empty (`{+}` still gives the marked items).
  private func cursorCommand(_ template: CommandTemplate) -> ShellLine {
    guard let c = cursor else {
      return template.render(
        .init(
          query: filtering.line.text, marked: template.usesMarked ? markedTexts : [],
          markedEnd: settings.itemEnd))
    }
    return command(template, section: c.section, item: c.item)
  }

  /// The format Enter's output takes when a `print(FORMAT)` action chose the
  /// item (nil: `--print`'s).
  public var chosenFormat: PrintFormat? { workflow.printFormat }

  mutating func executeFinished(id: Int, failure: String?) -> [Effect] {
    if let failure { message = "execute failed: \(failure)" }
    guard case .execute(let rest)? = jobs.finish(.execute, id: id) else { return [] }
    let chained = failure == nil ? runChain(rest) : []
    // Keys that waited behind it go on (`replayHeldKeys`).
    return chained.contains(where: \.endsRun) ? chained : chained + replayHeldKeys()
  }

  /// The cursor's item as a reload's data is searched for it.
  private var cursorItem: WorkflowState.ShownItem? {
    cursorBaseItem.map {
      .init(
        title: dataList.title($0.section), text: dataList.itemText(section: $0.section, item: $0.item), index: $0.item)
    }
  }

  /// What a streamed `reload` has read so far, shown as standard input's
  /// data is while it arrives (`reading… N items`). The data it replaces
  /// is kept, following the original source, until the command ends.
  mutating func reloadProgressed(id: Int, _ partial: SectionedList) -> [Effect] {
    guard jobs[.reload]?.id == id else { return [] }
    if workflow.beforeReload == nil {
      let update = DataUpdate(list: dataList, progress: loadProgress, reading: loadReading)
      workflow.beforeReload = .init(update: update, marks: markedKeys, cursorItem: cursorItem, showing: id)
      // Marks name items of the data being replaced.
      filtering.marks = []
      workflow.generation += 1
    } else if workflow.beforeReload?.showing != id {
      // A reload replaced while it streamed: its marks named its items.
      filtering.marks = []
      workflow.beforeReload?.showing = id
      workflow.beforeReload?.searched = 0
    }
    noteCursorMoves()
    let effects = dataArrived(DataUpdate(list: partial, progress: 0, reading: true))
    followReplacedItem()
    let placed = cursorItem
    workflow.beforeReload?.placed = placed
    return effects
  }

  /// Stops the cursor following its item from before the reload once the
  /// user has moved it: where they put it wins.
  private mutating func noteCursorMoves() {
    guard let r = workflow.beforeReload, r.following, let placed = r.placed else { return }
    if cursorItem != placed { workflow.beforeReload?.following = false }
  }

  /// Puts the cursor on its item from before the reload once that item has
  /// arrived: at its old place in its section (which of equal texts), or,
  /// once another item holds that place, the first of its text there — only
  /// the items that came since the last look are read (items only ever
  /// join their section's end as data arrives).
  private mutating func followReplacedItem() {
    guard let r = workflow.beforeReload, r.following, let item = r.cursorItem else { return }
    let data = dataList
    guard let s = (0..<data.sectionCount).first(where: { data.title($0) == item.title }) else { return }
    let count = data.itemCount(s)
    guard item.index < count else { return }
    var found: Int? = nil
    if data.itemText(section: s, item: item.index) == item.text {
      found = item.index
    } else {
      found = (min(r.searched, count)..<count).first { data.itemText(section: s, item: $0) == item.text }
      workflow.beforeReload?.searched = count
    }
    guard let found else { return }
    workflow.beforeReload?.following = false
    putCursor(on: (s, found))
  }

  /// New data from `reload`: the cursor stays on its item (same text in a
  /// section of the same title, else the same text anywhere) when it is still
  /// there — with a filter on, once the new data's survivors show it — and
  /// every preview is out of date. A streamed reload's marks, made on its
  /// data as it arrived, stay (on the same items), and so does a cursor
  /// the user moved meanwhile.
  mutating func reloaded(id: Int, _ newList: SectionedList) -> [Effect] {
    guard jobs.finish(.reload, id: id) != nil else { return [] }
    noteCursorMoves()
    let replaced = workflow.beforeReload
    workflow.beforeReload = nil
    workflow.reloaded = true
    // New data: `load` fires for it (not for data a failed reload put back).
    workflow.loaded = false
    sourceShrank = false
    // Marks of other data (before the reload, or another reload's) name other items.
    if replaced?.showing != id { filtering.marks = [] }
    let item = replaced.map { $0.following ? $0.cursorItem : cursorItem } ?? cursorItem
    return show(DataUpdate(list: newList, progress: nil), keeping: item)
  }

  /// Shows `update` after a reload ended (every preview out of date), the
  /// cursor on `item` when the data holds it.
  private mutating func show(_ update: DataUpdate, keeping item: WorkflowState.ShownItem?) -> [Effect] {
    let effects = dataArrived(update)
    workflow.generation += 1
    guard let item, let found = Self.findItem(item, in: dataList) else { return effects }
    putCursor(on: found)
    return effects
  }

  /// Puts the cursor on item `found` of the data (with a filter on, once
  /// the survivors show it), scrolling it into view.
  private mutating func putCursor(on found: (section: Int, item: Int)) {
    if isFiltered {
      filtering.follow = (filtering.generation, found.section, found.item)
      return
    }
    let row = rowMap.row(section: found.section, item: found.item)
    cursorRow = row
    cursorMoved = true
    if row < offsetY || row >= offsetY + max(1, layout.listHeight) {
      setOffset(y: row - max(1, layout.listHeight) / 2)
    }
  }

  /// `item` in `list`: at its place in a section of its title, else the
  /// first of its text in such a section, else anywhere.
  private static func findItem(_ item: WorkflowState.ShownItem, in list: SectionedList) -> (section: Int, item: Int)? {
    func search(_ sections: some Sequence<Int>) -> (section: Int, item: Int)? {
      for s in sections {
        for i in 0..<list.itemCount(s) where list.itemText(section: s, item: i) == item.text { return (s, i) }
      }
      return nil
    }
    let same = (0..<list.sectionCount).filter { list.title($0) == item.title }
    if let s = same.first(where: {
      item.index < list.itemCount($0) && list.itemText(section: $0, item: item.index) == item.text
    }) {
      return (s, item.index)
    }
    return search(same) ?? search(0..<list.sectionCount)
  }

  /// The reload failed: the data it replaced as it streamed in comes back
  /// (with its marks and the cursor's item), and the status line says why.
  mutating func reloadFailed(id: Int, _ text: String) -> [Effect] {
    guard jobs.finish(.reload, id: id) != nil else { return [] }
    var effects: [Effect] = []
    if let replaced = workflow.beforeReload {
      workflow.beforeReload = nil
      effects = show(replaced.update, keeping: replaced.cursorItem)
      filtering.marks = marks(at: replaced.marks)
    }
    message = "reload failed: \(text)"
    return effects
  }
}

/// The whole navigator state. `handle(_:)` is the one update path for keys,
/// mouse, prompt commands and script lines; `render()` the one view. Time only
/// moves through `tick` events. It is a few owned parts, each with its own
/// small updates (docs/ARCHITECTURE.md, "The state").
public struct AppState: Sendable {
  public enum Focus: Sendable, Equatable { case list, index }
  public enum Drag: Sendable, Equatable { case index, vertical, horizontal }
  public enum PromptKind: Sendable, Equatable { case command, search }

  /// The built-in one-line prompt (scripts and front ends without libedit).
  public struct Prompt: Sendable, Equatable {
    public var kind: PromptKind
    /// The line as typed so far.
    var line = LineEdit()
    public var text: String { line.text }
  }

  /// A jump being animated under `--smooth`.
  struct Animation: Sendable, Equatable {
    var fromX: Int, fromY: Int
    var elapsed = 0
    static let duration = 150
  }

  /// The list shown, its rows, index, layout, viewport and cursor.
  var view: ListView
  public let settings: AppSettings
  /// The pointer while a button is down.
  var pointer = PointerState()
  /// What keys do now (list, help, prompt, index focus, …).
  public internal(set) var mode = Mode.list
  /// The status line's message and warning.
  var status = StatusNotes()
  /// Time as `tick` events tell it.
  var time = TickClock()
  /// The search whose matches `n`/`N` step through.
  var search: SearchState?
  /// The filter line, the filtered view's result and the marks.
  public internal(set) var filtering = Filtering()
  /// The background jobs whose results the state waits for, by purpose.
  var jobs = PendingJobs()
  /// The preview pane and `--bind` action chains (Workflow/).
  var workflow: WorkflowState

  public init(list: SectionedList, settings: AppSettings = AppSettings(), width: Int = 80, height: Int = 24) {
    self.settings = settings
    workflow = WorkflowState(settings: settings)
    let screen = (max(1, width), max(1, height))
    view = ListView(
      list: list, settings: settings, screen: screen,
      area: workflow.listArea(settings: settings, width: screen.0, height: screen.1))
    // Pick mode types into the filter from the first key, as fzf does.
    if settings.pick { openFilterLine(byKey: false) }
    // The cursor rests on its first item from the start (clock 0).
    workflow.wanted = cursorKey.map(previewKey)
  }

  /// Swaps in a newer snapshot of the data, keeping the top row's section
  /// and the cursor's item in place when they still exist.
  mutating func replaceData(_ update: DataUpdate) {
    let top = rowMap.row(offsetY)
    let topTitle = top.map { list.title($0.section) }
    let topLine = top.map { offsetY - rowMap.headerRow($0.section) } ?? 0
    let cursorKey = cursor.map { (title: list.title($0.section), item: $0.item) }
    let cursorLine = cursorRow.map { $0 - offsetY }
    let sameOrder =
      update.list.sectionCount >= list.sectionCount
      && (0..<list.sectionCount).allSatisfy { update.list.title($0) == list.title($0) }
    view.noteLoad(update)
    view.show(update.list, settings: settings)
    // Two titles to find: a search each costs less than hashing every title.
    func find(_ title: String) -> Int? { list.sections.firstIndex { $0.title == title } }
    if !cursorMoved {
      cursorRow = rowMap.nextItemRow(from: 0)
      offsetY = 0
    } else if let key = cursorKey, let s = find(key.title), key.item < list.itemCount(s) {
      cursorRow = rowMap.row(section: s, item: key.item)
      // Keep the cursor's item on the same screen line.
      if let line = cursorLine, !sameOrder { offsetY = cursorRow! - line }
    } else {
      // The cursor's item is gone (or there was none): the nearest item row
      // to where it was, none in empty data.
      cursorRow = rowMap.nearestItemRow(atOrAfter: cursorRow ?? 0)
    }
    if cursorMoved, sameOrder, let title = topTitle, let s = find(title) {
      offsetY = rowMap.headerRow(s) + topLine
    }
    clampOffsets()
    revealCursor()
  }

  /// Shows `newList` — a filtered view or the full data — as it is; the
  /// caller places the cursor and the offset.
  mutating func setList(_ newList: SectionedList) {
    view.show(newList, settings: settings)
  }

  /// New data while a filter is on: it is filtered again (the view stays
  /// until the new survivors arrive).
  mutating func replaceFilteredData(_ update: DataUpdate) -> [Effect] {
    // An item the cursor is to go to once the filter reaches it, by title
    // and place: it is followed over the new data too (the next snapshot of
    // a stream came before the filter reached it, and the cursor stayed on
    // the first match).
    let followed = filtering.follow.map { ItemKey(title: dataList.title($0.section), item: $0.item) }
    view.noteLoad(update)
    filtering.base = update.list
    filtering.lastComplete = nil
    let effects = setFilterQuery(filtering.requested, typed: false)
    if let followed, let s = update.list.sections.firstIndex(where: { $0.title == followed.title }),
      followed.item < update.list.itemCount(s)
    {
      filtering.follow = (filtering.generation, s, followed.item)
    }
    return effects
  }

  /// A new screen size (or the preview pane opened or closed): the list
  /// gets what the pane leaves.
  mutating func resize(width: Int, height: Int) {
    let screen = (max(1, width), max(1, height))
    view.resize(
      screen: screen, area: workflow.listArea(settings: settings, width: screen.0, height: screen.1),
      chrome: settings.chrome)
    clampOffsets()
  }

  // MARK: Derived geometry

  public var maxOffsetY: Int { max(0, rowMap.totalRows - max(layout.listHeight, 1)) }
  public var maxOffsetX: Int { max(0, list.maxItemWidth - layout.itemTextWidth) }

  /// The offset on screen: the target, or a step of a `--smooth` animation.
  public var displayedOffset: (x: Int, y: Int) {
    guard let a = view.viewport.animation else { return (offsetX, offsetY) }
    let t = min(1, Double(a.elapsed) / Double(Animation.duration))
    let x = Double(a.fromX) + Double(offsetX - a.fromX) * t
    let y = Double(a.fromY) + Double(offsetY - a.fromY) * t
    return (Int(x.rounded()), Int(y.rounded()))
  }

  /// The section of the top visible row (nil without sections).
  public var topSection: Int? {
    rowMap.sectionCount == 0 ? nil : rowMap.section(containing: displayedOffset.y)
  }

  /// The cursor as (section, item).
  public var cursor: (section: Int, item: Int)? {
    guard let r = cursorRow, case .item(let s, let i)? = rowMap.row(r) else { return nil }
    return (s, i)
  }

  /// Whether the scroll indicators are drawn now.
  public var indicatorsVisible: Bool {
    switch settings.indicators {
    case .always: return true
    case .never: return false
    case .auto: return drag == .vertical || drag == .horizontal || clock - time.lastScroll < Self.indicatorsShown
    }
  }

  public var indexLayout: IndexLayout {
    IndexLayout(entryCount: layout.indexWidth > 0 ? index.entries.count : 0, rows: layout.listHeight)
  }
}

/// Which part of the content is on screen.
struct Viewport: Sendable, Equatable {
  /// Content offset: columns and rows scrolled (the target of any animation).
  var x = 0
  var y = 0
  /// A `--smooth` jump in progress.
  var animation: AppState.Animation?
}

/// What the pointer is doing while a button is down.
struct PointerState: Sendable, Equatable {
  /// What the press started dragging.
  var drag: AppState.Drag?
  /// Screen row (0-based) of the pointer during an index drag, for the bubble.
  var row = 0
  /// The index entry last jumped to during this drag.
  var lastEntry: Int?
  /// The item row last clicked and when (`tick` time), for a double click.
  var lastClick: Click?
  /// A double click's second press came: it chooses on its release, so the
  /// release is read here, not left to reach the shell after the program
  /// has ended (`0;5;6m` on the prompt line).
  var doubleClickPressed = false

  struct Click: Sendable, Equatable {
    var row: Int
    var at: Int
  }
}

/// Time as `tick` events tell it (the core never reads a clock).
struct TickClock: Sendable, Equatable {
  /// Milliseconds since start.
  var now = 0
  /// Set by the first `tick`: from then on `--smooth` jumps animate.
  var running = false
  /// When the view last scrolled (for auto-hiding indicators).
  var lastScroll = 0
}

extension AppState {
  public var list: SectionedList { view.list }
  public var rowMap: RowMap { view.rowMap }
  public var index: SectionIndex { view.index }
  public var layout: ScreenLayout { view.layout }
  /// The list's part of the screen (see `ListView.width`).
  public var width: Int { view.width }
  public var height: Int { view.height }
  /// The whole screen.
  public var screenWidth: Int { view.screenWidth }
  public var screenHeight: Int { view.screenHeight }
  /// Indexing progress (0…1) while a background indexer is still running.
  public var loadProgress: Double? { view.loadProgress }
  /// The data is still arriving from a stream (see `DataUpdate.reading`).
  public var loadReading: Bool { view.loadReading }

  /// The status line's word on loading, while it goes on: `reloading…`
  /// until a reload's first output (`reload-sync`: its end), `reading… N
  /// items` from a stream (all of the data, filtered or not), else
  /// `indexing P%`.
  var loadNote: String? {
    if let reload = jobs[.reload], workflow.beforeReload?.showing != reload.id { return "reloading…" }
    if loadReading {
      let n = dataList.itemCount
      return "reading… \(n) item" + (n == 1 ? "" : "s")
    }
    return loadProgress.map { "indexing \(Int($0 * 100))%" }
  }
  /// The cursor's row (always an item row), nil when there are no items.
  public internal(set) var cursorRow: Int? {
    get { view.cursorRow }
    set { view.cursorRow = newValue }
  }
  /// A line for the status bar (errors, wrap notes) until the next key.
  public internal(set) var message: String? {
    get { status.message }
    set { status.message = newValue }
  }
  /// See `StatusNotes.sourceShrank`.
  public internal(set) var sourceShrank: Bool {
    get { status.sourceShrank }
    set { status.sourceShrank = newValue }
  }
  /// What the status line says while no message does: the data file cut
  /// on disk (the rows past the cut read as NULs) — in browse mode's status
  /// line and in pick mode's filter line alike.
  var standingNote: String? {
    sourceShrank ? "warning: \(settings.sourceName) shrank on disk; rows past the cut show ␀" : nil
  }
  /// See `ListView.cursorMoved`.
  var cursorMoved: Bool {
    get { view.cursorMoved }
    set { view.cursorMoved = newValue }
  }

  /// Content offset (target of any animation).
  public internal(set) var offsetX: Int {
    get { view.viewport.x }
    set { view.viewport.x = newValue }
  }
  public internal(set) var offsetY: Int {
    get { view.viewport.y }
    set { view.viewport.y = newValue }
  }

  /// What a press on the screen is dragging, if anything.
  public var drag: Drag? { pointer.drag }
  /// Milliseconds of `tick` time since start.
  public var clock: Int { time.now }
}

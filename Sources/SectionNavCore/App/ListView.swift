/// The list as it is shown: the data (or a filtered view of it) with its
/// rows, index and layout on the list's part of the screen, the viewport and
/// the cursor. The rows, index and layout follow from the list, the sizes and
/// the settings; `show` and `resize` are the only places they are rebuilt.
struct ListView: Sendable {
  private(set) var list: SectionedList
  private(set) var rowMap: RowMap
  private(set) var index: SectionIndex
  private(set) var layout: ScreenLayout
  /// The list's part of the screen (all of it unless a preview pane is open):
  /// the layout, the status line and the help use this.
  private(set) var width: Int
  private(set) var height: Int
  /// The whole screen.
  private(set) var screenWidth: Int
  private(set) var screenHeight: Int
  /// The visible part of the content (like ratatui's `ListState`).
  var viewport = Viewport()
  /// The cursor's row (always an item row), nil when there are no items.
  var cursorRow: Int?
  /// The user moved the cursor since the list last started over (the start,
  /// a new filter query). Until then new data and re-ranked results keep it
  /// on the first row, as fzf's stays at the top while input streams in.
  var cursorMoved = false
  /// Folded section titles for type-ahead, worked out on first use per list.
  var foldedTitles: [String]?
  /// The titles' primary-strength keys in `settings.collation`, made at the first type-ahead.
  var titleKeys: [[UInt8]]?
  /// Indexing progress (0…1) while a background indexer is still running.
  var loadProgress: Double?
  /// The data is still arriving from a stream (see `DataUpdate.reading`).
  var loadReading = false

  /// How far loading `update`'s data has got, shown filtered or not.
  mutating func noteLoad(_ update: DataUpdate) {
    loadProgress = update.progress
    loadReading = update.reading && update.progress != nil
  }

  /// `area`: the list's part of the `screen`.
  init(list: SectionedList, settings: AppSettings, screen: (width: Int, height: Int), area: (width: Int, height: Int)) {
    self.list = list
    (rowMap, index) = Self.rows(of: list, settings)
    (screenWidth, screenHeight) = screen
    (width, height) = area
    layout = Self.layout(width: area.width, height: area.height, index: index, list: list, chrome: settings.chrome)
    cursorRow = rowMap.nextItemRow(from: 0)
  }

  /// Shows `newList` as it is (the caller places the cursor and the offset):
  /// its rows, index and layout are made anew, its title caches start empty.
  mutating func show(_ newList: SectionedList, settings: AppSettings) {
    list = newList
    foldedTitles = nil
    titleKeys = nil
    (rowMap, index) = Self.rows(of: list, settings)
    layout = Self.layout(width: width, height: height, index: index, list: list, chrome: settings.chrome)
  }

  /// A new screen size, or a new share of it for the list.
  mutating func resize(screen: (width: Int, height: Int), area: (width: Int, height: Int), chrome: PickChrome) {
    (screenWidth, screenHeight) = screen
    (width, height) = area
    layout = Self.layout(width: width, height: height, index: index, list: list, chrome: chrome)
  }

  /// The rows and the index of `list`, each in one pass over its sections
  /// (the titles read where they are, not gathered into an array first); for
  /// many sections, the two at once on two cores: this is most of what a
  /// million sections cost between the load's end and the full index shown.
  private static func rows(of list: SectionedList, _ settings: AppSettings) -> (RowMap, SectionIndex) {
    let index = {
      SectionIndex(
        sections: list.sections, mode: settings.indexMode, labels: settings.indexLabels, collation: settings.collation)
    }
    guard list.sectionCount >= NaturalOrder.parallelCount else { return (RowMap(list), index()) }
    let (sectionIndex, rowMap) = ForkJoin.both(index, { RowMap(list) })
    return (rowMap, sectionIndex)
  }

  private static func layout(
    width: Int, height: Int, index: SectionIndex, list: SectionedList, chrome: PickChrome
  ) -> ScreenLayout {
    ScreenLayout(
      width: width, height: height, indexLabelWidth: index.labelWidth, contentWidth: list.maxItemWidth,
      chrome: chrome)
  }
}

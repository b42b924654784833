/// How a run starts, decided from the `Configuration` alone so that tests
/// reach every rule: the settings the options ask for, how the data loads,
/// and the first events. The runner supplies only what it looked up in the
/// system (the index labels file, whether standard output is a terminal,
/// the environment).
public enum Session {
  /// Files at least this large open at once and are indexed in the background.
  public static let backgroundThreshold = 8 << 20

  /// Whether the data is opened and shown as it arrives — a stream as it is
  /// read, a large file indexed in the background — rather than loaded whole
  /// before the first screen (scripts, `--check`, `--filter-print`, the demo).
  public static func loadsAsItArrives(_ config: Configuration) -> Bool {
    config.file != nil && !config.check && config.script == nil && config.filterPrint == nil
  }

  /// Whether a mapped file of `count` bytes is indexed in the background
  /// (`--lines` too: its first screen is the lines of its first MiB,
  /// `LineInput.load(progress:)`).
  public static func indexesInBackground(count: Int, _ config: Configuration) -> Bool {
    count >= backgroundThreshold
  }

  /// The data source as messages name it.
  public static func sourceName(_ config: Configuration) -> String {
    config.file.map(DataSource.displayName) ?? "demo:\(config.demo.rawValue)"
  }

  /// The settings the options ask for. `labels`: the index labels
  /// (`--index-labels`, or the demo's); `outputIsTerminal`: standard output
  /// is a terminal (captured output means a choice is wanted, fzf's habit).
  public static func settings(
    _ config: Configuration, labels: IndexLabels, outputIsTerminal: Bool, environment: [String: String]
  ) -> AppSettings {
    let scripted = config.script != nil
    var settings = AppSettings()
    settings.indexLabels = labels
    settings.collation = config.collation
    settings.indexMode = config.indexMode ?? (labels.isEmpty ? .initials : .titles)
    settings.indexAnchor = config.indexAnchor
    settings.indicators = config.indicators
    settings.smooth = config.smooth
    // `item=$(sectionnav …)`: output captured means a choice is wanted (fzf's habits).
    settings.pick = config.pick || (!config.browse && !scripted && !outputIsTerminal)
    settings.multi = config.multi
    settings.cycle = config.cycle
    settings.sort = config.sort ?? settings.pick
    settings.disabled = config.disabled
    settings.hscrollOff = config.hscroll ? config.hscrollOff : nil
    if let prompt = config.prompt { settings.prompt = TextSanitizer.visible(prompt) }
    settings.chrome = PickChrome(layout: config.layout, header: config.header)
    settings.preview = config.preview
    settings.previewWindow = config.previewWindow
    settings.binds = config.binds
    settings.itemEnd = config.itemEnd
    settings.sourceName = sourceName(config)
    settings.match = config.match
    settings.theme = Theme.resolve(
      colorWhen: config.color, specs: config.colorSpecs, environment: environment,
      isTerminal: scripted ? outputIsTerminal : true)
    return settings
  }

  /// The events the state gets before anything else: the filter the
  /// command line asks for (`--query`, `--filter`).
  public static func firstEvents(_ config: Configuration) -> [Event] {
    (config.filter || config.query != nil ? [.startFilter(query: config.query ?? "", openLine: config.filter)] : [])
      + (AppState.bindsEvents(config.binds) ? [.bindEvent(.start)] : [])
  }
}

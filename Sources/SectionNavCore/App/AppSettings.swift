/// The parts of the configuration the core needs, decided once at start.
public struct AppSettings: Sendable, Equatable {
  public var indexMode: SectionIndex.Mode = .initials
  public var indexLabels = IndexLabels()
  /// `--locale`'s collation: the index, type-ahead, `goto` and `'x` use its
  /// buckets and primary-strength matching; nil is the C locale (`Folding`).
  public var collation: LocaleCollation?
  public var indexAnchor: Command.Alignment = .top
  public var indicators: Configuration.IndicatorMode = .always
  public var smooth = false
  public var theme: Theme = .standard
  /// Pick mode (`--pick`, or output captured): fzf's habits. The filter line
  /// has the keys from the start, Esc or C-g aborts (130), ending without a
  /// choice is exit 1. Browse mode (less's habits) otherwise.
  public var pick = false
  /// The pick mode's filter line starts with this (`--prompt`).
  public var prompt = "> "
  /// Where the prompt line goes, and the `--header` line (`--layout`, `--reverse`).
  public var chrome = PickChrome()
  /// `--multi`: Tab (filter line) and `m` (list) mark items; Enter prints all marked.
  public var multi = false
  /// `--cycle`: a step past the last item goes to the first, and back (fzf's).
  public var cycle = false
  /// `--disabled`: the query line filters nothing; `--bind` commands read it
  /// (`{q}`), as with fzf's `--disabled` (`change:reload(rg {q})`).
  public var disabled = false
  /// `--hscroll-off COLS` (nil: `--no-hscroll`): a long row whose last
  /// match lies past the edge shows from further in, with this many
  /// columns after the match (`AppState.matchShift`).
  public var hscrollOff: Int? = 10
  /// `--sort`: a filter ranks items by score within sections, sections by their best item.
  public var sort = false
  /// How messages name the data source ("devices.json", "<stdin>", "demo:devices").
  public var sourceName = "the data"
  /// Search and the filter match accents as typed (`--literal`); else `cafe` finds `café`.
  public var literal: Bool {
    get { match.literal }
    set { match.literal = newValue }
  }
  /// How the filter reads and ranks queries (see `MatchOptions`).
  public var match = MatchOptions()
  /// `--preview CMD`, run for the cursor's item in the preview pane.
  public var preview: CommandTemplate?
  public var previewWindow = PreviewWindow()
  /// `--bind` entries in the order given (a later one for the same key wins).
  public var binds: [KeyBind] = []
  /// What ends each item in `{+f}`'s file: as printed items end
  /// (`Configuration.itemEnd`: NUL under `--print0`, as an item may hold a
  /// line break), else a line feed.
  public var itemEnd = "\n"
  public init() {}
}

extension AppSettings {
  /// The exit status of a run that ends without a choice (`q`, Esc, `quit`,
  /// a script that runs out): 1 in pick mode, else 0 — for both runners.
  public var endWithoutChoice: ExitCode { pick ? .notChosen : .success }
}

/// Everything the command line (and `SECTIONNAV_OPTS`, the config file) can set, parsed
/// once into the types the program uses: the option parser fills it, the app reads it.
public struct Configuration: Sendable, Equatable {
  /// Where an index jump puts the section: `--index-anchor` allows these of `Command.Alignment`.
  public static let indexAnchors: [Command.Alignment] = [.top, .center]
  public enum ColorWhen: String, CaseIterable, Sendable { case auto, always, never }
  public enum IndicatorMode: String, CaseIterable, Sendable { case always, auto, never }

  /// Data file; "-" for standard input; nil for the demo.
  public var file: String?
  /// The options the command line gave (`--lines`…; `FILE` for the file):
  /// where they clash with the config file's or `SECTIONNAV_OPTS`'s, the
  /// command line's win and those defaults drop out (`settleCombination`).
  public var commandLineOptions: Set<String> = []
  /// The data is a command's output (`reload`), `file` its name in
  /// messages: read as standard input is, its format guessed alike.
  public var isCommandOutput = false
  /// The option FILE came right after on the command line when fzf gives
  /// that option a value (`--filter QUERY`, `--multi MAX`): an fzf user's
  /// value, if it cannot be opened.
  public var fileAfter: String? = nil

  /// What to tell an fzf user whose value for `fileAfter` was read as FILE.
  public var fileAfterHint: String? {
    switch fileAfter {
    case "--filter":
      "--filter takes no query: --filter-print QUERY prints the matches, -q QUERY opens the filter with it"
    case "--multi", "-m": "--multi takes no number: marks are not limited"
    default: nil
    }
  }
  public var demo = Demo.devices
  /// `--demo` was given: the demo even with data waiting on standard input.
  public var demoChosen = false
  public var script: String?
  public var width = 80
  public var height = 24
  public var check = false
  public var keepOrder = false
  public var lines = false
  public var delimiter: String?
  /// `--read0`: `--lines` items end at NUL (`lineEnd`).
  public var read0 = false
  /// `lines` is on only because `--read0` implied it: `--no-read0` takes
  /// both back (a config's `--read0` undone leaves the format to detection).
  var linesFromRead0 = false
  public var lineEnd: LineEnd { read0 ? .nul : .newline }
  public var itemField: String?
  /// `--path`, `--group-by`, `--item-format` (parsed when given).
  public var path: JSONPath?
  public var groupBy: GroupBy?
  public var itemFormat: ItemTemplate?
  /// `--jsonl`, `--csv`, `--tsv`; nil: JSON, or by the file name's extension.
  public var dataFormat: LoadOptions.Format?
  public var noHeader = false
  public var skipBad = false
  /// nil when not given: the data (e.g. a demo with glyphs) may choose.
  public var indexMode: SectionIndex.Mode?
  public var indexLabelsFile: String?
  public var indexAnchor = Command.Alignment.top
  /// `--locale` as given; nil: from the environment (`LocaleCollation.environmentLocale`).
  public var locale: String?
  /// The collation `locale` resolved to (set by the launcher once ICU is
  /// loaded); nil is the C locale.
  public var collation: LocaleCollation?
  public var color = ColorWhen.auto
  /// `--colors` specs in the order given (later ones win).
  public var colorSpecs: [ThemeSpec] = []
  public var indicators = IndicatorMode.always
  public var printFormat = PrintFormat.standard
  /// `--pick`: fzf habits (also chosen when standard output is not a terminal).
  public var pick = false
  /// `--browse`: less's keys even when standard output is not a terminal.
  public var browse = false
  /// `--filter`: start with the filter line open.
  public var filter = false
  /// `--query TEXT`: the filter's starting query.
  public var query: String?
  public var multi = false
  /// `--cycle` / `--no-cycle`.
  public var cycle = false
  /// `--sort` / `--no-sort`; unset, pick mode ranks and browse mode keeps data order.
  public var sort: Bool?
  /// `--disabled`: the query filters nothing (fzf's).
  public var disabled = false
  /// `--hscroll` / `--no-hscroll`, `--hscroll-off COLS` (fzf's).
  public var hscroll = true
  public var hscrollOff = 10
  /// `--prompt TEXT`: the pick mode's filter line starts with it (fzf's `> `).
  public var prompt: String?
  /// `--header TEXT`: a line beside the prompt line (fzf's).
  public var header: String?
  /// `--height N[%]`: drawn inline below the shell prompt; nil: whole screen.
  public var inlineHeight: InlineHeight?
  /// `--layout`, `--reverse`: where the prompt line goes (`PickChrome`).
  public var layout = PickChrome.Layout.default
  /// `--select-1`/`-1`: one match for the starting query is printed without a screen.
  public var selectOne = false
  /// `--exit-0`/`-0`: no match for the starting query ends the run (1) without a screen.
  public var exitZero = false
  /// `--print0`: chosen items end with NUL instead of a newline.
  public var print0 = false
  /// What ends each chosen item printed, and each item in `{+f}`'s file.
  public var itemEnd: String { print0 ? "\0" : "\n" }
  /// `--filter-print QUERY`: print the matching items and exit (no terminal).
  public var filterPrint: String?
  /// How filter queries are read and ranked (`--literal`, `-e`, `-i`/`+i`,
  /// `--tiebreak`, `--nth`).
  public var match = MatchOptions()
  /// Search (and the filter) match accents as typed.
  public var literal: Bool {
    get { match.literal }
    set { match.literal = newValue }
  }
  /// `--preview CMD`.
  public var preview: CommandTemplate?
  public var previewWindow = PreviewWindow()
  /// Every `--bind` value in order (config file, SECTIONNAV_OPTS, command line).
  public var binds: [KeyBind] = []
  public var noMouse = false
  public var smooth = false
  /// `--shell SHELL`: print its key binding and completion, then exit.
  public var shell: String?
  /// `--no-config`: ignore the config file.
  public var noConfig = false
  public var help = false
  public var version = false

  public init() {}
}

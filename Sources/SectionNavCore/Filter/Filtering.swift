/// The filter's part of the app state: the line being edited, the result
/// shown, the full data behind the filtered view, and the marks.
public struct Filtering: Sendable {
  /// The full data while a filtered view is shown; nil when the list is unfiltered.
  var base: SectionedList?
  /// The result the view shows (maybe partial while a run streams in).
  public internal(set) var result: FilterResult?
  /// The last complete result, for filtering only its survivors next.
  var lastComplete: FilterResult?
  /// The query last asked for (typed, `--query`, `filter`), shown or still running.
  var requested = ""
  /// The query as edited on the filter line.
  public internal(set) var line = ""
  /// Caret position in `line`, in characters.
  var caret = 0
  /// Whether the filter line has the keyboard.
  public internal(set) var lineOpen = false
  /// Opened with `&` (an empty Enter then clears, as in less) rather than by `--filter`.
  var openedByKey = false
  /// Counts filter runs; results of older runs are dropped.
  public internal(set) var generation = 0
  /// An item of the full data the cursor goes to once a result of that
  /// generation shows it: the cursor's item across a `reload`, which
  /// filters the new data again.
  var follow: (generation: Int, section: Int, item: Int)?
  /// Enter came while a filter job ran: the choice is made once the result
  /// of the query typed so far is complete, never from the rows of an
  /// older query (typed fast, `zzz` Enter picked the first item).
  var acceptWhenComplete = false
  /// 0…1 while a run goes on.
  public internal(set) var progress: Double?
  /// Marked items, by position in the full data's item store.
  public internal(set) var marks = Set<UInt32>()

  public init() {}

  /// The query applied now ("" when none).
  var query: String { result?.query.text ?? "" }
}

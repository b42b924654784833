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
  /// The query as edited on the filter line (kept when the line closes: `{q}`).
  public internal(set) var line = LineEdit()
  /// Counts filter runs; results of older runs are dropped.
  public internal(set) var generation = 0
  /// An item of the full data the cursor goes to once a result of that
  /// generation shows it: the cursor's item across a `reload`, which
  /// filters the new data again.
  var follow: (generation: Int, section: Int, item: Int)?
  /// 0…1 while a run goes on.
  public internal(set) var progress: Double?
  /// Moves made on the filter line while the rows shown answered an older
  /// query than the one typed (down positive): the cursor goes that many
  /// items from the top of the query's result (`stepCursor(_:pending:)`).
  var pendingSteps = 0
  /// Marked items, by position in the full data's item store, in marking order.
  public internal(set) var marks = Marks()
  /// While a script's `type` goes on: the line's edits wait to filter
  /// (`typedPending`) until its end or an action that reads the query —
  /// each key filtering on its own made a long `type` quadratic (every
  /// key parses the whole query).
  var batchingTyped = false
  var typedPending = false

  public init() {}

  /// The query applied now ("" when none).
  var query: String { result?.query.text ?? "" }
}

/// An item by its section's title and its place there: it names the same
/// item in a later snapshot of the same data, whose store positions moved.
struct ItemKey: Sendable, Equatable {
  var title: String
  var item: Int
}

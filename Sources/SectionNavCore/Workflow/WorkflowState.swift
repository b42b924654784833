/// The state of the preview pane and of `--bind` action chains, kept apart
/// from the list's state (`AppState.workflow`).
struct WorkflowState: Sendable {
  /// Which item a preview belongs to: a reload makes every item new.
  /// What a preview's output depends on: the item, and the query and
  /// the marks when its command reads them (`{q}`, `{+}`) — fzf runs the
  /// preview again when either changes under a resting cursor. The item by
  /// its section's title and place there: data still arriving moves
  /// sections and items on screen, and the cursor's row may then show
  /// another item, whose preview is due.
  struct PreviewKey: Sendable, Equatable {
    var item: ItemKey
    var generation: Int
    var query: String? = nil
    var marks: Marks? = nil
  }

  var previewOpen: Bool
  /// The output shown, for `shown`'s item (kept while the next one runs).
  var previewText = PreviewText()
  var shown: PreviewKey?
  /// First line of the output at the top of the pane.
  var previewScroll = 0
  /// The item the cursor rests on, and since when (clock ms).
  var wanted: PreviewKey?
  var wantedSince = 0
  /// Bumped by every reload.
  var generation = 0
  /// The data came from a `reload`: updates from the original source are dropped.
  var reloaded = false
  /// While a streamed `reload` shows what it has read so far: what it
  /// replaced, to put back if the command fails (the original source's
  /// updates go here meanwhile), and the cursor's item, to keep.
  var beforeReload: ReplacedData?

  /// An item as a reload's data is searched for it: its section's title,
  /// its text and its place there (which of equal texts).
  struct ShownItem: Sendable, Equatable {
    var title: String
    var text: String
    var index: Int
  }

  struct ReplacedData: Sendable {
    var update: DataUpdate
    var marks: [ItemKey]
    var cursorItem: ShownItem?
    /// The reload whose data is on screen (marks made there name its items).
    var showing: Int
    /// The cursor goes to `cursorItem` once it arrives, until the user moves it.
    var following = true
    /// The cursor's item after the last update: another one now means the user moved.
    var placed: ShownItem?
    /// Items of `cursorItem`'s section already looked at.
    var searched = 0
  }
  /// Set by `print(FORMAT)`: the chosen item is printed in this format.
  var printFormat: PrintFormat?
  /// Set by `change-prompt(TEXT)`: pick mode's prompt instead of `--prompt`'s.
  var prompt: String?
  /// `load` has fired for the data shown (a reload starts a new data set).
  var loaded = false
  /// A `change` binding's chain is running.
  var firingChange = false

  /// The cursor must rest this long on an item before its preview starts.
  static let previewDelay = 100

  init(settings: AppSettings) {
    previewOpen = settings.preview != nil && !settings.previewWindow.hidden
  }

  /// The list's part of a `width`×`height` screen.
  func listArea(settings: AppSettings, width: Int, height: Int) -> (width: Int, height: Int) {
    let split = settings.previewWindow.split(width: width, height: height, open: previewOpen)
    return (max(1, split.listWidth), max(1, split.listHeight))
  }
}

/// Everything that can change the app state. Keys, mouse reports, prompt
/// commands and script lines all arrive as events, and so do time (`tick`,
/// so the core never reads a clock) and the results of background work, so
/// `AppState.handle` is the only way the state changes.
public enum Event: Sendable, Equatable {
  case key(KeyEvent)
  case mouse(MouseEvent)
  /// Bracketed paste: text typed as a whole.
  case paste(String)
  case resize(width: Int, height: Int)
  /// The clock advanced by this many milliseconds.
  case tick(milliseconds: Int)
  case command(Command)
  /// More of the data has been indexed (or all of it, re-sorted): load progress.
  case data(DataUpdate)
  /// The background load found the data invalid (the located error).
  case loadFailed(Failure)
  /// The mapped file shrank under the program after it was indexed.
  case dataShrank
  /// The runner's line editor finished the prompt: the line, or nil when it
  /// was cancelled; `warning` is a note for the status line (history trouble).
  case lineEdited(AppState.PromptKind, String?, warning: String?)
  /// A search job ended (complete, or partial when cancelled).
  case searchFinished(jobID: Int, SearchResult)
  /// The preview command `id` ended with this output (bytes, unsanitised).
  case previewOutput(id: Int, [UInt8])
  /// What the preview command `id`, still running, has written so far:
  /// shown as it comes, as fzf shows it (`echo …; sleep 3` shows its first
  /// line at once, `tail -f` its lines as they come).
  case previewProgress(id: Int, [UInt8])
  /// The `execute`/`execute-silent` command `id` ended: the actions chained
  /// after it run now; with a `failure` (it could not start) they do not,
  /// and the status line says why.
  case executeFinished(id: Int, failure: String? = nil)
  /// What the streamed `reload` command `id`, still running, has written
  /// so far, as a list (fzf's `reload`: `tail -f` shows its lines as they
  /// come). Shown at once; the data it replaces comes back if the command
  /// then fails.
  case reloadProgress(id: Int, DataUpdate)
  /// The `reload` command `id` produced this data and ended with
  /// `exitStatus`; a command that failed (non-zero) fails the reload, the
  /// data it printed is not taken.
  case reloaded(id: Int, DataUpdate, exitStatus: Int32 = 0)
  /// The `reload` command `id` failed, or its output was not valid data.
  case reloadFailed(id: Int, String)
  /// A filter job's chunk ended: the run so far (partial or complete).
  case filtered(jobID: Int, FilterRun)
  /// The filter the command line asks for (`--query`, `--filter` opens its
  /// line): the state a picker starts in, sent once before anything else.
  case startFilter(query: String, openLine: Bool)
  /// An fzf event a `--bind` may name (`BindEvent`): `start` is sent
  /// first (`Session.firstEvents`); `load` and `change` fire from within.
  case bindEvent(BindEvent)
}

extension Event {
  /// What the user did (keys, the mouse, commands, and what they set off:
  /// a search's matches, the rest of a `--bind` chain, a prompt's line),
  /// as against what the world sends (data, results, time, size).
  var isUserInput: Bool {
    switch self {
    case .key, .mouse, .paste, .command, .lineEdited, .searchFinished, .executeFinished: return true
    case .resize, .tick, .data, .loadFailed, .dataShrank, .previewOutput, .previewProgress, .reloadProgress, .reloaded,
      .reloadFailed,
      .filtered, .startFilter, .bindEvent:
      return false
    }
  }
}

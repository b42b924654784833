import CLineEdit
import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `:` and `/` prompts: one libedit line with emacs keys, Tab completion,
/// Ctrl-R history search and a history that survives the session.
///
/// Terminal contract: call `readLine` with the terminal in cooked mode (libedit
/// learns the erase/kill characters from it) and the cursor where the prompt
/// should appear. libedit switches to its own editing mode while it reads and
/// `readLine` puts back exactly the mode it found on return, so the caller's
/// switch back to raw mode afterwards is all that is needed. libedit writes
/// straight to the terminal (echo, newline after Enter, candidate lists), so
/// repaint the whole screen afterwards.
public final class LineEditor {
  /// `commands` or `search`: names the history file.
  public let historyName: String
  /// Where the history is saved; nil when neither XDG_STATE_HOME nor HOME is set.
  public let historyPath: String?
  /// The history as the prompt sees it, oldest first.
  public private(set) var history: History
  /// Offers words for Tab: a unique one is inserted, several are listed below
  /// the prompt (after their common prefix is inserted). Nil: Tab does nothing.
  public var completer: ((_ line: String, _ cursor: Int) -> Completion)?
  /// Called once, with `warning`, when the history cannot be read or saved.
  /// The session goes on without persistence.
  public var onWarning: ((String) -> Void)? {
    didSet { if let warning, !warningDelivered { deliver(warning) } }
  }
  /// The first history problem (e.g. "cannot create history directory …"), or
  /// that libedit cannot be loaded, if any.
  public private(set) var warning: String?

  /// What interrupted the wait for a key (see `readLine(prompt:wake:_:)`).
  public enum Interruption: Sendable, Equatable {
    /// A wake descriptor became readable (a signal arrived, say), or
    /// `wakeTimeout` passed.
    case wake
    /// Ctrl-Z was typed: the caller should suspend the program.
    case suspendKey
  }

  /// What the editor does after an interruption.
  public enum Resumption: Sendable, Equatable {
    /// Nothing changed on screen: keep waiting for keys.
    case keepReading
    /// The caller repainted and put the cursor at the start of the prompt's
    /// row: draw the prompt and the line again there, at the current size.
    case redraw
    /// As `redraw`, after the process was stopped and continued: set the
    /// editing mode again first (the shell may have changed it).
    case redrawAfterStop
    /// Abandon the line: `readLine` returns nil.
    case cancel
  }

  private var warningDelivered = false
  private let libeditHistory: EditLineHistory?
  private var editor: OpaquePointer?
  private var interruptionHandler: ((Interruption) -> Resumption)?

  /// Opens an editor reading `inputFD` and drawing on `outputFD` (both stay
  /// owned by the caller; the app passes /dev/tty), with the history called
  /// `historyName`, located through `environment` (XDG_STATE_HOME, HOME).
  public init(
    program: String, historyName: String, environment: [String: String],
    inputFD: Int32, outputFD: Int32
  ) {
    self.historyName = historyName
    historyPath = History.path(name: historyName, environment: environment)
    history = History()
    libeditHistory = EditLineHistory()
    if let historyPath {
      do {
        history = try History.load(from: historyPath)
      } catch {
        warning = error.description
      }
    } else {
      warning = "history not saved: neither XDG_STATE_HOME nor HOME is set"
    }
    libeditHistory?.replace(with: history)

    let context = Unmanaged.passUnretained(self).toOpaque()
    editor = cle_editor_create(program, inputFD, outputFD, context) {
      context, editor, line, cursor in
      guard let context, let editor, let line else { return Int32(CLE_CC_NORM) }
      let owner = Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
      return owner.complete(editor: editor, line: line, cursorByte: Int(cursor))
    }
    if let editor {
      cle_editor_set_history(editor, libeditHistory?.handle)
      cle_editor_set_escape_timeout(editor, Int32(KeyTiming.escapeTimeout))
    } else if let reason = cle_load_error() {
      // Without libedit every prompt closes at once; say why.
      warning = "no line editing: \(String(cString: reason))"
    }
  }

  deinit { cle_editor_destroy(editor) }

  /// Reads one line after showing `prompt`. Returns the line (possibly empty)
  /// after Enter, nil after Esc, Ctrl-C, Ctrl-G, or Ctrl-D on an empty line.
  /// A non-blank line joins the history, which is saved right away.
  public func readLine(prompt: String) -> String? {
    read(prompt: prompt, wake: [], nil)
  }

  /// `readLine(prompt:)` that also watches `wake` (a signal self-pipe, a
  /// queue of posted events: at most two) while it waits for keys, and calls
  /// `interrupted` when one becomes readable — the handler must consume what
  /// is there —, when `wakeTimeout` passes, and when Ctrl-Z is typed. The
  /// handler runs with the terminal in libedit's editing mode and answers
  /// what to do next: a signal that arrives just before reading starts is
  /// acted on at once, a resize can repaint the screen behind the prompt, a
  /// suspend can hand the terminal back and take it again.
  ///
  /// `typeahead`: keys typed before the prompt opened, which the caller had
  /// already read from the terminal (`:goto 5` and Enter pasted, or sent in
  /// one packet over a slow link); they are edited first, as if typed now.
  /// `typeaheadUsed` then says how many of them the line took: the rest
  /// came after its end and are the caller's again.
  public func readLine(
    prompt: String, wake: [Int32], typeahead: [UInt8] = [], _ interrupted: @escaping (Interruption) -> Resumption
  ) -> String? {
    read(prompt: prompt, wake: wake, typeahead: typeahead, interrupted)
  }

  /// Keys read by someone else while the line is open: read next, after
  /// any typeahead not read yet (`typeaheadUsed` counts on through them).
  public func pushTypeahead(_ bytes: [UInt8]) {
    if let editor { _ = cle_editor_push_typeahead(editor, bytes, bytes.count) }
  }

  /// How many typeahead bytes the last `readLine` read.
  public private(set) var typeaheadUsed = 0

  /// While `readLine(prompt:wake:…)` waits for keys: milliseconds of quiet
  /// after which `interrupted` is called with `.wake` anyway (nil: never) —
  /// for a screen that changes with time behind the prompt. Set it before
  /// `readLine` and from the handler as that time comes and goes.
  public var wakeTimeout: Int? {
    didSet {
      if let editor { cle_editor_set_wake_timeout(editor, Int32(clamping: wakeTimeout ?? -1)) }
    }
  }

  private func read(
    prompt: String, wake: [Int32], typeahead: [UInt8] = [], _ interrupted: ((Interruption) -> Resumption)?
  ) -> String? {
    typeaheadUsed = 0
    guard let editor else { return nil }
    cle_editor_set_prompt(editor, prompt)
    // Refused (no memory for the copy): the keys stay the caller's.
    let handed = cle_editor_set_typeahead(editor, typeahead, typeahead.count) == 0
    defer {
      if handed {
        typeaheadUsed = cle_editor_typeahead_used(editor)
        _ = cle_editor_set_typeahead(editor, nil, 0)
      }
    }
    interruptionHandler = interrupted
    if interrupted != nil {
      cle_editor_set_wake(editor, wake, Int32(min(wake.count, Int(CLE_WAKE_FDS)))) { context, _, event in
        guard let context else { return Int32(CLE_WAKE_CONTINUE) }
        let owner = Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
        return owner.interrupted(event)
      }
      if let wakeTimeout { cle_editor_set_wake_timeout(editor, Int32(clamping: wakeTimeout)) }
    }
    defer {
      cle_editor_set_wake(editor, nil, 0, nil)
      interruptionHandler = nil
    }
    var status = CLE_LINE
    guard let raw = cle_editor_gets(editor, &status), status == CLE_LINE else { return nil }
    let line = String(cString: raw)
    accept(line)
    return line
  }

  /// Whether, since `readLine` began or the handler last answered
  /// `.redraw`, the editor may have written outside the prompt's row (a
  /// candidate list, a history search's line, a line about to wrap — which
  /// scroll the screen at its last row): the caller no longer knows what the
  /// rest of the screen shows.
  public var screenDisturbed: Bool {
    editor.map { cle_editor_screen_disturbed($0) != 0 } ?? false
  }

  /// Follows where the editor's writes move the cursor from the start of
  /// screen row `row` of a `height`-row screen (nil: stop), counting
  /// afresh: for a caller drawing in part of the main screen (`--height`),
  /// which must know whether the screen scrolled under it. Call it again
  /// after the prompt's row was drawn anew (`.redraw`).
  public func trackScreen(row: Int?, height: Int) {
    guard let editor else { return }
    cle_editor_track_screen(editor, Int32(clamping: row ?? 0), row == nil ? 0 : Int32(clamping: height))
  }

  /// Since `trackScreen`: rows the screen scrolled up (a candidate list, a
  /// history search's line or a wrapping line at the last row), the lowest
  /// row written to, and the cursor's row, as the screen is now.
  public var screenMoves: (scrolled: Int, lowestRow: Int, row: Int) {
    guard let editor else { return (0, 0, 0) }
    return (
      Int(cle_editor_screen_scrolled(editor)), Int(cle_editor_screen_lowest_row(editor)),
      Int(cle_editor_screen_row(editor))
    )
  }

  /// Re-reads the terminal size (the app owns SIGWINCH; libedit also checks
  /// the size each time `readLine` starts).
  public func resize() {
    if let editor { cle_editor_resize(editor) }
  }

  /// The C wake function's answer for `event` (a CLE_EVENT_*).
  private func interrupted(_ event: Int32) -> Int32 {
    let what: Interruption = event == Int32(CLE_EVENT_SUSPEND_KEY) ? .suspendKey : .wake
    switch interruptionHandler?(what) ?? .keepReading {
    case .keepReading: return Int32(CLE_WAKE_CONTINUE)
    case .redraw: return Int32(CLE_WAKE_REDRAW)
    case .redrawAfterStop: return Int32(CLE_WAKE_RESUMED)
    case .cancel: return Int32(CLE_WAKE_CANCEL)
    }
  }

  /// Records an accepted line in both histories and saves the file.
  func accept(_ line: String) {
    let before = history
    history.add(line)
    guard history != before else { return }
    libeditHistory?.replace(with: history)
    guard let historyPath else { return }
    do {
      try history.save(to: historyPath)
    } catch {
      report(error.description)
    }
  }

  private func report(_ message: String) {
    guard warning == nil else { return }
    warning = message
    if onWarning != nil { deliver(message) }
  }

  private func deliver(_ message: String) {
    warningDelivered = true
    onWarning?(message)
  }

  /// Tab: asks `completer`, edits the line and lists several candidates below
  /// the prompt; returns libedit's CC_* code.
  private func complete(editor: OpaquePointer, line: UnsafePointer<CChar>, cursorByte: Int) -> Int32 {
    guard let completer else { return Int32(CLE_CC_NORM) }
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line))
    let text = String(decoding: bytes, as: UTF8.self)
    let beforeCursor = String(
      decoding: bytes[..<min(max(0, cursorByte), bytes.count)], as: UTF8.self)
    let cursor = beforeCursor.count
    let completion = completer(text, cursor)

    var result = completion.candidates.isEmpty ? Int32(CLE_CC_ERROR) : Int32(CLE_CC_NORM)
    if let replacement = completion.replacement {
      let from = min(max(0, completion.replaceFrom), cursor)
      let replaced = beforeCursor.dropFirst(from).unicodeScalars.count
      cle_editor_delete(editor, Int32(replaced))
      cle_editor_insert(editor, replacement)
      result = Int32(CLE_CC_REFRESH)
    }
    if completion.candidates.count > 1 {
      let width = Int(cle_editor_columns(editor))
      cle_editor_print(editor, "\n" + CandidateList.format(completion.candidates, width: width))
      result = Int32(CLE_CC_REDISPLAY)
    }
    return result
  }
}

import SectionNavCore

/// What the run loop does after the app handled an event.
public enum Disposition {
  /// Keep going (the frame is redrawn after the batch of events).
  case `continue`
  /// Restore the terminal, write `output` (verbatim: include the newline) to
  /// standard output, and end the run with `code`.
  case exit(code: Int32, output: [UInt8]?)
  /// Give the terminal back in its original state (cooked mode, main screen,
  /// cursor shown, no mouse), run the closure, then take it again and repaint.
  case suspendFor(() -> Void)
  /// Like `suspendFor` but stays on the alternate screen with the cursor shown
  /// at the start of 1-based `row`, which is cleared: a prompt over the UI.
  /// The closure gets a `PromptHost` to keep signals, resizes (the UI is
  /// repainted behind the prompt) and C-z working while it reads a line, and
  /// returns the events that carry its result (`.lineEdited`): they are
  /// handled next, before anything queued meanwhile — after any stop signal
  /// that came during the prompt has ended the run.
  case promptAt(row: Int, (PromptHost) -> [Event])
  /// Stop the process as C-z does in a shell; on `fg`, repaint and go on.
  case suspend
  /// Clear the screen and draw the next frame whole (C-l).
  case redraw
}

/// How a run ended.
public struct ExitStatus: Equatable, Sendable {
  /// The process exit status: the app's, or 128 + the signal number.
  public var code: Int32
  /// The signal that ended the run (SIGINT, SIGTERM, SIGHUP, SIGQUIT), if any.
  public var signal: Int32?

  public init(code: Int32, signal: Int32? = nil) {
    self.code = code
    self.signal = signal
  }
}

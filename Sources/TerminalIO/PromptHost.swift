/// What a line editor that blocks on the terminal gets from the run loop
/// while it edits a line over the UI (a `.promptAt` body): the run loop's
/// duties — signals, resizes, suspending — go on meanwhile.
///
/// The editor polls `wakeDescriptor` next to the terminal and calls
/// `service()` when it is readable (that also covers a signal that arrived
/// just before it started reading), and `suspend()` when C-z is typed
/// (terminal signals are off while a line editor edits). Both run with the
/// terminal in the editor's own mode and answer what the editor does next.
/// Valid only while the body runs; afterwards both answer `.keepReading`.
public final class PromptHost {
  /// What the line editor does after `service()` or `suspend()`.
  public enum Action: Equatable, Sendable {
    /// Nothing changed on the screen: keep waiting for keys.
    case keepReading
    /// The UI was repainted (at a new size, say) with the prompt's row
    /// cleared and the cursor at its start: draw the prompt and line there.
    case redraw
    /// As `redraw`, after the process was stopped and continued: the
    /// editor sets its editing mode again before drawing.
    case redrawAfterStop
    /// Abandon the line (an interrupt, or a signal that ends the program —
    /// the run loop acts on it once the body returns).
    case cancel
  }

  /// Poll for POLLIN next to the terminal; when readable, call `service()`.
  public let wakeDescriptor: Int32
  /// Keys typed before the prompt opened, already read from the terminal
  /// (`Typeahead`): the editor reads them first, then sets `typeaheadUsed`
  /// to how many bytes its line took; the rest go back to the list.
  public let typeahead: [UInt8]
  public var typeaheadUsed = 0
  private var serviceHandler: ((_ stopFirst: Bool) -> Action)?

  init(wakeDescriptor: Int32, typeahead: [UInt8] = [], service: @escaping (_ stopFirst: Bool) -> Action) {
    self.wakeDescriptor = wakeDescriptor
    self.typeahead = typeahead
    serviceHandler = service
  }

  /// Acts on the signals received so far: a resize repaints the UI at the
  /// new size (`.redraw`); SIGTSTP suspends as `suspend()` does; SIGINT,
  /// SIGTERM, SIGHUP and SIGQUIT give `.cancel` (all but SIGINT then end the
  /// run as they would outside the prompt).
  public func service() -> Action {
    serviceHandler?(false) ?? .keepReading
  }

  /// C-z: gives the terminal back as it was found (main screen, original
  /// settings), stops the process, and on `fg` takes the alternate screen
  /// again and repaints the UI behind the prompt (`.redrawAfterStop`); the
  /// line being edited is kept.
  public func suspend() -> Action {
    serviceHandler?(true) ?? .keepReading
  }

  /// Ends the host's validity (the body returned).
  func invalidate() {
    serviceHandler = nil
  }
}

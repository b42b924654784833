/// What a line editor that blocks on the terminal gets from the run loop
/// while it edits a line over the UI (a `.promptAt` body): the run loop's
/// duties — signals, resizes, suspending — go on meanwhile.
///
/// The editor polls `wakeDescriptors` next to the terminal and calls
/// `service()` when one is readable (that also covers a signal that arrived
/// just before it started reading) or `wakeTimeout` passed, and `suspend()`
/// when C-z is typed (terminal signals are off while a line editor edits).
/// Both run with the terminal in the editor's own mode and answer what the
/// editor does next. Valid only while the body runs; afterwards both answer
/// `.keepReading`.
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

  /// Poll these for POLLIN next to the terminal (signals, posted events);
  /// when one is readable, call `service()`.
  public let wakeDescriptors: [Int32]
  /// Milliseconds of quiet after which to call `service()` anyway (the UI
  /// behind the prompt changes with time); nil: none. Read it again after
  /// each `service()`.
  public internal(set) var wakeTimeout: Int?
  /// Set by the editor before `service()`: it may have written outside the
  /// prompt's row (candidates listed, a line wrapping), so what the screen
  /// shows elsewhere is not known — the UI behind it is then not redrawn
  /// until a resize or the end of the line.
  public var screenDisturbed = false
  /// Inline (`--height`): the prompt's screen row and the screen's height,
  /// for the editor to follow where its writes move the cursor (set again
  /// after each `.redraw`); nil on the alternate screen, which is repainted
  /// whole after the line.
  public internal(set) var screenRow: (row: Int, height: Int)?
  /// Set by the editor before the body returns: rows the screen scrolled
  /// up under the line editor and the lowest row it wrote to (its
  /// candidate list, a history search's line, a wrapped line), which the
  /// region is cleaned up after.
  public var screenMoves = (scrolled: 0, lowestRow: 0, row: 0)
  /// Keys the run loop read from the terminal while the line was open (the
  /// answer to a cursor-position question came with them): the editor
  /// reads them next, then takes them away.
  public var keysForEditor: [UInt8] = []
  /// Keys typed before the prompt opened, already read from the terminal
  /// (`Typeahead`): the editor reads them first, then sets `typeaheadUsed`
  /// to how many bytes its line took; the rest go back to the list.
  public let typeahead: [UInt8]
  public var typeaheadUsed = 0
  private var serviceHandler: ((_ stopFirst: Bool, _ host: PromptHost) -> Action)?

  init(
    wakeDescriptors: [Int32], wakeTimeout: Int?, typeahead: [UInt8] = [],
    service: @escaping (_ stopFirst: Bool, _ host: PromptHost) -> Action
  ) {
    self.wakeDescriptors = wakeDescriptors
    self.wakeTimeout = wakeTimeout
    self.typeahead = typeahead
    serviceHandler = service
  }

  /// Acts on the signals received so far: a resize repaints the UI at the
  /// new size (`.redraw`); SIGTSTP suspends as `suspend()` does; SIGINT,
  /// SIGTERM, SIGHUP and SIGQUIT give `.cancel` (all but SIGINT then end the
  /// run as they would outside the prompt). Posted events and the passing of
  /// time are handled as outside the prompt, and what they change is drawn
  /// around the prompt's row (`.keepReading`: the line is left alone); one
  /// that ends the run gives `.cancel`.
  public func service() -> Action {
    serviceHandler?(false, self) ?? .keepReading
  }

  /// C-z: gives the terminal back as it was found (main screen, original
  /// settings), stops the process, and on `fg` takes the alternate screen
  /// again and repaints the UI behind the prompt (`.redrawAfterStop`); the
  /// line being edited is kept.
  public func suspend() -> Action {
    serviceHandler?(true, self) ?? .keepReading
  }

  /// Ends the host's validity (the body returned).
  func invalidate() {
    serviceHandler = nil
  }
}

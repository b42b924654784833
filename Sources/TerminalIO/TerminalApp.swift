import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive run loop, independent of the app's state: it turns
/// terminal bytes, signals, posted events and the passing of time into
/// `Event`s for `handle`, and after each batch draws once and writes once.
/// The terminal is restored on every way out — a returned exit, a signal, a
/// thrown error.
public final class TerminalApp {
  /// Post events here from other threads.
  public let inbox: EventInbox
  /// Silence after which a lone ESC is the Esc key.
  public var escapeTimeout = KeyTiming.escapeTimeout
  /// Silence after which an unterminated bracketed paste is delivered.
  public var pasteTimeout = 500
  /// Wall-clock period of `.tick` events.
  public var tickInterval = 100
  /// The terminal size the last frame was drawn for (inline: the region's rows).
  public private(set) var width = 80
  public private(set) var height = 24
  /// `--height`: drawn in these rows below the shell prompt; nil: full screen.
  private let inlineHeight: InlineHeight?
  private var terminalHeight = 24
  /// How long to wait for the terminal to report the cursor position.
  private let cursorReportTimeout = 500
  /// Whether the terminal answered a cursor position request (else a
  /// resize does not wait for the answer again).
  private var answersCursorReports = true

  private let terminal: Terminal
  private let signals: SignalPipe
  private let mouse: Bool
  private var decoder = InputDecoder()
  private var writer = ScreenWriter()
  private var queue: [Event] = []
  private var deferredSignals: [Int32] = []
  private var readBuffer = [UInt8](repeating: 0, count: 4096)
  private var lastInput = 0
  private var lastTick = 0
  private var needsPaint = false
  private var running = false

  /// Opens the terminal (`TerminalError.noTerminal`, `.dumbTerminal` when
  /// there is none to use); nothing on screen changes until `run`.
  public init(
    mouse: Bool = true, path: String = "/dev/tty", term: String? = Terminal.environmentTERM,
    inlineHeight: InlineHeight? = nil
  ) throws {
    terminal = try Terminal(path: path, term: term)
    signals = try SignalPipe()
    inbox = try EventInbox()
    self.mouse = mouse
    self.inlineHeight = inlineHeight
    readSize()
    if inlineHeight != nil {
      // Until the cursor is known: the bottom rows (also picks the crash
      // rescue that stays on the main screen).
      terminal.region = InlineRegion.place(
        row: terminalHeight - 1, column: 0, terminalHeight: terminalHeight, rows: height)
    }
  }

  /// Takes over the terminal and runs until `handle` asks to exit or a signal
  /// ends the run: SIGINT 130, SIGTERM 143, SIGHUP (or the terminal going
  /// away) 129, SIGQUIT 131, with nothing printed. The first event is
  /// `.resize` with the terminal's size; `draw` gets the current size.
  ///
  /// `ticking` says whether the screen still changes with time alone; while
  /// it does not, no `tick` is sent and the run sleeps until input, a signal
  /// or the inbox wakes it (an idle screen makes no system calls).
  /// `settled` is called when the events that came together are handled,
  /// before the frame is drawn: work they asked for can start once, for
  /// the last of them (typing a thousand keys in one read is one filter).
  public func run(
    draw: (_ width: Int, _ height: Int) throws -> Frame,
    ticking: () -> Bool = { true },
    settled: () -> Void = {},
    handle: (Event) throws -> Disposition
  ) throws -> ExitStatus {
    precondition(!running, "TerminalApp.run is not reentrant")
    running = true
    try signals.install()
    defer {
      terminal.leave()
      signals.uninstall()
      running = false
    }
    do {
      return try loop(draw: draw, ticking: ticking, settled: settled, handle: handle)
    } catch let error as TerminalError where error.isHangUp {
      // The terminal went away under a write (its reads say so too, but a
      // blocked or pending write notices first): as SIGHUP.
      return hangUp()
    }
  }

  /// The run's four closures, for the prompt's service to handle what comes
  /// while a line is edited as the loop would (valid only during `run`).
  private struct Callbacks {
    let draw: (_ width: Int, _ height: Int) throws -> Frame
    let ticking: () -> Bool
    let settled: () -> Void
    let handle: (Event) throws -> Disposition
  }

  private func loop(
    draw: (_ width: Int, _ height: Int) throws -> Frame,
    ticking: () -> Bool,
    settled: () -> Void,
    handle: (Event) throws -> Disposition
  ) throws -> ExitStatus {
    try withoutActuallyEscaping(draw) { draw in
      try withoutActuallyEscaping(ticking) { ticking in
        try withoutActuallyEscaping(settled) { settled in
          try withoutActuallyEscaping(handle) { handle in
            try loop(Callbacks(draw: draw, ticking: ticking, settled: settled, handle: handle))
          }
        }
      }
    }
  }

  private func loop(_ callbacks: Callbacks) throws -> ExitStatus {
    try terminal.enter(mouse: mouse)
    writer.invalidate()
    readSize()
    queue = []
    try placeRegion()
    queue.insert(.resize(width: width, height: height), at: 0)
    lastTick = MonotonicClock.milliseconds()
    while true {
      var index = 0
      while index < queue.count {
        let event = queue[index]
        index += 1
        if let status = try carryOut(try callbacks.handle(event), next: index, callbacks) { return status }
      }
      if !queue.isEmpty { needsPaint = true }
      queue.removeAll(keepingCapacity: true)
      callbacks.settled()
      if needsPaint {
        let bytes = writer.render(try callbacks.draw(width, height))
        if !bytes.isEmpty { try terminal.write(bytes) }
        needsPaint = false
      }
      if let status = try waitForEvents(ticking: callbacks.ticking()) { return status }
    }
  }

  /// Does what `handle` answered for the event before `queue[next]`; a
  /// status when the run ends.
  private func carryOut(_ disposition: Disposition, next index: Int, _ callbacks: Callbacks) throws -> ExitStatus? {
    switch disposition {
    case .continue:
      return nil
    case .exit(let code, let output):
      terminal.leave()
      if let output {
        do {
          try Terminal.writeAll(output, to: STDOUT_FILENO)
        } catch TerminalError.writeFailed(let code) {
          // The chosen item did not arrive: an error, not a silent exit 0.
          throw TerminalError.outputFailed(errno: code)
        }
      }
      return ExitStatus(code: code)
    case .suspendFor(let body):
      try handBack(body)
      return try actOnDeferredSignals()
    case .promptAt(let row, let body):
      let ahead = Typeahead.bytes(of: queue[index...])
      let answer = try prompt(at: row, typeahead: ahead.bytes, callbacks, body)
      queue.removeSubrange(index..<index + Typeahead.eventsTaken(lengths: ahead.lengths, used: answer.typeaheadUsed))
      // A stop signal that came while the line was edited ends the run
      // before anything else queued meanwhile (a second `:` typed after
      // the line's Enter).
      if let status = try actOnDeferredSignals() { return status }
      // What events handled during the prompt asked of the loop (the end
      // of the run, say) comes before the line's answer.
      for held in answer.held {
        if let status = try carryOut(held, next: index, callbacks) { return status }
      }
      queue.insert(contentsOf: answer.events, at: index)
      return nil
    case .suspend:
      try suspendToShell()
      return nil
    case .redraw:
      writer.invalidate()
      return nil
    }
  }

  /// Restores the terminal, stops the process as C-z does in a shell, and on
  /// `fg` takes the terminal back and repaints. For use while `run` runs
  /// (the `.suspend` disposition calls it).
  public func suspendToShell() throws {
    guard running else {
      signals.stopProcess()
      return
    }
    terminal.leave()
    signals.stopProcess()
    try takeBack()
  }

  /// Runs `body` with the terminal in its original mode on the main screen,
  /// then takes it back.
  private func handBack(_ body: () -> Void) throws {
    terminal.leave()
    signals.withDefaultStop(body)
    // C-c during the body interrupted it, not the program.
    deferredSignals += signals.drain().filter { $0 != SIGINT }
    try takeBack()
  }

  /// Runs a prompt's `body` over the UI: the terminal in its original mode
  /// on the alternate screen, the cursor shown at the start of `row` (cleared),
  /// with a `PromptHost` through which the body's line editor gets signals,
  /// resizes, C-z, posted events and ticks handled while it reads. Then takes
  /// the terminal back. Returns the body's events, how many `typeahead`
  /// bytes its line took, and what events handled meanwhile asked of the
  /// loop besides `.continue`.
  private func prompt(
    at row: Int, typeahead: [UInt8], _ callbacks: Callbacks, _ body: (PromptHost) -> [Event]
  ) throws -> (events: [Event], typeaheadUsed: Int, held: [Disposition]) {
    var bytes = CursorMoves.absolute(CursorPosition(column: 0, row: max(0, row - 1) + (writer.origin ?? 0)))
    bytes += ControlSequences.resetStyle + ControlSequences.clearLine
    try terminal.write(bytes)
    terminal.leave(keepScreen: true)
    try terminal.write(ControlSequences.pasteReportingOn)
    // Repaints around the prompt change only what changed: the row is blank
    // now, and the cursor is the editor's.
    writer.blank(row: row - 1)
    // The prompt keeps its distance from the bottom edge across resizes.
    var during = PromptService(rowsBelow: max(0, height - row))
    let host = PromptHost(
      wakeDescriptors: [signals.readEnd, inbox.readEnd], wakeTimeout: nextTick(callbacks), typeahead: typeahead
    ) { [unowned self] stopFirst, host in
      serviceDuringPrompt(stopFirst: stopFirst, host: host, &during, callbacks)
    }
    if inlineHeight != nil { host.screenRow = (max(0, row - 1) + (writer.origin ?? 0), terminalHeight) }
    let events = body(host)
    var late = signals.drain()
    if inlineHeight != nil && late.contains(SIGWINCH) {
      // A resize the line ended before it was serviced (a key typed as the
      // window changed size): the region is placed again before anything
      // is drawn (drawn at its old rows, it scrolled the shorter screen and
      // a copy of it stayed above the new one). Our mode first: in the
      // editor's line mode, the answer to where the cursor is would wait
      // for a newline. `takeBack` queues the resize.
      late.removeAll { $0 == SIGWINCH }
      try terminal.enter(mouse: mouse, force: true)
      readSize()
      queueTyped(try regionAfterResizeDuringPrompt(host))
      // Placed from where the editor left things: nothing left to clean up.
      host.screenMoves = (scrolled: 0, lowestRow: 0, row: host.screenMoves.row)
    }
    host.invalidate()
    if inlineHeight != nil { try clearAfterPrompt(host.screenMoves) }
    // C-c during the body interrupted it (a prompt), not the program.
    deferredSignals += (late + signals.drain()).filter { $0 != SIGINT }
    try takeBack(regionKept: true)
    if let error = during.error { throw error }
    return (events, min(host.typeaheadUsed, typeahead.count), during.held)
  }

  /// Inline, after a prompt: what the line editor left outside the region.
  /// Where it scrolled the screen (a candidate list, a history search's
  /// line or a wrapped line at the last row), the region's rows moved up
  /// with the shell's; the region stays where it is, the copy of its top
  /// rows above it is blanked, and the shell's cursor row moves up with its
  /// lines. Whatever it wrote below the region (a list under a region
  /// higher on the screen) is blanked too. The region itself is drawn
  /// again whole afterwards.
  private func clearAfterPrompt(_ moves: (scrolled: Int, lowestRow: Int, row: Int)) throws {
    guard var region = terminal.region else { return }
    var bytes: [UInt8] = []
    if moves.scrolled > 0 {
      for row in max(0, region.top - moves.scrolled)..<region.top {
        bytes += CursorMoves.absolute(CursorPosition(column: 0, row: row)) + ControlSequences.clearLine
      }
      region.cursorRow = max(0, region.cursorRow - moves.scrolled)
      terminal.region = region
    }
    let below = region.top + region.rows
    if moves.lowestRow >= below && below < terminalHeight {
      bytes += CursorMoves.absolute(CursorPosition(column: 0, row: below)) + ControlSequences.clearToEnd
    }
    guard !bytes.isEmpty else { return }
    try terminal.write(ControlSequences.resetStyle + bytes)
  }

  /// What a prompt's service keeps between calls.
  private struct PromptService {
    /// Rows between the prompt's row and the bottom edge.
    let rowsBelow: Int
    /// Dispositions other than `.continue` of events handled meanwhile.
    var held: [Disposition] = []
    /// What `handle` or `draw` threw: the prompt ends, the run rethrows it.
    var error: (any Error)?
    /// The prompt's row as it is now (0-based in the frame).
    func row(height: Int) -> Int { max(0, height - 1 - rowsBelow) }
  }

  /// Milliseconds until the next tick is due, nil while the screen does
  /// not change with time.
  private func nextTick(_ callbacks: Callbacks) -> Int? {
    guard callbacks.ticking() else { return nil }
    return max(0, lastTick + tickInterval - MonotonicClock.milliseconds())
  }

  /// `PromptHost.service()` and `.suspend()`: acts on the signals received
  /// while a line editor owns the terminal (its own mode, alternate screen),
  /// then on posted events and the passing of time.
  private func serviceDuringPrompt(
    stopFirst: Bool, host: PromptHost, _ during: inout PromptService, _ callbacks: Callbacks
  ) -> PromptHost.Action {
    defer { host.wakeTimeout = nextTick(callbacks) }
    var cancel = false
    var stopped = false
    var resized = false
    var received: [Int32] = []
    if stopFirst {
      stopDuringPrompt()
      stopped = true
    }
    received += signals.drain().filter { !(stopped && $0 == SIGCONT) }
    var index = 0
    while index < received.count {
      let signal = received[index]
      index += 1
      switch signal {
      case SIGINT:
        cancel = true
      case SIGTERM, SIGHUP, SIGQUIT:
        deferredSignals.append(signal)
        cancel = true
      case _ where SignalPipe.otherEndingSignals.contains(signal):
        deferredSignals.append(signal)
        cancel = true
      case SIGTSTP where !cancel:
        stopDuringPrompt()
        stopped = true
        received += signals.drain().filter { $0 != SIGCONT }
      case SIGTSTP:
        // The prompt is abandoned anyway: stop once the UI is back.
        deferredSignals.append(signal)
      case SIGCONT:
        // Stopped by someone else (SIGSTOP): the shell may have changed the
        // settings; repaint and let the editor set its mode again.
        stopped = true
      case SIGWINCH:
        resized = true
      default:
        break
      }
    }
    if cancel { return .cancel }
    if stopped || resized {
      readSize()
      // Inline, the region moved with the shell's lines (a shorter window
      // pushed them up, a taller one pulled them back): placed again below
      // them, as outside a prompt, from where the prompt's row went.
      if resized && !stopped && inlineHeight != nil {
        // Keys typed while the cursor's place was asked are the line's.
        host.keysForEditor += (try? regionAfterResizeDuringPrompt(host)) ?? []
      }
    }
    let changed = handleDuringPrompt(&during, callbacks)
    // The run ends (or failed): the line is abandoned, the loop goes on.
    if during.error != nil || during.held.contains(where: { if case .exit = $0 { true } else { false } }) {
      return .cancel
    }
    // A new size, or no frame yet to change (the prompt opened before the
    // first was drawn): all of it, and the line again.
    if stopped || resized || (changed && !host.screenDisturbed && !writer.updates(width: width, height: height)) {
      repaintBehindPrompt(row: during.row(height: height), enterScreen: stopped, draw: callbacks.draw)
      if inlineHeight != nil { host.screenRow = (during.row(height: height) + (writer.origin ?? 0), terminalHeight) }
      return stopped ? .redrawAfterStop : .redraw
    }
    if changed && !host.screenDisturbed {
      repaintAroundPrompt(row: during.row(height: height), draw: callbacks.draw)
    }
    return .keepReading
  }

  /// Inline, the window resized while a prompt was open: the region placed
  /// again below the shell's lines, from where the prompt's row went (what
  /// the line editor scrolled moved the shell's lines up first). Returns
  /// the keys typed while the cursor's place was asked.
  private func regionAfterResizeDuringPrompt(_ host: PromptHost) throws -> [UInt8] {
    guard var region = terminal.region else { return [] }
    let moves = host.screenMoves
    region.cursorRow = max(0, region.cursorRow - moves.scrolled)
    terminal.region = region
    writer.invalidate()
    return try replaceRegionAfterResize(cursorWas: host.screenRow == nil ? nil : moves.row)
  }

  /// C-z at a prompt: the terminal as it was found (main screen, original
  /// settings, whatever the line editor had set), then stop until `fg`.
  private func stopDuringPrompt() {
    try? terminal.write(terminal.leaveBytes)
    terminal.restoreOriginalMode()
    signals.stopProcess()
  }

  /// Posted events, and a tick when one is due, handled while a prompt is
  /// open as the loop would handle them; true when there were any (the UI
  /// may have changed).
  private func handleDuringPrompt(_ during: inout PromptService, _ callbacks: Callbacks) -> Bool {
    var events = inbox.take()
    let now = MonotonicClock.milliseconds()
    if (callbacks.ticking() || !events.isEmpty) && now - lastTick >= tickInterval {
      events.insert(.tick(milliseconds: now - lastTick), at: 0)
      lastTick = now
    }
    guard !events.isEmpty, during.error == nil else { return false }
    do {
      for event in events {
        let disposition = try callbacks.handle(event)
        if case .continue = disposition { continue }
        during.held.append(disposition)
      }
    } catch {
      during.error = error
    }
    callbacks.settled()
    return true
  }

  /// Draws the UI at the current size with the prompt's `row` cleared and
  /// the cursor shown at its start, where the line editor draws the line
  /// again. Best effort: a terminal that went away is noticed by the
  /// editor's read.
  private func repaintBehindPrompt(
    row: Int, enterScreen: Bool, draw: (_ width: Int, _ height: Int) throws -> Frame
  ) {
    writer.invalidate()
    var bytes: [UInt8] = []
    if enterScreen && inlineHeight == nil { bytes += ControlSequences.enterForPrompt }
    if enterScreen { bytes += ControlSequences.pasteReportingOn }
    // No auto-wrap and no cursor while the frame is drawn, as in the UI.
    bytes += ControlSequences.hideCursor + ControlSequences.autoWrapOff
    if let frame = try? draw(width, height) {
      bytes += writer.render(Self.blanking(row: row, of: frame))
    }
    bytes += ControlSequences.autoWrapOn
    bytes += CursorMoves.absolute(CursorPosition(column: 0, row: row + (writer.origin ?? 0)))
    bytes += ControlSequences.resetStyle + ControlSequences.clearLine + ControlSequences.showCursor
    try? terminal.write(bytes)
    // The line editor draws on the blank row and moves the cursor.
    writer.forgetCursor()
  }

  /// Draws what changed in the UI behind an open prompt (data arrived, time
  /// passed) without touching the prompt's `row`, and puts the cursor back
  /// where the line editor had it: the line is neither cleared nor drawn
  /// again. Rows are not shifted with a scroll region, which would move the
  /// prompt's row with them.
  private func repaintAroundPrompt(row: Int, draw: (_ width: Int, _ height: Int) throws -> Frame) {
    guard let frame = try? draw(width, height) else { return }
    let scrolls = writer.usesScrollRegions
    writer.usesScrollRegions = false
    let body = writer.render(Self.blanking(row: row, of: frame))
    writer.usesScrollRegions = scrolls
    writer.forgetCursor()
    guard !body.isEmpty else { return }
    var bytes = ControlSequences.saveCursor + ControlSequences.hideCursor + ControlSequences.autoWrapOff
    bytes += body
    bytes += ControlSequences.autoWrapOn + ControlSequences.restoreCursor + ControlSequences.showCursor
    try? terminal.write(bytes)
  }

  /// `frame` with `row` blank: the prompt's.
  private static func blanking(row: Int, of frame: Frame) -> Frame {
    var frame = frame
    if row < frame.height {
      for column in 0..<frame.width { frame[column, row] = .blank }
    }
    return frame
  }

  /// Raw mode, screen and modes again, then a full repaint at the current
  /// size. Inline, the region is placed again below wherever the shell or the
  /// command left the cursor — unless a prompt kept it (`regionKept`).
  private func takeBack(regionKept: Bool = false) throws {
    try terminal.enter(mouse: mouse, force: true)
    writer.invalidate()
    readSize()
    if !regionKept { try placeRegion() }
    queue.append(.resize(width: width, height: height))
    needsPaint = true
  }

  /// Waits for input, a signal, a posted event or a deadline (tick, ESC
  /// timeout) and queues the resulting events; returns a status when a
  /// signal or a hang-up ends the run.
  /// Acts on signals held back while a prompt or a handed-back body ran.
  private func actOnDeferredSignals() throws -> ExitStatus? {
    guard !deferredSignals.isEmpty else { return nil }
    let received = deferredSignals
    deferredSignals.removeAll()
    return try handle(signals: received)
  }

  private func waitForEvents(ticking: Bool) throws -> ExitStatus? {
    if let status = try actOnDeferredSignals() { return status }
    let now = MonotonicClock.milliseconds()
    var deadline = ticking ? lastTick + tickInterval : Int.max
    if decoder.hasPending {
      deadline = min(deadline, lastInput + (decoder.isInPaste ? pasteTimeout : escapeTimeout))
    }
    // -1: no deadline, asleep until something happens.
    let timeout = deadline == Int.max ? -1 : Int32(clamping: max(0, deadline - now))
    let input = Int16(POLLIN)
    var fds = [
      pollfd(fd: terminal.fileDescriptor, events: input, revents: 0),
      pollfd(fd: signals.readEnd, events: input, revents: 0),
      pollfd(fd: inbox.readEnd, events: input, revents: 0),
    ]
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    if ready < 0, errno != EINTR {
      throw TerminalError.setupFailed(what: "poll", errno: errno)
    }
    if ready < 0 || fds[1].revents != 0 {
      if let status = try handle(signals: signals.drain()) { return status }
    }
    if ready > 0 {
      if fds[2].revents != 0 { queue += inbox.take() }
      let tty = fds[0].revents
      if tty & Int16(POLLIN) != 0 {
        if let count = try terminal.read(into: &readBuffer) {
          if count == 0 { return hangUp() }
          queue += inRegion(decoder.feed(readBuffer[0..<count]))
          lastInput = MonotonicClock.milliseconds()
        }
      } else if tty & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        return hangUp()
      }
    }
    let after = MonotonicClock.milliseconds()
    if decoder.hasPending,
      after - lastInput >= (decoder.isInPaste ? pasteTimeout : escapeTimeout)
    {
      queue += decoder.flushPendingEscape()
    }
    if after - lastTick >= tickInterval {
      // First: the time passed before what woke the loop (a key after a
      // long sleep must not count as typed right after the last one).
      queue.insert(.tick(milliseconds: after - lastTick), at: 0)
      lastTick = after
    }
    return nil
  }

  private func handle(signals received: [Int32]) throws -> ExitStatus? {
    var resized = false
    for signal in received {
      switch signal {
      case SIGINT: return ExitStatus(code: ExitCode.interrupted.rawValue, signal: SIGINT)
      case SIGTERM: return ExitStatus(code: ExitCode.terminated.rawValue, signal: SIGTERM)
      case SIGHUP: return hangUp()
      case SIGQUIT: return ExitStatus(code: ExitCode.quitSignal.rawValue, signal: SIGQUIT)
      case _ where SignalPipe.otherEndingSignals.contains(signal):
        return ExitStatus(code: 128 + signal, signal: signal)
      case SIGTSTP: try suspendToShell()
      case SIGCONT:
        // Stopped by someone else (SIGSTOP): the shell may have reset the
        // terminal while we were away.
        try terminal.enter(mouse: mouse, force: true)
        writer.invalidate()
        resized = true
      case SIGWINCH: resized = true
      default: break
      }
    }
    if resized {
      let cursorWas = writer.cursorRow
      readSize()
      writer.invalidate()
      queueTyped(try replaceRegionAfterResize(cursorWas: cursorWas))
      queue.append(.resize(width: width, height: height))
    }
    return nil
  }

  private func hangUp() -> ExitStatus {
    ExitStatus(code: ExitCode.hangUp.rawValue, signal: SIGHUP)
  }

  private func readSize() {
    if let size = terminal.size() {
      width = size.width
      terminalHeight = size.height
    }
    height = inlineHeight?.rows(terminalHeight: terminalHeight) ?? terminalHeight
  }

  /// Inline: asks the terminal where the cursor is and makes room for the
  /// region below it (fzf's way). Keys typed before the answer are kept.
  private func placeRegion() throws {
    guard inlineHeight != nil else { return }
    let (report, typed) = try askCursor()
    // No answer: as if the cursor were at the start of the last row.
    let region = InlineRegion.place(
      row: report?.row ?? terminalHeight - 1, column: report?.column ?? 0, terminalHeight: terminalHeight,
      rows: height)
    try makeRoom(for: region)
    queueTyped(typed)
  }

  /// Where the terminal has the cursor (`ESC [ 6 n`), nil when it does not
  /// say within `cursorReportTimeout`; and the bytes of keys typed before
  /// its answer, for `queueTyped` once the region they land in is placed.
  private func askCursor() throws -> (report: (row: Int, column: Int)?, typed: [UInt8]) {
    try terminal.write(ControlSequences.requestCursorPosition)
    var received: [UInt8] = []
    var report: (row: Int, column: Int, range: Range<Int>)?
    let deadline = MonotonicClock.milliseconds() + cursorReportTimeout
    while report == nil {
      let left = deadline - MonotonicClock.milliseconds()
      if left <= 0 { break }
      var fd = pollfd(fd: terminal.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&fd, 1, Int32(left)) > 0 else { continue }
      guard let count = try terminal.read(into: &readBuffer) else { continue }
      if count == 0 { break }
      received += readBuffer[0..<count]
      report = InlineRegion.cursorReport(in: received)
    }
    if let report { received.removeSubrange(report.range) } else { answersCursorReports = false }
    return (report.map { ($0.row, $0.column) }, received)
  }

  private func queueTyped(_ typed: [UInt8]) {
    guard !typed.isEmpty else { return }
    queue += inRegion(decoder.feed(typed[...]))
    lastInput = MonotonicClock.milliseconds()
  }

  /// Inline, after a resize: the old region blanked from where the shell's
  /// cursor is now, and the new one placed below it. A shorter window
  /// pushes the top lines into the scrollback (tmux, xterm), a taller one
  /// may pull them back: the rows move, the region's with them. Where the
  /// last frame left the cursor (`cursorWas`, a screen row) against where
  /// the terminal now says it is tells how far they moved — absolute rows
  /// kept from before drew the new frame below rows of the old one, left on
  /// the screen for good.
  /// Returns the bytes of keys typed while the cursor's place was asked.
  private func replaceRegionAfterResize(cursorWas: Int?) throws -> [UInt8] {
    guard let old = terminal.region, inlineHeight != nil else { return [] }
    var shift = 0
    var typed: [UInt8] = []
    if let cursorWas, answersCursorReports {
      let asked = try askCursor()
      typed = asked.typed
      if let now = asked.report { shift = now.row - cursorWas }
    }
    let row = max(0, min(old.cursorRow + shift, terminalHeight - 1))
    var bytes = CursorMoves.absolute(CursorPosition(column: old.cursorColumn, row: row))
    bytes += ControlSequences.resetStyle + ControlSequences.clearToEnd
    try terminal.write(bytes)
    try makeRoom(
      for: InlineRegion.place(row: row, column: old.cursorColumn, terminalHeight: terminalHeight, rows: height))
    return typed
  }

  private func makeRoom(for region: InlineRegion) throws {
    try terminal.write([UInt8](repeating: 0x0A, count: region.lineFeeds))
    terminal.region = region
    writer.origin = region.top
  }

  /// Inline: mouse rows made relative to the region. Presses and the wheel
  /// outside it are dropped (the shell's lines are not ours); the motion
  /// and the release of a drag are kept, clamped to its edge rows, as a
  /// full screen's edges clamp them — a release dropped left the drag
  /// going, and the next click on a row moved the index or the thumb.
  private func inRegion(_ events: [Event]) -> [Event] {
    guard let region = terminal.region, inlineHeight != nil else { return events }
    return events.compactMap { event in
      guard case .mouse(var report) = event else { return event }
      report.row -= region.top
      if report.row >= 1 && report.row <= region.rows { return .mouse(report) }
      guard report.kind == .motion || report.kind == .release else { return nil }
      report.row = min(max(report.row, 1), region.rows)
      return .mouse(report)
    }
  }
}

import Dispatch
import TestScratch
import Testing

@testable import SectionNavCore
@testable import TerminalIO

#if canImport(Glibc)
  import Glibc
#endif

private func frame(_ text: String, _ width: Int, _ height: Int) -> Frame {
  var frame = Frame(width: width, height: height)
  frame.put(text, column: 0, row: 0)
  return frame
}

/// The run loop on a real pseudo-terminal. Serialized: signal handlers are
/// process-wide.
@Suite(.serialized) struct TerminalAppTests {
  @Test func runTakesTheTerminalDecodesInputAndGivesItBackAsFound() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let app = try TerminalApp(mouse: true, path: pty.path, term: "xterm-256color")
    var events: [Event] = []
    var rawDuringRun = false
    let status = try app.run(
      draw: { w, h in frame("hello \(w)x\(h)", w, h) },
      handle: { event in
        if case .tick = event { return .continue }
        events.append(event)
        switch event {
        case .resize:
          rawDuringRun = pty.settings().c_lflag & tcflag_t(ICANON | ECHO) == 0
          pty.type("j\u{1B}[<0;5;6M\u{1B}[200~pasted\u{1B}[201~\u{3}\u{1B}")
        case .key(KeyEvent(.escape, modifiers: [])):
          pty.type("q")
        case .key(KeyEvent(.char("q"), modifiers: [])):
          return .exit(code: 3, output: nil)
        default: break
        }
        return .continue
      })
    #expect(status == ExitStatus(code: 3))
    #expect(rawDuringRun)
    #expect(
      events == [
        .resize(width: 40, height: 10), .key(KeyEvent(.char("j"))),
        .mouse(MouseEvent(.press, column: 5, row: 6)), .paste("pasted"), .key(KeyEvent(.ctrl("c"))),
        .key(KeyEvent(.escape)), .key(KeyEvent(.char("q"))),
      ])
    let screen = pty.output()
    #expect(screen.hasPrefix("\u{1B}[?1049h"))
    #expect(screen.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"))
    #expect(screen.contains("\u{1B}[?2026h") && screen.contains("hello 40x10"))
    #expect(screen.hasSuffix(String(decoding: ControlSequences.leave, as: UTF8.self)))
    #expect(modeFlags(pty.settings()) == modeFlags(before))
  }

  /// `settled` comes once the events read together are handled, before
  /// the frame: keys typed in one write are one batch, so the work they ask
  /// for starts once, for the last of them.
  @Test func settledFollowsTheKeysReadTogether() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let app = try TerminalApp(mouse: false, path: pty.path, term: "xterm-256color")
    var log: [String] = []
    let status = try app.run(
      draw: { w, h in frame("", w, h) },
      settled: { if log.last != "settled" { log.append("settled") } },
      handle: { event in
        if case .resize = event { pty.type("abcdef") }
        guard case .key(let k) = event, case .char(let c) = k.key else { return .continue }
        if c == "q" { return .exit(code: 0, output: nil) }
        log.append(String(c))
        if c == "f" { pty.type("q") }
        return .continue
      })
    #expect(status == ExitStatus(code: 0))
    #expect(log.drop { $0 == "settled" } == ["a", "b", "c", "d", "e", "f", "settled"])
  }

  /// A file mapped while the terminal is taken (its fatal-signal rescue
  /// owns SIGBUS then) is still guarded once the terminal is given back: a
  /// cut file reads as zeros instead of killing the process.
  @Test func aFileMappedWhileTheTerminalIsTakenStaysGuardedAfterward() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let path = Scratch.file(String(repeating: "x", count: page * 4), suffix: ".txt")
    defer { Scratch.remove(path) }
    let app = try TerminalApp(mouse: false, path: pty.path, term: "xterm-256color")
    var buffer: ByteBuffer?
    _ = try app.run(
      draw: { w, h in frame("x", w, h) },
      handle: { event in
        guard case .resize = event else { return .continue }
        buffer = try? DataSource.read(path: path)
        return .exit(code: 0, output: nil)
      })
    let mapped = try #require(buffer)
    #expect(truncate(path, 0) == 0)
    // Unguarded, this read raises SIGBUS and ends the test run.
    #expect(mapped.base[mapped.count - 1] == 0)
  }

  @Test func withoutMouseNoMouseReportingIsRequested() throws {
    let pty = try PseudoTerminal(width: 20, height: 5)
    let app = try TerminalApp(mouse: false, path: pty.path, term: "xterm")
    _ = try app.run(
      draw: { w, h in Frame(width: w, height: h) }, handle: { _ in .exit(code: 0, output: nil) })
    let screen = pty.output()
    #expect(!screen.contains("\u{1B}[?1000h"))
    #expect(screen.contains("\u{1B}[?2004h"))
  }

  @Test func sigtermExits143WithTheTerminalRestored() throws {
    let pty = try PseudoTerminal(width: 20, height: 5)
    let before = pty.settings()
    let app = try TerminalApp(path: pty.path, term: "xterm")
    let status = try app.run(
      draw: { w, h in frame("x", w, h) },
      handle: { event in
        if case .resize = event { kill(getpid(), SIGTERM) }
        return .continue
      })
    #expect(status == ExitStatus(code: 143, signal: SIGTERM))
    #expect(pty.output().hasSuffix(String(decoding: ControlSequences.leave, as: UTF8.self)))
    #expect(modeFlags(pty.settings()) == modeFlags(before))
  }

  @Test func sigintAndSighupExitWith130And129() throws {
    for (signal, code) in [(SIGINT, Int32(130)), (SIGHUP, 129), (SIGQUIT, 131)] {
      let pty = try PseudoTerminal(width: 20, height: 5)
      let app = try TerminalApp(path: pty.path, term: "xterm")
      let status = try app.run(
        draw: { w, h in frame("x", w, h) },
        handle: { event in
          if case .resize = event { kill(getpid(), signal) }
          return .continue
        })
      #expect(status == ExitStatus(code: code, signal: signal))
    }
  }

  @Test func windowChangeSendsTheNewSizeAndRepaintsEverything() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var sizes: [String] = []
    let status = try app.run(
      draw: { w, h in
        sizes.append("\(w)x\(h)")
        return frame("size \(w)x\(h)", w, h)
      },
      handle: { event in
        switch event {
        case .resize(30, _):
          pty.resize(width: 50, height: 12)
          kill(getpid(), SIGWINCH)
        case .tick where sizes.last == "50x12":
          return .exit(code: 0, output: nil)
        default: break
        }
        return .continue
      })
    #expect(status.code == 0)
    #expect(sizes.first == "30x8")
    let screen = pty.output()
    #expect(screen.components(separatedBy: "\u{1B}[2J").count == 3)  // two full repaints
    #expect(screen.contains("size 50x12"))
    #expect(app.width == 50 && app.height == 12)
  }

  @Test func suspendForGivesTheTerminalBackThenRepaints() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let before = pty.settings()
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var resizes = 0
    var cookedInside = false
    var screenBefore = ""
    let status = try app.run(
      draw: { w, h in frame("ui", w, h) },
      handle: { event in
        switch event {
        case .resize:
          resizes += 1
          if resizes == 1 {
            return .suspendFor {
              cookedInside = modeFlags(pty.settings()) == modeFlags(before)
              screenBefore = pty.output()
            }
          }
        case .tick where resizes == 2:
          return .exit(code: 0, output: nil)
        default: break
        }
        return .continue
      })
    #expect(status.code == 0)
    #expect(cookedInside)
    #expect(screenBefore.hasSuffix(String(decoding: ControlSequences.leave, as: UTF8.self)))
    // Back on the alternate screen with a full repaint.
    let after = pty.output()
    #expect(after.hasPrefix("\u{1B}[?1049h"))
    #expect(after.contains("\u{1B}[2J") && after.contains("ui"))
  }

  @Test func promptAtKeepsTheAlternateScreen() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var shown = ""
    var calls = 0
    _ = try app.run(
      draw: { w, h in frame("ui", w, h) },
      handle: { event in
        guard case .resize = event else { return .continue }
        calls += 1
        if calls == 1 {
          return .promptAt(row: 8) { _ in
            shown = pty.output()
            return []
          }
        }
        return .exit(code: 0, output: nil)
      })
    #expect(shown.contains("\u{1B}[8H\u{1B}[0m\u{1B}[2K"))
    // Cursor shown, mouse reporting off, bracketed paste on for the line editor.
    #expect(shown.hasSuffix("\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?2004h"))
    #expect(!shown.contains("\u{1B}[?1049l"))
  }

  /// Waits until the prompt host's wake descriptor is readable, as a line
  /// editor polling it would.
  private func waitForWake(_ host: PromptHost) -> Bool {
    var fds = host.wakeDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    return poll(&fds, nfds_t(fds.count), Int32(Patience.seconds * 1000)) > 0
  }

  /// A prompt whose body posts an event and lets the host service it, as
  /// a line editor woken by the inbox would; `done` gets the host's answer
  /// and what the terminal received meanwhile.
  private func promptPostingAnEvent(
    _ pty: PseudoTerminal, _ inbox: EventInbox, disturbed: Bool = false,
    _ done: @escaping (PromptHost.Action?, String) -> Void
  ) -> Disposition {
    .promptAt(row: 8) { host in
      _ = pty.output()
      host.screenDisturbed = disturbed
      inbox.post(.command(.quit))
      let action = waitForWake(host) ? host.service() : nil
      done(action, pty.output())
      return []
    }
  }

  @Test func aResizeDuringThePromptRepaintsTheUIBehindIt() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var action: PromptHost.Action?
    var shown = ""
    var calls = 0
    _ = try app.run(
      draw: { w, h in frame("size \(w)x\(h)", w, h) },
      handle: { event in
        guard case .resize = event else { return .continue }
        calls += 1
        guard calls == 1 else { return .exit(code: 0, output: nil) }
        return .promptAt(row: 8) { host in
          _ = pty.output()
          pty.resize(width: 50, height: 12)
          kill(getpid(), SIGWINCH)
          if waitForWake(host) { action = host.service() }
          shown = pty.output()
          return []
        }
      })
    #expect(action == .redraw)
    // The UI at the new size, then the cursor shown at the start of the
    // prompt's row — still the last one — cleared for the line editor.
    #expect(shown.contains("size 50x12"))
    #expect(shown.hasSuffix("\u{1B}[12H\u{1B}[0m\u{1B}[2K\u{1B}[?25h"))
    #expect(!shown.contains("\u{1B}[?1049"))
    #expect(app.width == 50 && app.height == 12)
  }

  /// Data that arrives while a line is edited is handled, and what it
  /// changed is drawn around the prompt: its row is not touched and the
  /// cursor goes back where the editor had it (DECSC … DECRC).
  @Test func anEventPostedDuringThePromptIsDrawnAroundTheLine() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    let inbox = app.inbox
    var label = "before"
    var action: PromptHost.Action?
    var shown = ""
    var commands = 0
    _ = try app.run(
      draw: { w, h in frame(label, w, h) },
      handle: { event in
        switch event {
        case .resize where commands == 0:
          // The prompt opens over a drawn frame.
          inbox.post(.command(.quit))
        case .resize:
          return .exit(code: 0, output: nil)
        case .command:
          commands += 1
          guard commands == 1 else {
            label = "after"
            return .continue
          }
          return promptPostingAnEvent(pty, inbox) { (action, shown) = ($0, $1) }
        default: break
        }
        return .continue
      })
    #expect(action == .keepReading)
    #expect(shown.hasPrefix("\u{1B}7") && shown.contains("after"))
    #expect(shown.hasSuffix("\u{1B}8\u{1B}[?25h"))
    #expect(!shown.contains("\u{1B}[8H") && !shown.contains("\u{1B}[2K") && !shown.contains("\u{1B}[2J"))
  }

  /// A prompt opened before any frame was drawn (keys typed ahead of the
  /// first screen): what changes is drawn in full, and the editor draws
  /// its line again on the cleared row.
  @Test func anEventPostedDuringAPromptOverNoFrameRepaintsEverything() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    let inbox = app.inbox
    var label = "before"
    var action: PromptHost.Action?
    var shown = ""
    var resizes = 0
    _ = try app.run(
      draw: { w, h in frame(label, w, h) },
      handle: { event in
        switch event {
        case .resize:
          resizes += 1
          guard resizes == 1 else { return .exit(code: 0, output: nil) }
          return promptPostingAnEvent(pty, inbox) { (action, shown) = ($0, $1) }
        case .command:
          label = "after"
        default: break
        }
        return .continue
      })
    #expect(action == .redraw)
    #expect(shown.contains("after"))
    #expect(shown.hasSuffix("\u{1B}[8H\u{1B}[0m\u{1B}[2K\u{1B}[?25h"))
  }

  /// An event that ends the run while a line is edited abandons the line;
  /// the run then ends as it asked.
  @Test func anEventThatEndsTheRunDuringThePromptCancelsIt() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    let inbox = app.inbox
    var action: PromptHost.Action?
    var afterPrompt: [Event] = []
    var prompted = false
    let status = try app.run(
      draw: { w, h in frame("ui", w, h) },
      handle: { event in
        switch event {
        case .resize where !prompted:
          prompted = true
          return .promptAt(row: 8) { host in
            inbox.post(.command(.quit))
            if waitForWake(host) { action = host.service() }
            return [.lineEdited(.command, "x", warning: nil)]
          }
        case .command(.quit):
          return .exit(code: 3, output: nil)
        default:
          afterPrompt.append(event)
          return .continue
        }
      })
    #expect(action == .cancel)
    #expect(status.code == 3)
    // The line's answer was not handled after the end.
    #expect(!afterPrompt.contains { if case .lineEdited = $0 { true } else { false } })
  }

  /// While the UI changes with time the editor is woken for ticks; while it
  /// does not, it sleeps until a key or an event.
  @Test(arguments: [true, false]) func thePromptWakesForTicksOnlyWhileTheUITicks(_ ticking: Bool) throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var timeout: Int?? = .none
    var prompted = false
    _ = try app.run(
      draw: { w, h in frame("ui", w, h) },
      ticking: { ticking },
      handle: { event in
        guard case .resize = event else { return .continue }
        guard !prompted else { return .exit(code: 0, output: nil) }
        prompted = true
        return .promptAt(row: 8) { host in
          timeout = .some(host.wakeTimeout)
          return []
        }
      })
    if ticking {
      #expect(timeout != nil && (timeout ?? nil).map { $0 >= 0 && $0 <= app.tickInterval } == true)
    } else {
      #expect(timeout == .some(nil))
    }
  }

  /// Once the editor wrote outside its row (candidates listed, a line
  /// wrapping), events are still handled but nothing is drawn until the
  /// line ends: the screen's rows may have moved.
  @Test func aDisturbedScreenIsNotDrawnOverDuringThePrompt() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    let inbox = app.inbox
    var label = "before"
    var shown = "unset"
    var prompted = false
    _ = try app.run(
      draw: { w, h in frame(label, w, h) },
      handle: { event in
        switch event {
        case .resize:
          guard !prompted else { return .exit(code: 0, output: nil) }
          prompted = true
          return promptPostingAnEvent(pty, inbox, disturbed: true) { shown = $1 }
        case .command:
          label = "after"
        default: break
        }
        return .continue
      })
    #expect(label == "after")
    #expect(shown == "")
  }

  @Test func sigtermDuringThePromptCancelsItAndEndsTheRun() throws {
    let pty = try PseudoTerminal(width: 30, height: 8)
    let before = pty.settings()
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var action: PromptHost.Action?
    var afterwards: PromptHost?
    let status = try app.run(
      draw: { w, h in frame("ui", w, h) },
      handle: { event in
        guard case .resize = event, afterwards == nil else { return .continue }
        return .promptAt(row: 8) { host in
          kill(getpid(), SIGTERM)
          if waitForWake(host) { action = host.service() }
          afterwards = host
          return []
        }
      })
    #expect(action == .cancel)
    #expect(status == ExitStatus(code: 143, signal: SIGTERM))
    #expect(modeFlags(pty.settings()) == modeFlags(before))
    // Out of the body the host does nothing.
    #expect(afterwards?.service() == .keepReading)
  }

  @Test func eventsPostedFromAnotherThreadArrive() throws {
    let pty = try PseudoTerminal(width: 20, height: 5)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    let inbox = app.inbox
    var received: [Event] = []
    _ = try app.run(
      draw: { w, h in Frame(width: w, height: h) },
      handle: { event in
        switch event {
        case .resize:
          DispatchQueue.global().async { inbox.post(.command(.quit)) }
        case .command:
          received.append(event)
          return .exit(code: 0, output: nil)
        default: break
        }
        return .continue
      })
    #expect(received == [.command(.quit)])
  }

  @Test func ticksReportElapsedTime() throws {
    let pty = try PseudoTerminal(width: 20, height: 5)
    let app = try TerminalApp(path: pty.path, term: "xterm")
    var total = 0
    _ = try app.run(
      draw: { w, h in Frame(width: w, height: h) },
      handle: { event in
        guard case .tick(let ms) = event else { return .continue }
        #expect(ms >= 90)
        total += ms
        return total >= 300 ? .exit(code: 0, output: nil) : .continue
      })
    #expect(total >= 300 && total < 3000)
  }

  @Test func noTerminalAndDumbTerminalAreClearErrors() {
    #expect(throws: TerminalError.noTerminal(path: "/nonexistent/tty")) {
      try TerminalApp(path: "/nonexistent/tty", term: "xterm")
    }
    #expect(throws: TerminalError.noTerminal(path: "/dev/null")) {
      try Terminal(path: "/dev/null", term: "xterm")
    }
    #expect(throws: TerminalError.dumbTerminal) { try Terminal(path: "/dev/null", term: "dumb") }
    #expect(
      TerminalError.noTerminal(path: "/dev/tty").description
        == "sectionnav: error: no terminal (/dev/tty): use --script to run without one")
  }

  @Test func leavingUndoesEveryModeInReverseOrder() {
    func modes(_ bytes: [UInt8], _ final: Character) -> [String] {
      let text = String(decoding: bytes, as: UTF8.self)
      return text.components(separatedBy: "\u{1B}[?").dropFirst().compactMap { part in
        let number = part.prefix { $0.isNumber }
        return part.dropFirst(number.count).first == final ? String(number) : nil
      }
    }
    let entered = modes(ControlSequences.enter(mouse: true), "h") + ["25"]  // cursor hidden with l
    let hidden = modes(ControlSequences.enter(mouse: true), "l")
    #expect(hidden == ["25", "7"])
    let left = modes(ControlSequences.leave, "l")
    let shown = modes(ControlSequences.leave, "h")
    #expect(shown == ["7", "25"])
    #expect(Set(left) == Set(entered).subtracting(["25"]))
    #expect(left == entered.filter { $0 != "25" }.reversed())
  }
}

import Foundation
import TestScratch

@testable import LineEditor

/// A pseudo-terminal pair: the editor gets the slave side as its terminal, the
/// test types on the master side and reads back what was drawn.
final class PseudoTerminal: @unchecked Sendable {
  let master: Int32
  let slave: Int32
  private let lock = NSLock()
  private var drawn: [UInt8] = []

  init() throws {
    let pty = try PTYFunctions()
    master = pty.openpt(O_RDWR | O_NOCTTY)
    guard master >= 0, pty.grantpt(master) == 0, pty.unlockpt(master) == 0 else {
      throw Failure.open
    }
    var name = [CChar](repeating: 0, count: 256)
    guard pty.ptsnameR(master, &name, name.count) == 0 else { throw Failure.open }
    slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw Failure.open }
  }

  deinit {
    close(slave)
    close(master)
  }

  enum Failure: Error { case open, noPrompt }

  /// Sends keys as a terminal would.
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if n <= 0 { return }
      sent += n
    }
  }

  /// Everything drawn on the terminal so far (escape sequences included).
  var screen: String {
    drain(waiting: 0)
    return lock.withLock { String(decoding: drawn, as: UTF8.self) }
  }

  /// How much has been drawn so far, to wait for output after this point.
  var mark: Int {
    drain(waiting: 0)
    return lock.withLock { drawn.count }
  }

  /// Waits until `text` is drawn after `start` (a `mark`).
  func waitFor(_ text: String, after start: Int, seconds: Double = Patience.seconds) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      drain(waiting: 20)
      if lock.withLock({ String(decoding: drawn[start...], as: UTF8.self) }).contains(text) {
        return true
      }
    }
    return false
  }

  private func drain(waiting ms: Int32) {
    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    var wait = ms
    while poll(&poller, 1, wait) > 0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if n <= 0 { return }
      lock.withLock { drawn.append(contentsOf: buffer[..<n]) }
      wait = 0
    }
  }

  /// Bytes typed that the editor has not read yet.
  var unreadInput: Int {
    var count: Int32 = 0
    _ = ioctl(slave, UInt(FIONREAD), &count)
    return Int(count)
  }

  /// Waits (collecting output) until the editor has read everything typed,
  /// so the next chunk arrives as a read of its own; gives up after `seconds`.
  func waitUntilRead(seconds: Double = Patience.seconds) {
    let deadline = Date().addingTimeInterval(seconds)
    while unreadInput > 0 && Date() < deadline { drain(waiting: 5) }
  }

  /// Waits until the editor has put the terminal in raw (non-canonical)
  /// mode: keys typed before that meet the cooked line discipline, which
  /// keeps Ctrl-R (reprint) and Ctrl-U for itself.
  func waitUntilRaw(seconds: Double = Patience.seconds) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var mode = termios()
    while Date() < deadline {
      if tcgetattr(slave, &mode) == 0 && mode.c_lflag & tcflag_t(ICANON) == 0 { return true }
      drain(waiting: 5)
    }
    return false
  }

  /// Runs `editor.readLine` on its own thread, as the app would on its main
  /// thread, typing each chunk of `keys` once the prompt is up (each chunk
  /// once the editor has read the one before, so chunks arrive as separate reads). If the editor does not return
  /// within `Patience.seconds` the test would hang, so it is sent Ctrl-C and Enter instead.
  func readLine(
    _ editor: LineEditor, prompt: String = "sn> ", typing keys: [String],
    reading read: (@Sendable (LineEditor, String) -> String?)? = nil
  ) throws
    -> String?
  {
    // Outer nil: the editor never returned; inner nil: it returned no line.
    let box = ResultBox()
    let editorBox = EditorBox(editor)
    let start = mark
    let thread = Thread {
      if let read {
        box.set(read(editorBox.editor, prompt))
      } else {
        box.set(editorBox.editor.readLine(prompt: prompt))
      }
    }
    thread.start()
    guard waitFor(prompt, after: start), keys.isEmpty || waitUntilRaw() else {
      type("\u{3}\r")
      _ = box.wait(seconds: Patience.seconds)
      throw Failure.noPrompt
    }
    for chunk in keys {
      type(chunk)
      waitUntilRead()
    }
    if let result = box.wait(seconds: Patience.seconds) { return result }
    type("\u{3}\r")
    _ = box.wait(seconds: Patience.seconds)
    return "readLine did not return"
  }
}

/// Hands the editor to the reading thread; the test thread does not touch it meanwhile.
private final class EditorBox: @unchecked Sendable {
  let editor: LineEditor
  init(_ editor: LineEditor) { self.editor = editor }
}

/// The reading thread's answer: `.some(nil)` is a cancelled prompt.
private final class ResultBox: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: String??

  func set(_ line: String?) {
    value = .some(line)
    done.signal()
  }

  func wait(seconds: Double) -> String?? {
    done.wait(timeout: .now() + seconds) == .success ? value : nil
  }
}

/// posix_openpt and friends sit behind _XOPEN_SOURCE in glibc's headers, which
/// Swift's Glibc module does not define, so they are looked up at run time.
private struct PTYFunctions {
  typealias IntFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
  let openpt: IntFunction
  let grantpt: IntFunction
  let unlockpt: IntFunction
  let ptsnameR: NameFunction

  init() throws {
    func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
      guard let address = dlsym(nil, name) else { throw PseudoTerminal.Failure.open }
      return address
    }
    openpt = unsafeBitCast(try symbol("posix_openpt"), to: IntFunction.self)
    grantpt = unsafeBitCast(try symbol("grantpt"), to: IntFunction.self)
    unlockpt = unsafeBitCast(try symbol("unlockpt"), to: IntFunction.self)
    ptsnameR = unsafeBitCast(try symbol("ptsname_r"), to: NameFunction.self)
  }
}

import Foundation
import TestScratch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built binary on a pseudo-terminal the test owns, for the faults a
/// terminal emulator never shows: a terminal that stops reading the output
/// (writes block once the pty's buffer is full) and one that goes away (the
/// master closed). The child is a session leader whose controlling terminal
/// is the slave (so `/dev/tty` works), with standard output and error in
/// files of a temporary directory.
final class PtySession: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The test's side; nothing reads it unless the test does.
  private(set) var master: Int32
  /// A slave descriptor kept by the test, to see how much input the program
  /// has not read yet (FIONREAD).
  let slave: Int32
  let pid: pid_t
  let directory: String
  private var output: [UInt8] = []
  private var status: Int32?
  /// User plus system CPU time of the program over its whole life, once it ended.
  private(set) var cpuSecondsAtExit: Double = 0

  init(_ arguments: [String], width: Int, height: Int) throws {
    master = try Self.openMaster()
    var name = [CChar](repeating: 0, count: 128)
    guard PTY.functions.ptsnameR(master, &name, name.count) == 0 else {
      close(master)
      throw Failure(description: "ptsname_r failed")
    }
    let slavePath = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      close(master)
      throw Failure(description: "cannot open \(slavePath)")
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    directory = Scratch.directory("pty")
    pid = try Self.spawn(
      [Binary.path] + arguments, terminal: slavePath, stdout: directory + "/stdout",
      stderr: directory + "/stderr", directory: directory)
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      _ = try? waitForExit(timeout: 5)
    }
    closeMaster()
    close(slave)
    try? FileManager.default.removeItem(atPath: directory)
  }

  // MARK: The terminal's side

  /// Types `text` (never blocks: gives up on what does not fit).
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads what the program wrote until `quiet` seconds pass without output
  /// (or `timeout` in all); returns how many bytes came.
  @discardableResult
  func drain(quiet: Double = 0.3, timeout: Double = 20) -> Int {
    let start = output.count
    let deadline = Date().addingTimeInterval(timeout)
    var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while Date() < deadline, master >= 0 {
      guard poll(&fd, 1, Int32(quiet * 1000)) > 0 else { break }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      output += buffer[..<n]
    }
    return output.count - start
  }

  /// Reads what the program writes until it has read everything typed (or
  /// `timeout` passes), then until it is quiet; returns how many bytes came.
  @discardableResult
  func drainUntilInputIsRead(timeout: Double = Patience.seconds) -> Int {
    let start = output.count
    let deadline = Date().addingTimeInterval(timeout)
    while unreadInput > 0 && Date() < deadline { drain(quiet: 0.05, timeout: 0.2) }
    drain()
    return output.count - start
  }

  /// Reads until the output since `mark` contains `text`.
  func waitForOutput(_ text: String, after mark: Int, timeout: Double = Patience.seconds) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if String(decoding: output[min(mark, output.count)...], as: UTF8.self).contains(text) { return true }
      drain(quiet: 0.05, timeout: 0.2)
    }
    return false
  }

  /// Everything read from the program so far.
  var screenBytes: [UInt8] { output }

  /// The terminal goes away.
  func closeMaster() {
    if master >= 0 { close(master) }
    master = -1
  }

  /// Bytes typed that the program has not read yet.
  var unreadInput: Int {
    var count: Int32 = 0
    _ = ioctl(slave, UInt(FIONREAD), &count)
    return Int(count)
  }

  // MARK: The process

  /// User plus system CPU time of the program, in seconds.
  var cpuSeconds: Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 0, utime 11, stime 12 (in clock ticks).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Bytes the program has handed to write(2) so far (`/proc/PID/io`'s
  /// `wchar`, all threads), 0 once reaped: a frame drawn makes it grow.
  var bytesWritten: Int {
    guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
      let line = io.split(separator: "\n").first(where: { $0.hasPrefix("wchar:") })
    else { return 0 }
    return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
  }

  /// The scheduler state letter (`R`, `S`, `T`, `Z`…), nil once reaped.
  var state: Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].dropFirst().first
  }

  /// Whether the program's main thread is asleep inside write(2), as when
  /// the terminal stops reading (`/proc/PID/syscall` names the system call
  /// a sleeping thread is in).
  var asleepInWrite: Bool {
    guard state == "S", let text = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8),
      let number = text.split(separator: " ").first.flatMap({ Int($0) })
    else { return false }
    return number == Self.writeSyscall
  }

  /// Whether the program's main thread sleeps in poll(2) with no deadline:
  /// nothing will wake it but input, a signal or another thread. nil where
  /// the C library polls by another system call (not x86_64).
  var asleepWithoutDeadline: Bool? {
    #if arch(x86_64)
      guard state == "S", let text = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8) else {
        return false
      }
      // "7 FDS NFDS TIMEOUT …": poll is 7; its timeout -1 may show as 32 or 64 bits.
      let fields = text.split(separator: " ")
      guard fields.count > 3, fields[0] == "7", let timeout = UInt64(fields[3].dropFirst(2), radix: 16) else {
        return false
      }
      return Int32(truncatingIfNeeded: timeout) == -1
    #else
      return nil
    #endif
  }

  /// write(2)'s number in `/proc/PID/syscall`.
  #if arch(x86_64)
    static let writeSyscall = 1
  #else
    static let writeSyscall = 64  // arm64, riscv64
  #endif

  /// Checks `condition` every 10 ms until it holds or `timeout` passes,
  /// without reading the program's output; returns whether it held.
  func waitUntil(timeout: Double = Patience.seconds, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
      if Date() >= deadline { return false }
      usleep(10_000)
    }
    return true
  }

  /// Waits for the program to end and returns its exit status (128 + n
  /// after signal n); throws after `timeout`.
  func waitForExit(timeout: Double = Patience.seconds) throws -> Int32 {
    if let status { return status }
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      var raw: Int32 = 0
      var usage = rusage()
      let r = wait4(pid, &raw, WNOHANG, &usage)
      if r == pid {
        cpuSecondsAtExit = [usage.ru_utime, usage.ru_stime].reduce(0) {
          $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1_000_000
        }
        let code = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        status = code
        if master >= 0 { drain(quiet: 0.05, timeout: 1) }
        return code
      }
      if r < 0, errno != EINTR { throw Failure(description: "waitpid failed: \(errno)") }
      if Date() >= deadline { throw Failure(description: "the program did not end within \(timeout) s") }
      if master >= 0 { drain(quiet: 0.02, timeout: 0.05) } else { usleep(20_000) }
    }
  }

  /// A file the program wrote (`stdout`, `stderr`).
  func file(_ name: String) -> String {
    (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
  }

  // MARK: Setting up

  private static func openMaster() throws -> Int32 {
    let fd = PTY.functions.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0, PTY.functions.grantpt(fd) == 0, PTY.functions.unlockpt(fd) == 0 else {
      if fd >= 0 { close(fd) }
      throw Failure(description: "cannot open a pseudo-terminal")
    }
    return fd
  }

  /// posix_spawn in a new session (POSIX_SPAWN_SETSID) whose standard input
  /// is `terminal`, opened without O_NOCTTY by the session leader, so it
  /// becomes the controlling terminal. As in `TmuxSession.spawn`, nothing of
  /// the test process is inherited: no descriptor beyond 0–2, no blocked or
  /// ignored signal.
  private static func spawn(
    _ argv: [String], terminal: String, stdout: String, stderr: String, directory: String
  ) throws -> pid_t {
    var env = ProcessInfo.processInfo.environment
    for name in ["SECTIONNAV_OPTS", "NO_COLOR", "LC_ALL", "LC_CTYPE", "TMUX", "TMUX_PANE", "XDG_CONFIG_HOME"] {
      env[name] = nil
    }
    env["TERM"] = "xterm-256color"
    env["LANG"] = "C.UTF-8"
    env["XDG_STATE_HOME"] = directory + "/state"
    env["HOME"] = directory + "/home"
    return try CleanSpawn.spawn(argv, environment: env, flags: CleanSpawn.newSession) { actions in
      posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
      posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
  }
}

/// posix_openpt and friends sit behind _XOPEN_SOURCE in glibc's headers, which
/// Swift's Glibc module does not define, so they are looked up at run time.
private enum PTY {
  typealias IntFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  struct Functions {
    let openpt: IntFunction
    let grantpt: IntFunction
    let unlockpt: IntFunction
    let ptsnameR: NameFunction
  }

  static let functions: Functions = {
    func symbol<T>(_ name: String, _: T.Type) -> T {
      guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("no \(name) in libc") }
      return unsafeBitCast(address, to: T.self)
    }
    return Functions(
      openpt: symbol("posix_openpt", IntFunction.self), grantpt: symbol("grantpt", IntFunction.self),
      unlockpt: symbol("unlockpt", IntFunction.self), ptsnameR: symbol("ptsname_r", NameFunction.self))
  }()
}

import Foundation
import TestScratch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real terminal for the built binary: a private tmux server (its own
/// socket in a fresh temporary directory, no user configuration, no status
/// bar) with one W×H pane running a small `sh` script.
///
/// The script runs in the temporary directory with a controlled environment
/// (`TERM=xterm-256color`, `LANG=C.UTF-8`, `XDG_STATE_HOME` and `HOME` inside
/// the directory, no `SECTIONNAV_OPTS`, `NO_COLOR` or `LC_ALL`). It saves
/// `stty -a` to `before`, runs `command` — in which `sectionnav` is a shell
/// function that writes the program's pid to `pid` and then execs the binary
/// —, saves the status of `command`, runs `then`, saves `stty -a` to `after`
/// and finally writes the status to `status`; then it sleeps, so the pane's
/// modes can still be asked for after the program ended (a dead pane would
/// not do: tmux clears its cursor flag when it marks it dead).
///
/// Every wait polls the screen (or a file) until a deadline: no bare sleeps.
final class TmuxSession: @unchecked Sendable {
  /// The tmux executable, if installed.
  static let tmux: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    return dirs.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static var isAvailable: Bool { tmux != nil }

  /// The pane's screen, one string per row (right-trimmed, as capture-pane prints it).
  struct Screen: CustomStringConvertible {
    var lines: [String]

    /// 1-based row; "" past the end.
    func row(_ n: Int) -> String { n >= 1 && n <= lines.count ? lines[n - 1] : "" }
    /// The last row (the status line).
    var status: String { lines.last ?? "" }
    var text: String { lines.joined(separator: "\n") }
    func contains(_ s: String) -> Bool { lines.contains { $0.contains(s) } }
    var description: String {
      lines.enumerated().map { String(format: "%2d|", $0.offset + 1) + $0.element }.joined(separator: "\n")
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The temporary directory: the script, `before`, `after`, `status`, `pid`, data files.
  let directory: String
  /// `XDG_STATE_HOME` of the pane.
  let stateHome: String
  private let socket: String
  let target = "t"
  private var closed = false
  private var serverPID: pid_t = 0

  /// Starts the server and the pane. `files` are written into the directory
  /// first (name → contents). `stateHome` defaults to `state/` in the directory.
  init(
    _ command: String, then: String = "", width: Int = 80, height: Int = 24, files: [String: String] = [:],
    stateHome: String? = nil
  ) throws {
    guard Self.isAvailable else { throw Failure(description: "tmux is not installed") }
    directory = try Self.makeTemporaryDirectory()
    socket = directory + "/tmux.sock"
    self.stateHome = stateHome ?? directory + "/state"
    for (name, contents) in files {
      try Data(contents.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }
    let binary = Self.quote(Binary.path)
    let script = """
      unset SECTIONNAV_OPTS NO_COLOR LC_ALL LC_CTYPE TMUX XDG_CONFIG_HOME
      export TERM=xterm-256color LANG=C.UTF-8 XDG_STATE_HOME=\(Self.quote(self.stateHome)) HOME=\(Self.quote(directory + "/home"))
      # Whatever the pane's programs keep in TMPDIR or XDG_RUNTIME_DIR (fish's
      # fish.$USER, say) goes away with the session's directory.
      mkdir -p \(Self.quote(directory + "/tmp")) && mkdir -m 700 -p \(Self.quote(directory + "/run"))
      export TMPDIR=\(Self.quote(directory + "/tmp")) XDG_RUNTIME_DIR=\(Self.quote(directory + "/run"))
      export PS1='$ ' SECTIONNAV=\(binary)
      cd \(Self.quote(directory)) || exit 1
      sectionnav() { sh -c 'echo $$ > pid; exec "$0" "$@"' \(binary) "$@"; }
      stty -a > before
      \(command)
      rc=$?
      \(then)
      stty -a > after
      echo "$rc" > status.tmp && mv status.tmp status
      exec sleep 3600

      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: directory + "/run.sh"))
    try Data("set -g status off\nset -g remain-on-exit on\nset -g history-limit 0\n".utf8).write(
      to: URL(fileURLWithPath: directory + "/tmux.conf"))
    try tmuxChecked(
      "-f", directory + "/tmux.conf", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)",
      "sh " + Self.quote(directory + "/run.sh"))
    serverPID = pid_t(try display("#{pid}")) ?? 0
  }

  deinit { close() }

  /// Kills the server and removes the directory.
  func close() {
    guard !closed else { return }
    closed = true
    _ = try? tmux("kill-server")
    // Make sure: a server left behind keeps its pane's processes alive.
    if serverPID > 0 {
      let deadline = Date().addingTimeInterval(2)
      while Self.isRunning(serverPID) && Date() < deadline { usleep(10_000) }
      if Self.isRunning(serverPID) { kill(serverPID, SIGKILL) }
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  // MARK: Driving the pane

  /// `send-keys` with tmux key names (`j`, `Enter`, `C-c`, `Up`, `Tab`, …).
  func sendKeys(_ keys: String...) throws {
    try sendKeys(keys)
  }

  func sendKeys(_ keys: [String]) throws {
    try tmuxChecked(["send-keys", "-t", target] + keys)
  }

  /// `send-keys -l`: the text as it is (raw SGR mouse reports, typed text).
  func sendLiteral(_ text: String) throws {
    try tmuxChecked("send-keys", "-t", target, "-l", text)
  }

  /// Pastes `text` as a terminal does: bracketed (`ESC [200~ … ESC [201~`)
  /// when the program asked for it, else as it is.
  func paste(_ text: String) throws {
    try tmuxChecked("set-buffer", "-b", "test-paste", "--", text)
    try tmuxChecked("paste-buffer", "-p", "-d", "-b", "test-paste", "-t", target)
  }

  /// An SGR mouse report: `button` as in `CSI < b ; x ; y M`, 1-based cell;
  /// `release` ends with `m`.
  func sendMouse(_ button: Int, column: Int, row: Int, release: Bool = false) throws {
    try sendLiteral("\u{1B}[<\(button);\(column);\(row)" + (release ? "m" : "M"))
  }

  /// The visible screen of the pane.
  func capture() throws -> Screen {
    let out = try tmuxChecked("capture-pane", "-p", "-t", target)
    var lines = out.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return Screen(lines: lines)
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on} #{mouse_any_flag}`.
  func display(_ format: String) throws -> String {
    try tmuxChecked("display-message", "-p", "-t", target, format).trimmingCharacters(in: .newlines)
  }

  /// Resizes the window (and so the pane; tmux sends SIGWINCH).
  func resize(width: Int, height: Int) throws {
    try tmuxChecked("resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)")
  }

  /// Runs a shell command line where `tmux_` runs tmux on this server (for
  /// loops of tmux commands without one spawn per call from here).
  func shell(_ commandLine: String) throws {
    let env = ["TMUX_BIN": Self.tmux!, "TMUX_SOCKET": socket]
    let commandLine = "tmux_() { \"$TMUX_BIN\" -S \"$TMUX_SOCKET\" \"$@\"; }\n" + commandLine
    let (status, output) = try Self.spawn(["/bin/sh", "-c", commandLine], extraEnvironment: env)
    guard status == 0 else { throw Failure(description: "sh -c \(commandLine) failed (\(status)): \(output)") }
  }

  // MARK: Waiting

  /// The pause before the `n`th look at the screen of one wait: 25 ms for
  /// the first second, then 100 ms, then 250 ms. Each look spawns a tmux
  /// client; a hundred sessions of the whole suite looking every 25 ms
  /// while the machine was busy starved the programs they watched, and
  /// waits of 0.2 s ran out after 60.
  static func pollPause(_ n: Int) -> UInt64 { n < 40 ? 25_000_000 : n < 80 ? 100_000_000 : 250_000_000 }

  /// Looks at the screen (every `pollPause`) until `predicate` holds;
  /// throws with the last screen when `timeout` passes first.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = Patience.seconds, sourceLocation: SourceLocation = #_sourceLocation,
    _ predicate: (Screen) throws -> Bool
  ) async throws -> Screen {
    var budget = Patience.Budget(timeout)
    var screen = try capture()
    var looks = 0
    while true {
      if try predicate(screen) { return screen }
      if !budget.remains() { break }
      try await Task.sleep(nanoseconds: Self.pollPause(looks))
      looks += 1
      screen = try capture()
    }
    let modes = (try? display("alternate_on=#{alternate_on} mouse_any_flag=#{mouse_any_flag} dead=#{pane_dead}")) ?? ""
    throw Failure(
      description:
        "timed out after \(timeout) s waiting for \(what) (\(sourceLocation.fileName):\(sourceLocation.line)); "
        + "\(modes); screen:\n\(screen)")
  }

  /// Waits until the screen shows `expected` (in `rows`, default all) and
  /// records an issue with the differing rows when it does not within
  /// `timeout`. Returns the last screen.
  @discardableResult
  func expectFrame(
    _ expected: [String], rows: ClosedRange<Int>? = nil, timeout: Double = Patience.seconds,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Screen {
    var budget = Patience.Budget(timeout)
    var screen = try capture()
    var looks = 0
    while TmuxTest.difference(screen, expected, rows: rows) != nil && budget.remains() {
      try await Task.sleep(nanoseconds: Self.pollPause(looks))
      looks += 1
      screen = try capture()
    }
    if let difference = TmuxTest.difference(screen, expected, rows: rows) {
      Issue.record(
        "screen differs from the expected frame:\n\(difference)\nscreen:\n\(screen)", sourceLocation: sourceLocation)
    }
    return screen
  }

  /// Waits until the status line (last row) contains `text`.
  @discardableResult
  func waitForStatus(
    _ text: String, timeout: Double = Patience.seconds, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Screen {
    try await waitFor("status line containing \"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) {
      $0.status.contains(text)
    }
  }

  /// Waits until the script wrote `status` and returns the program's exit status.
  func waitForExit(timeout: Double = Patience.seconds, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> Int32
  {
    var budget = Patience.Budget(timeout)
    while true {
      if let text = file("status"), let code = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
        return code
      }
      if !budget.remains() { break }
      try await Task.sleep(nanoseconds: 25_000_000)
    }
    let screen = (try? capture())?.description ?? "?"
    throw Failure(
      description:
        "the program did not end within \(timeout) s (\(sourceLocation.fileName):\(sourceLocation.line)); screen:\n\(screen)"
    )
  }

  /// Waits until `name` exists in the directory (and is not empty) and returns it.
  func waitForFile(_ name: String, timeout: Double = Patience.seconds) async throws -> String {
    var budget = Patience.Budget(timeout)
    while true {
      if let text = file(name), !text.isEmpty { return text }
      if !budget.remains() { throw Failure(description: "no file \(name) after \(timeout) s") }
      try await Task.sleep(nanoseconds: 25_000_000)
    }
  }

  /// Waits until `name` exists in the directory (a fifo the script makes,
  /// say) and returns its path.
  func waitForPath(_ name: String, timeout: Double = Patience.seconds) async throws -> String {
    let path = directory + "/" + name
    var budget = Patience.Budget(timeout)
    while !FileManager.default.fileExists(atPath: path) {
      if !budget.remains() { throw Failure(description: "no \(name) after \(timeout) s") }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    return path
  }

  /// The program's pid (written by the `sectionnav` shell function).
  func pid(timeout: Double = Patience.seconds) async throws -> pid_t {
    let text = try await waitForFile("pid", timeout: timeout)
    guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure(description: "bad pid file: \(text)")
    }
    return pid
  }

  /// A file of the directory, if it exists.
  func file(_ name: String) -> String? {
    try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
  }

  // MARK: Restoration

  /// What is left of the terminal after the program: nil when it is as it
  /// was (main screen, no mouse reporting, the same `stty -a` apart from the
  /// size), else a description of the difference.
  func restorationProblem() throws -> String? {
    var problems: [String] = []
    let modes = try display("#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag} #{cursor_flag}")
    if modes != "0 0 0 1" {
      problems.append("alternate_on mouse_any_flag mouse_sgr_flag cursor_flag = \(modes), expected 0 0 0 1")
    }
    let before = file("before").map(Self.withoutSize)
    let after = file("after").map(Self.withoutSize)
    if before == nil || after == nil || before != after {
      problems.append("stty -a before:\n\(before ?? "(none)")\nafter:\n\(after ?? "(none)")")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "\n")
  }

  /// `stty -a` without `rows N; columns N;` (a resize test changes them).
  static func withoutSize(_ stty: String) -> String {
    stty.replacingOccurrences(of: #"(rows|columns) \d+;"#, with: "", options: .regularExpression)
  }

  // MARK: Processes

  @discardableResult
  private func tmuxChecked(_ arguments: String...) throws -> String {
    try tmuxChecked(arguments)
  }

  @discardableResult
  private func tmuxChecked(_ arguments: [String]) throws -> String {
    let (status, output) = try tmux(arguments)
    guard status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(output)")
    }
    return output
  }

  private func tmux(_ arguments: String...) throws -> (Int32, String) {
    try tmux(arguments)
  }

  private func tmux(_ arguments: [String]) throws -> (Int32, String) {
    try Self.spawn([Self.tmux!, "-S", socket] + arguments)
  }

  /// Runs a program to its end; standard output and error together. The
  /// output goes through a file opened in the child (no descriptor of ours is
  /// ever inherited, so concurrent spawns from parallel tests — and the tmux
  /// server a spawn starts — cannot hold each other's pipes open).
  static func spawn(_ argv: [String], extraEnvironment: [String: String] = [:]) throws -> (Int32, String) {
    var env = ProcessInfo.processInfo.environment
    env["TMUX"] = nil
    env["TMUX_PANE"] = nil
    for (k, v) in extraEnvironment { env[k] = v }
    let outputPath = Scratch.root + "/tmux-out-" + UUID().uuidString
    defer { unlink(outputPath) }
    let pid = try CleanSpawn.spawn(argv, environment: env) { actions in
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exited = (status & 0x7f) == 0
    let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = FileManager.default.contents(atPath: outputPath) ?? Data()
    return (code, String(decoding: output, as: UTF8.self))
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+; not visible
  /// to Swift without _GNU_SOURCE).
  typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  static let addCloseFrom: AddCloseFrom? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()

  /// Alive and not a zombie.
  static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    // "pid (comm) S …": the state follows the last ')'.
    guard let close = stat.lastIndex(of: ")") else { return false }
    return !stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// The descriptors open in this process (fallback when closefrom is missing).
  static func openDescriptors() -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
  }

  private static func makeTemporaryDirectory() throws -> String {
    Scratch.directory("tmux")
  }

  /// Single-quoted for sh.
  static func quote(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

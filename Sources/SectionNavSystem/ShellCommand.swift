import CChildCleanup
import SectionNavCore
import Synchronization
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sh -c COMMAND` for the preview pane and the `execute`/`reload` actions:
/// spawned with default signal handling and an empty signal mask (the run
/// loop's handlers and blocked signals are not the command's), in its own
/// process group when it runs in the background, so a stale preview can be
/// killed with everything it started.
public enum ShellCommand {
  /// Why a command could not be started, for the pane or the status line.
  struct SpawnFailure: Error {
    let message: String
  }

  /// Whether `/bin/sh` has arrays (bash, zsh, ksh…), so that it may run a
  /// value's subscript as code (`CodeInValues`): all but dash, ash and posh.
  static let shellHasArrays: Bool = {
    guard let path = realpath("/bin/sh", nil) else { return true }
    defer { free(path) }
    let name = String(cString: path).split(separator: "/").last.map(String.init) ?? ""
    return !["dash", "ash", "busybox", "posh"].contains(name)
  }()

  /// The longest value `execve` takes as one argument or environment
  /// string on Linux (`MAX_ARG_STRLEN`, 32 pages, with its `NAME=` and NUL).
  static let maximumStringLength = 32 * 4096

  /// A `ShellLine` made ready to spawn: its files written to fresh
  /// temporary files (mode 0600), the environment with its variables (the
  /// program's own, the line's replacing any of the same name). `remove()`
  /// deletes the files once the command has ended.
  struct Prepared {
    let command: String
    let environment: [String]
    let paths: [String]
    /// The files' slots in `ChildCleanup`, which removes them when a signal
    /// ends the program before the command does.
    let slots: [Int32]

    /// `outlivesProgram`: the command may go on after the program ends
    /// (`execute-silent`), so its files are not removed at a normal end.
    init(_ line: ShellLine, outlivesProgram: Bool = false) throws(SpawnFailure) {
      if let value = line.valueThatMayRun(shellHasArrays: ShellCommand.shellHasArrays) {
        throw SpawnFailure(
          message: "not run: this system's sh could run \(value.name) as code (the $( or ` in it); "
            + "use {f}, {json-file} or {+f} to pass it in a file")
      }
      // One that may outlive the program removes its files itself when its
      // shell exits (they were left for good when the program ended first),
      // also when SIGHUP or SIGTERM ends it (the terminal closed: `become`).
      // Not SIGINT: a trap there would end the shell with 130 after a
      // program that takes C-c itself (vim) ended normally. The `rm` runs
      // with SIGHUP and SIGTERM ignored: a closing terminal hangs its group
      // up twice (the kill, then the pane's end), and the second killed
      // the `rm` the first one's trap had just started, leaving the files.
      let files = line.files.map { "\"${\($0.name)}\"" }.joined(separator: " ")
      command =
        outlivesProgram && !line.files.isEmpty
        ? "trap 'trap \"\" HUP TERM; rm -f -- \(files)' EXIT; trap 'exit 129' HUP; trap 'exit 143' TERM\n"
          + line.text : line.text
      var ours = line.environment.map { ($0.name, Self.withoutNUL($0.value)) }
      var paths: [String] = []
      for file in line.files {
        do throws(SpawnFailure) {
          paths.append(try Self.writeFile(file.value))
        } catch {
          for path in paths { unlink(path) }
          throw error
        }
        ours.append((file.name, paths.last!))
      }
      self.paths = paths
      slots = paths.map { childcleanup_note_path($0, outlivesProgram ? 0 : 1) }
      let names = Set(ours.map(\.0))
      var environment: [String] = []
      var p = environ
      while let entry = p.pointee {
        let text = String(cString: entry)
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        if !names.contains(name) { environment.append(text) }
        p += 1
      }
      self.environment = environment + ours.map { "\($0.0)=\($0.1)" }
    }

    func remove() {
      for (path, slot) in zip(paths, slots) {
        childcleanup_drop_path(slot)
        unlink(path)
      }
    }

    /// What to say when `execve` found the command line too long (E2BIG).
    var tooLongMessage: String {
      let longest = environment.max { $0.utf8.count < $1.utf8.count }
      if let longest, longest.utf8.count >= ShellCommand.maximumStringLength, longest.hasPrefix("SECTIONNAV_") {
        let name = longest.prefix { $0 != "=" }
        return "the command line is too long: \(name) holds \(longest.utf8.count - name.utf8.count - 1) bytes, "
          + "more than the \(ShellCommand.maximumStringLength - 1) one value may; "
          + "use {f}, {json-file} or {+f} to get it in a file"
      }
      return "the command line is too long for the system (argument list too long); "
        + "use {f}, {json-file} or {+f} to get the values in files"
    }

    private static func withoutNUL(_ text: String) -> String {
      text.utf8.contains(0) ? String(decoding: text.utf8.filter { $0 != 0 }, as: UTF8.self) : text
    }

    /// `contents` in a new file under `$TMPDIR` (or /tmp); its path.
    private static func writeFile(_ contents: String) throws(SpawnFailure) -> String {
      let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      var template = Array((directory + "/sectionnav-XXXXXX").utf8CString)
      let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard fd >= 0 else {
        throw SpawnFailure(message: "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
      }
      defer { close(fd) }
      let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      var bytes = Array(contents.utf8)[...]
      while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
          let reason = String(cString: strerror(errno))
          unlink(path)
          throw SpawnFailure(message: "cannot write \(path): \(reason)")
        }
        bytes = bytes.dropFirst(n)
      }
      return path
    }
  }

  /// Spawns the command with standard input from `input`, and standard
  /// output and error to `output` (a descriptor, dup'ed) or to `outputPath`.
  static func spawn(
    _ line: Prepared, input: String = "/dev/null", output: Int32? = nil, outputPath: String = "/dev/null",
    errorsToOutput: Bool = true, ownGroup: Bool
  ) throws(SpawnFailure) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDWR, 0)
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
      if errorsToOutput {
        posix_spawn_file_actions_adddup2(&actions, output, 2)
      } else {
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      }
      posix_spawn_file_actions_addclose(&actions, output)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var defaults = sigset_t()
    sigfillset(&defaults)
    sigdelset(&defaults, SIGKILL)
    sigdelset(&defaults, SIGSTOP)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if ownGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv: [String] = ["/bin/sh", "-c", line.command]
    var cArgs = argv.map { strdup($0) } + [nil]
    var cEnvironment = line.environment.map { strdup($0) } + [nil]
    defer {
      for p in cArgs { free(p) }
      for p in cEnvironment { free(p) }
    }
    var pid: pid_t = 0
    // Until its group is noted, a signal that ends the program waits (`CChildCleanup`).
    var mask = sigset_t()
    childcleanup_spawn_begin(&mask)
    defer { childcleanup_spawn_end(&mask) }
    let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArgs, &cEnvironment)
    if status == E2BIG { throw SpawnFailure(message: line.tooLongMessage) }
    guard status == 0 else {
      throw SpawnFailure(message: "cannot start /bin/sh: \(String(cString: strerror(status)))")
    }
    // Until `wait`: a signal that ends the program kills the group too.
    if ownGroup { childcleanup_note_group(pid) }
    return pid
  }

  /// Runs `line` to its end with the terminal or nothing as its input and
  /// output (`execute`, `execute-silent`); why it could not start, or nil.
  /// `stopWhen`, asked before the wait and when a signal interrupts it: once
  /// it says yes, the command gets SIGTERM (the program is ending: SIGTERM
  /// during `execute(sleep 30)` waited the 30 s).
  public static func run(
    _ line: ShellLine, input: String = "/dev/null", outputPath: String = "/dev/null", ownGroup: Bool,
    stopWhen: () -> Bool = { false }
  ) -> String? {
    do throws(SpawnFailure) {
      // In its own group it is `execute-silent`, which may outlive the program.
      let prepared = try Prepared(line, outlivesProgram: ownGroup)
      defer { prepared.remove() }
      wait(try spawn(prepared, input: input, outputPath: outputPath, ownGroup: ownGroup), stopWhen: stopWhen)
      return nil
    } catch {
      return error.message
    }
  }

  /// fzf's `become(CMD)`: replaces the program with `sh -c` of `line`,
  /// once the terminal has been given back. Its standard input is the
  /// terminal (as fzf's; standard input was the data), its output the
  /// program's, and signals are as a new process's: default handling, none
  /// blocked. Files (`{f}`) are removed by the command's shell when it
  /// exits, as `execute-silent`'s are. Returns only when it could not be
  /// started: why.
  public static func become(_ line: ShellLine) -> String {
    let prepared: Prepared
    do throws(SpawnFailure) {
      prepared = try Prepared(line, outlivesProgram: true)
    } catch {
      return error.message
    }
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
    let input = tty >= 0 ? tty : open("/dev/null", O_RDWR)
    if input >= 0 && input != STDIN_FILENO {
      dup2(input, STDIN_FILENO)
      close(input)
    }
    var all = sigset_t()
    sigfillset(&all)
    sigprocmask(SIG_SETMASK, &all, nil)
    for signal: Int32 in 1...31 where signal != SIGKILL && signal != SIGSTOP { Glibc.signal(signal, SIG_DFL) }
    var empty = sigset_t()
    sigemptyset(&empty)
    let argv: [String] = ["/bin/sh", "-c", prepared.command]
    var cArgs = argv.map { strdup($0) } + [nil]
    var cEnvironment = prepared.environment.map { strdup($0) } + [nil]
    sigprocmask(SIG_SETMASK, &empty, nil)
    execve("/bin/sh", &cArgs, &cEnvironment)
    let code = errno
    for p in cArgs { free(p) }
    for p in cEnvironment { free(p) }
    prepared.remove()
    if code == E2BIG { return prepared.tooLongMessage }
    return "cannot start /bin/sh: \(String(cString: strerror(code)))"
  }

  /// `run` for `execute-silent`, in its own group: spawned before this
  /// returns, so an end of the program right after cannot outrun it; the
  /// closure waits for it (on another thread) and says why it could not
  /// start, or nil.
  public static func startInBackground(_ line: ShellLine) -> @Sendable () -> String? {
    let prepared: Prepared
    let pid: pid_t
    do throws(SpawnFailure) {
      prepared = try Prepared(line, outlivesProgram: true)
      do throws(SpawnFailure) {
        pid = try spawn(prepared, ownGroup: true)
      } catch {
        prepared.remove()
        throw error
      }
    } catch {
      let message = error.message
      return { message }
    }
    return {
      wait(pid)
      prepared.remove()
      return nil
    }
  }

  /// Waits for `pid`; its exit status (128 + signal when killed). Sends it
  /// SIGTERM once `stopWhen` says so (asked first and after each signal).
  @discardableResult
  static func wait(_ pid: pid_t, stopWhen: () -> Bool = { false }) -> Int32 {
    var status: Int32 = 0
    var stopped = false
    while true {
      if !stopped && stopWhen() {
        // What `sh` started first (it would leave them running), then `sh`.
        for descendant in ProcessTree.descendants(of: pid) { kill(descendant, SIGTERM) }
        kill(pid, SIGTERM)
        stopped = true
      }
      if waitpid(pid, &status, 0) >= 0 || errno != EINTR { break }
    }
    childcleanup_drop_group(pid)
    if status & 0x7f == 0 { return (status >> 8) & 0xff }
    return 128 + (status & 0x7f)
  }

  /// Runs `line` in its own process group with no input, its standard
  /// output (and error, with `errorsToOutput`) to a pipe whose read end
  /// `read` gets; then waits for it: what `read` returned and the exit
  /// status. `started` gets the pid (for killing it early). A command that
  /// cannot start gives its reason as the error.
  static func withOutput<T>(
    _ line: ShellLine, errorsToOutput: Bool = true, started: (pid_t) -> Void = { _ in },
    read: (_ fd: Int32, _ pid: pid_t) -> T
  ) throws(SpawnFailure) -> (T, status: Int32) {
    let prepared = try Prepared(line)
    defer { prepared.remove() }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw SpawnFailure(message: "cannot create a pipe") }
    // Other threads may spawn meanwhile: neither end may leak into their children.
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    let pid: pid_t
    do throws(SpawnFailure) {
      pid = try spawn(prepared, output: fds[1], errorsToOutput: errorsToOutput, ownGroup: true)
    } catch {
      close(fds[0])
      close(fds[1])
      throw error
    }
    close(fds[1])
    started(pid)
    let result = read(fds[0], pid)
    close(fds[0])
    return (result, wait(pid))
  }

  /// How often a running command's output so far is passed on (ms).
  static let progressInterval = 50

  /// What the command wrote on standard output and error (at most `limit`
  /// bytes: then it is killed) and its exit status; one that cannot start
  /// gives its `failure`, also as the output (`sectionnav: …`, status 127).
  /// `progress`: called with the output so far as it grows, at most every
  /// `progressInterval` ms (the first bytes at once), and with what came
  /// since once that interval has passed even when nothing more comes
  /// (output that came 1 ms after the last call waited for the next write,
  /// for good from a command that then sleeps). `seconds`: a command still
  /// writing (or holding its output open) that long is killed, and the
  /// output ends with a line saying so.
  static func capture(
    _ line: ShellLine, limit: Int, seconds: Int? = nil, started: (pid_t) -> Void = { _ in },
    progress: (([UInt8]) -> Void)? = nil
  ) -> (output: [UInt8], status: Int32, failure: String?) {
    do throws(SpawnFailure) {
      let (output, status) = try withOutput(line, started: started) { fd, pid in
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var shown = Int.min / 2
        var unshown = false
        let end = seconds.map { MonotonicClock.milliseconds() + $0 * 1000 }
        while output.count <= limit {
          if let end {
            let left = end - MonotonicClock.milliseconds()
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if left <= 0 || poll(&ready, 1, Int32(left)) == 0 {
              kill(-pid, SIGKILL)
              output += Array("\nsectionnav: still running after \(seconds!) s: stopped\n".utf8)
              break
            }
          }
          if let progress, unshown {
            // Output not passed on yet: wait for more only until it is due.
            let due = shown + progressInterval - MonotonicClock.milliseconds()
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if due <= 0 || poll(&ready, 1, Int32(due)) == 0 {
              shown = MonotonicClock.milliseconds()
              unshown = false
              progress(output)
              continue
            }
          }
          let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { break }
          output += chunk[0..<n]
          if let progress {
            if MonotonicClock.milliseconds() - shown >= progressInterval {
              shown = MonotonicClock.milliseconds()
              progress(output)
              unshown = false
            } else {
              unshown = true
            }
          }
        }
        if output.count > limit { kill(-pid, SIGKILL) }
        return output
      }
      return (output, status, nil)
    } catch {
      return (Array("sectionnav: \(error.message)\n".utf8), 127, error.message)
    }
  }

  /// Reads the command's standard output as data the way standard input is
  /// read (`DataLoading.parseStream`: the same reservation caps it, bad data
  /// stops it at its first bad byte): the event for `handle`. A command that
  /// fails (non-zero exit) or whose output is refused leaves the data as it
  /// was, and is killed with its process group if it is still writing.
  /// `progress`: gets what has arrived as it grows (spaced as standard
  /// input's snapshots are, `StreamSnapshots`). `cancelled`: a newer reload
  /// replaced this one (`CommandGroups.cancel` killed the command); the
  /// reading stops there, and what was read is dropped, not laid out.
  public static func reload(
    id: Int, command: ShellLine, config: Configuration, started: (pid_t) -> Void = { _ in },
    progress: ((SectionedList) -> Void)? = nil, cancelled: (() -> Bool)? = nil
  ) -> Event {
    var source = config
    source.file = "reload output"
    source.isCommandOutput = true
    var snapshots = StreamSnapshots(source)
    let parsed: (Result<SectionedList, Failure>, status: Int32)
    do throws(SpawnFailure) {
      parsed = try withOutput(command, errorsToOutput: false, started: started) { fd, pid in
        do throws(Failure) {
          let arrived: ((Int, Int, () -> SectionedList) -> Void)? = progress.map { progress in
            { bytes, items, snapshot in snapshots.take(bytes: bytes, items: items, snapshot).map(progress) }
          }
          return .success(try DataLoading.parseStream(fd: fd, source, progress: arrived, cancelled: cancelled))
        } catch {
          kill(-pid, SIGKILL)
          return .failure(error)
        }
      }
    } catch {
      return .reloadFailed(id: id, error.message)
    }
    switch parsed.0 {
    case .failure(let error):
      return .reloadFailed(id: id, (error.location.map { "\($0): " } ?? "") + error.message)
    case .success(let list):
      return .reloaded(id: id, DataUpdate(list: list, progress: nil), exitStatus: parsed.status)
    }
  }
}

/// Commands running in the background for the terminal runner, by id: a
/// cancelled one, and any still running when the program ends, is killed
/// with its process group (everything it started).
public final class CommandGroups: @unchecked Sendable {
  public init() {}

  /// The running commands' process groups, and the ids cancelled.
  private let state = Mutex<(pids: [Int: pid_t], cancelled: Set<Int>)>(([:], []))

  /// Notes that `id` runs as `pid`; kills it at once if `id` was cancelled meanwhile.
  public func started(id: Int, pid: pid_t) {
    let stale = state.withLock {
      $0.pids[id] = pid
      return $0.cancelled.contains(id)
    }
    if stale { kill(-pid, SIGKILL) }
  }

  /// `id` has ended; whether it was cancelled (its result is unwanted).
  public func finished(id: Int) -> Bool {
    state.withLock {
      $0.pids[id] = nil
      return $0.cancelled.remove(id) != nil
    }
  }

  /// Whether `id` was cancelled (and not yet `finished`).
  public func isCancelled(id: Int) -> Bool { state.withLock { $0.cancelled.contains(id) } }

  public func cancel(id: Int) {
    let pid = state.withLock {
      $0.cancelled.insert(id)
      return $0.pids[id]
    }
    if let pid { kill(-pid, SIGKILL) }
  }

  public func cancelAll() {
    let running = state.withLock {
      $0.cancelled.formUnion($0.pids.keys)
      return $0.pids
    }
    for pid in running.values { kill(-pid, SIGKILL) }
  }
}

/// Preview commands running on threads for the terminal runner: at most one
/// is wanted at a time, and a cancelled one is killed and posts nothing.
public final class PreviewRuns: Sendable {
  public let groups = CommandGroups()
  private let post: @Sendable (Event) -> Void

  public init(post: @escaping @Sendable (Event) -> Void) { self.post = post }

  public func start(id: Int, command: ShellLine) {
    DetachedThread.start { [self] in
      let output = ShellCommand.capture(
        command, limit: PreviewText.maxBytes, started: { groups.started(id: id, pid: $0) },
        progress: { self.post(.previewProgress(id: id, $0)) }
      ).output
      if !groups.finished(id: id) { post(.previewOutput(id: id, output)) }
    }
  }
}

/// Script mode's shell: everything on the spot, nothing on a terminal.
public struct ScriptModeShell: ScriptShell {
  let config: Configuration

  public init(config: Configuration) { self.config = config }

  /// A preview still running after this many seconds is stopped: in a
  /// terminal, moving on stops it, but a script waits for it to end
  /// (`--preview 'tail -f log'` never did).
  public static let previewSeconds = 10

  public func preview(id: Int, command: ShellLine) -> Event {
    .previewOutput(
      id: id, ShellCommand.capture(command, limit: PreviewText.maxBytes, seconds: Self.previewSeconds).output)
  }

  public func execute(id: Int, command: ShellLine, silent: Bool) -> (output: String, event: Event) {
    if silent {
      return ("", .executeFinished(id: id, failure: ShellCommand.run(command, ownGroup: true)))
    }
    let (bytes, _, failure) = ShellCommand.capture(command, limit: PreviewText.maxBytes)
    if let failure { return ("", .executeFinished(id: id, failure: failure)) }
    let output = String(decoding: bytes, as: UTF8.self)
    // Like a frame, the command's output reaches a terminal only made visible.
    let shown =
      Output.standardOutputIsTerminal
      ? output.split(separator: "\n", omittingEmptySubsequences: false).map(TextSanitizer.visible).joined(
        separator: "\n") : output
    return (shown, .executeFinished(id: id))
  }

  public func reload(id: Int, command: ShellLine) -> Event {
    ShellCommand.reload(id: id, command: command, config: config)
  }
}

/// What a signal that ends the program must not leave behind
/// (`CChildCleanup`): the process groups of the commands being waited for,
/// and their temporary files.
public enum ChildCleanup {
  /// Script mode, which has no signal handling of its own: SIGTERM, SIGHUP,
  /// SIGINT and SIGQUIT kill the running commands with everything they
  /// started and remove their files, then end the program as before.
  public static func installSignalHandlers() { _ = childcleanup_install() }

  /// At a normal end: the files of commands that end with the program (a
  /// preview killed a moment ago whose thread has not removed its file yet).
  public static func removeFiles() { childcleanup_remove_files() }
}

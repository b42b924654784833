import SectionNavCore
import Synchronization

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
enum ShellCommand {
  /// Spawns the command with standard input from `input`, and standard
  /// output and error to `output` (a descriptor, dup'ed) or to `outputPath`.
  /// nil when it could not be started.
  static func spawn(
    _ command: String, input: String = "/dev/null", output: Int32? = nil, outputPath: String = "/dev/null",
    errorsToOutput: Bool = true, ownGroup: Bool
  ) -> pid_t? {
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
    let argv = ["/bin/sh", "-c", command]
    var cArgs = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArgs, environ)
    return status == 0 ? pid : nil
  }

  /// Waits for `pid`; its exit status (128 + signal when killed).
  @discardableResult
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if status & 0x7f == 0 { return (status >> 8) & 0xff }
    return 128 + (status & 0x7f)
  }

  /// Runs the command in its own process group with no input and returns
  /// what it wrote on standard output and error (at most `limit` bytes: then
  /// it is killed) and its exit status. `started` gets the pid (for killing
  /// it early); `shouldStop` is asked between reads.
  static func capture(
    _ command: String, limit: Int, errorsToOutput: Bool = true, started: (pid_t) -> Void = { _ in }
  ) -> (output: [UInt8], status: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return (Array("sh: cannot create a pipe\n".utf8), 127) }
    // Other threads may spawn meanwhile: neither end may leak into their children.
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    guard let pid = spawn(command, output: fds[1], errorsToOutput: errorsToOutput, ownGroup: true) else {
      close(fds[0])
      close(fds[1])
      return (Array("sh: cannot start /bin/sh\n".utf8), 127)
    }
    close(fds[1])
    started(pid)
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while output.count <= limit {
      let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      output += chunk[0..<n]
    }
    if output.count > limit { kill(-pid, SIGKILL) }
    close(fds[0])
    return (output, wait(pid))
  }

  /// Reads `command`'s standard output as data the way the configuration
  /// reads its input (JSON, or lines): the event for `handle`. A command that
  /// fails (non-zero exit) leaves the data as it was.
  static func reload(
    id: Int, command: String, config: Configuration, started: (pid_t) -> Void = { _ in }
  ) -> Event {
    let (output, status) = capture(command, limit: Int.max - 1, errorsToOutput: false, started: started)
    if status != 0 {
      return .reloadFailed(id: id, "the command exited with status \(status)")
    }
    var source = config
    source.file = "reload output"
    do {
      let list = try DataLoading.parse(ByteBuffer(output), source)
      return .reloaded(id: id, DataUpdate(list: list, progress: nil))
    } catch {
      return .reloadFailed(id: id, (error.location.map { "\($0): " } ?? "") + error.message)
    }
  }
}

/// Commands running in the background for the terminal runner, by id: a
/// cancelled one, and any still running when the program ends, is killed
/// with its process group (everything it started).
final class CommandGroups: @unchecked Sendable {
  /// The running commands' process groups, and the ids cancelled.
  private let state = Mutex<(pids: [Int: pid_t], cancelled: Set<Int>)>(([:], []))

  /// Notes that `id` runs as `pid`; kills it at once if `id` was cancelled meanwhile.
  func started(id: Int, pid: pid_t) {
    let stale = state.withLock {
      $0.pids[id] = pid
      return $0.cancelled.contains(id)
    }
    if stale { kill(-pid, SIGKILL) }
  }

  /// `id` has ended; whether it was cancelled (its result is unwanted).
  func finished(id: Int) -> Bool {
    state.withLock {
      $0.pids[id] = nil
      return $0.cancelled.remove(id) != nil
    }
  }

  func cancel(id: Int) {
    let pid = state.withLock {
      $0.cancelled.insert(id)
      return $0.pids[id]
    }
    if let pid { kill(-pid, SIGKILL) }
  }

  func cancelAll() {
    let running = state.withLock {
      $0.cancelled.formUnion($0.pids.keys)
      return $0.pids
    }
    for pid in running.values { kill(-pid, SIGKILL) }
  }
}

/// Preview commands running on threads for the terminal runner: at most one
/// is wanted at a time, and a cancelled one is killed and posts nothing.
final class PreviewRuns: Sendable {
  let groups = CommandGroups()
  private let post: @Sendable (Event) -> Void

  init(post: @escaping @Sendable (Event) -> Void) { self.post = post }

  func start(id: Int, command: String) {
    DetachedThread.start { [self] in
      let (output, _) = ShellCommand.capture(command, limit: PreviewText.maxBytes) { groups.started(id: id, pid: $0) }
      if !groups.finished(id: id) { post(.previewOutput(id: id, output)) }
    }
  }
}

/// Script mode's shell: everything on the spot, nothing on a terminal.
struct ScriptModeShell: ScriptShell {
  let config: Configuration

  func preview(id: Int, command: String) -> Event {
    .previewOutput(id: id, ShellCommand.capture(command, limit: PreviewText.maxBytes).output)
  }

  func execute(id: Int, command: String, silent: Bool) -> (output: String, event: Event) {
    if silent {
      if let pid = ShellCommand.spawn(command, ownGroup: true) { ShellCommand.wait(pid) }
      return ("", .executeFinished(id: id))
    }
    let output = String(decoding: ShellCommand.capture(command, limit: PreviewText.maxBytes).output, as: UTF8.self)
    // Like a frame, the command's output reaches a terminal only made visible.
    let shown =
      Output.standardOutputIsTerminal
      ? output.split(separator: "\n", omittingEmptySubsequences: false).map(TextSanitizer.visible).joined(
        separator: "\n") : output
    return (shown, .executeFinished(id: id))
  }

  func reload(id: Int, command: String) -> Event {
    ShellCommand.reload(id: id, command: command, config: config)
  }
}

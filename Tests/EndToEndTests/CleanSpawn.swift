import Foundation

/// `posix_spawn` with nothing of the test process inherited — no descriptor
/// beyond 0–2 (the test runner's pipes and sockets are not all close-on-exec)
/// and no blocked or ignored signal (a tmux server started with SIGCHLD and
/// SIGTERM blocked, as they are on the test's threads, ignores kill-server).
/// Shared by the tmux and pseudo-terminal sessions.
enum CleanSpawn {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// POSIX_SPAWN_SETSID (glibc 2.26+), hidden behind _GNU_SOURCE.
  static let newSession: Int32 = 0x80

  /// Spawns `argv` with `environment`; `files` sets up descriptors 0–2.
  static func spawn(
    _ argv: [String], environment: [String: String], flags extraFlags: Int32 = 0,
    files: (inout posix_spawn_file_actions_t) -> Void
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    files(&actions)
    if let closeFrom = TmuxSession.addCloseFrom {
      _ = closeFrom(&actions, 3)
    } else {
      for fd in TmuxSession.openDescriptors() where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | extraFlags))
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
    guard rc == 0 else { throw Failure(description: "cannot run \(argv[0]): \(rc)") }
    return pid
  }
}

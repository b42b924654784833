import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sectionnav FILE` in a pseudo-terminal, as a user starts it: the time
/// from spawning it to the first screen that shows rows (the cursor's `> `
/// mark arrives), and to the end of a full index (Enter pressed as soon as
/// rows show: the program prints the item once indexing ends, and exits).
enum PtyProbe {
  typealias IntFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  /// posix_openpt and friends sit behind _XOPEN_SOURCE in glibc's headers.
  static func symbol<T>(_ name: String, _: T.Type) -> T {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("no \(name) in libc") }
    return unsafeBitCast(address, to: T.self)
  }

  /// Seconds to first rows and to exit, or nil when it did not work.
  /// `input`: a file written into a pipe that is the program's standard
  /// input (its data, `-`), as `cat FILE | sectionnav -` does; the terminal
  /// is then its controlling terminal only, on another descriptor.
  static func run(_ argv: [String], input: String? = nil, timeout: Double = 60) -> (
    firstRows: Double, fullIndex: Double
  )? {
    let openpt = symbol("posix_openpt", IntFunction.self)
    let master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0, symbol("grantpt", IntFunction.self)(master) == 0,
      symbol("unlockpt", IntFunction.self)(master) == 0
    else { return nil }
    defer { close(master) }
    var name = [CChar](repeating: 0, count: 128)
    guard symbol("ptsname_r", NameFunction.self)(master, &name, name.count) == 0 else { return nil }
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let terminal = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipe: [Int32] = [-1, -1]
    if input != nil {
      guard Glibc.pipe(&pipe) == 0 else { return nil }
      // After setsid, the first terminal opened becomes the controlling one.
      posix_spawn_file_actions_addopen(&actions, 3, terminal, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
      posix_spawn_file_actions_addclose(&actions, pipe[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: the pty becomes its terminal
    var env = ProcessInfo.processInfo.environment
    env["TERM"] = "xterm-256color"
    env["SECTIONNAV_OPTS"] = nil
    env["XDG_STATE_HOME"] = "/nonexistent-sectionnav-bench"
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    // Read before the clock starts: the writer starts at once, as `cat` would.
    let bytes = input.flatMap { FileManager.default.contents(atPath: $0) }
    if input != nil && bytes == nil { return nil }
    var pid: pid_t = 0
    let start = Measure.now()
    guard posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv) == 0 else { return nil }
    if let bytes {
      // The program may exit before it has read everything (Enter chooses from what has arrived).
      signal(SIGPIPE, SIG_IGN)
      close(pipe[0])
      let writeEnd = pipe[1]
      // Written as `cat` would, on a thread of its own (the pipe holds only so much).
      Thread {
        bytes.withUnsafeBytes { raw in
          var done = 0
          while done < raw.count {
            let n = write(writeEnd, raw.baseAddress! + done, min(1 << 17, raw.count - done))
            if n <= 0 { break }
            done += n
          }
        }
        close(writeEnd)
      }.start()
    }
    var seen: [UInt8] = []
    var firstRows: Double? = nil
    var buffer = [UInt8](repeating: 0, count: 65536)
    var status: Int32 = 0
    while Measure.now() - start < timeout {
      var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&fds, 1, 5) > 0 {
        let n = read(master, &buffer, buffer.count)
        if n > 0 {
          if firstRows == nil {
            seen += buffer[0..<n]
            // "> " is the cursor mark before the first item row.
            if seen.count >= 2, (1..<seen.count).contains(where: { seen[$0 - 1] == 0x3E && seen[$0] == 0x20 }) {
              firstRows = Measure.now() - start
              _ = write(master, "\r", 1)
            }
          }
        }
      }
      if waitpid(pid, &status, WNOHANG) == pid {
        guard let firstRows else { return nil }
        return (firstRows, Measure.now() - start)
      }
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    return nil
  }
}

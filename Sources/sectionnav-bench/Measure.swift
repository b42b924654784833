import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Timing, statistics and child processes.
enum Measure {
  /// Monotonic seconds.
  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }

  /// CPU seconds of the calling thread (user and system): unlike wall time,
  /// not inflated while other processes hold the CPU.
  static func threadCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }

  static func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty)
    let s = values.sorted()
    let n = s.count
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
  }

  /// Peak resident set size of this process, in bytes.
  static func peakRSS() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  }

  /// Peak resident set size of this process image, in bytes: `VmHWM` from
  /// /proc/self/status. Unlike `ru_maxrss` it starts afresh at `execve`
  /// (Linux carries the pre-exec peak into `ru_maxrss`, so a child spawned
  /// by a big parent would report the parent's peak); -1 when unavailable.
  static func peakRSSOfImage() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kb = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
      return (kb ?? -1) * 1024
    }
    return -1
  }

  /// This executable's path (for re-running it as a child).
  static func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return CommandLine.arguments[0]
  }

  struct ChildResult {
    var output: String
    var seconds: Double
    /// User plus system CPU seconds of the child (from `wait4`).
    var cpuSeconds: Double
    var peakRSS: Int
    var status: Int32
  }

  /// Runs `argv` with standard output captured (standard error discarded);
  /// wall time from spawn to exit, and the child's peak RSS from `wait4`.
  /// `input`: a file for standard input (fzf reads its items there).
  static func run(_ argv: [String], input: String? = nil) -> ChildResult {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { fatalError("pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cargs { free(p) } }
    var pid: pid_t = 0
    let start = now()
    let rc = posix_spawn(&pid, argv[0], &actions, nil, &cargs, environ)
    close(fds[1])
    guard rc == 0 else {
      close(fds[0])
      return ChildResult(output: "", seconds: 0, cpuSeconds: 0, peakRSS: 0, status: -1)
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fds[0], &chunk, chunk.count)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      output += chunk[0..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = now() - start
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) * 1e-6
    return ChildResult(
      output: String(decoding: output, as: UTF8.self), seconds: seconds, cpuSeconds: cpu,
      peakRSS: Int(usage.ru_maxrss) * 1024, status: status)
  }
}

extension Measure {
  /// `cat PATH | argv`, both spawned here with a pipe between them: wall
  /// time from the first spawn until both have exited, the CPU time of the
  /// whole pipeline, and the peak RSS of `argv` alone (from its own `wait4`;
  /// a shell running the pipeline would add `cat`'s and its own).
  static func runPiped(_ argv: [String], catting path: String) -> ChildResult {
    var link: [Int32] = [0, 0]
    var out: [Int32] = [0, 0]
    guard pipe(&link) == 0, pipe(&out) == 0 else { fatalError("pipe failed") }
    func spawn(_ args: [String], stdin: Int32?, stdout: Int32, closing: [Int32]) -> pid_t {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
      posix_spawn_file_actions_adddup2(&actions, stdout, 1)
      for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
      defer { for p in cargs { free(p) } }
      var pid: pid_t = 0
      return posix_spawn(&pid, args[0], &actions, nil, &cargs, environ) == 0 ? pid : -1
    }
    let start = now()
    let cat = spawn(["/bin/cat", path], stdin: nil, stdout: link[1], closing: [link[0], link[1], out[0], out[1]])
    let reader = spawn(argv, stdin: link[0], stdout: out[1], closing: [link[0], link[1], out[0], out[1]])
    close(link[0])
    close(link[1])
    close(out[1])
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while reader > 0 {
      let n = read(out[0], &chunk, chunk.count)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      output += chunk[0..<n]
    }
    close(out[0])
    func reap(_ pid: pid_t) -> (status: Int32, usage: rusage) {
      var status: Int32 = -1
      var usage = rusage()
      if pid > 0 { while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {} }
      return (status, usage)
    }
    let r = reap(reader)
    let c = reap(cat)
    let seconds = now() - start
    func cpu(_ u: rusage) -> Double {
      Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) * 1e-6 + Double(u.ru_stime.tv_sec)
        + Double(u.ru_stime.tv_usec) * 1e-6
    }
    return ChildResult(
      output: String(decoding: output, as: UTF8.self), seconds: seconds, cpuSeconds: cpu(r.usage) + cpu(c.usage),
      peakRSS: Int(r.usage.ru_maxrss) * 1024, status: reader > 0 && cat > 0 ? r.status : -1)
  }
}

/// Keeps values alive and observable so the optimiser cannot drop work
/// (an atomic: benchmark threads may add to it too).
let sink = Atomic<Int>(0)

/// Adds `value` to `sink`.
@inline(never) func keep(_ value: Int) { sink.add(value, ordering: .relaxed) }

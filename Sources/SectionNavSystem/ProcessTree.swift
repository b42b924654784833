import Glibc

/// The processes a command started, found in `/proc` by their parents: an
/// `execute` command shares the program's process group (it has the
/// terminal), so an ending signal cannot reach it as a group, and `sh -c`
/// waits on what it starts (dash execs not even the last command; a
/// pipeline is several) — killing `sh` alone left `sleep 100` or `less`
/// running, reading the terminal after the program ended.
enum ProcessTree {
  /// Every living descendant of `root`, children before their own.
  static func descendants(of root: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    guard let dir = opendir("/proc") else { return [] }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let pid = pid_t(name), let parent = parent(of: pid) else { continue }
      children[parent, default: []].append(pid)
    }
    var found: [pid_t] = []
    var queue = children[root] ?? []
    while let pid = queue.popLast() {
      found.append(pid)
      queue += children[pid] ?? []
    }
    return found
  }

  /// The parent in `/proc/PID/stat`: the field after the name, which is in
  /// parentheses and may hold spaces and parentheses itself.
  private static func parent(of pid: pid_t) -> pid_t? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0, let close = buffer[..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
    guard fields.count > 1 else { return nil }
    return pid_t(String(decoding: fields[1], as: UTF8.self))
  }
}

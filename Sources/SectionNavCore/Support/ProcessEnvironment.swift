#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment variables, read from the C library's `environ`
/// as Foundation's `ProcessInfo.environment` read them (the program links no
/// Foundation): an entry without `=` is skipped, and of two entries with one
/// name the later wins. The directories (`HOME`, `XDG_CONFIG_HOME`,
/// `XDG_STATE_HOME`) keep each byte, as FILE arguments do (`SystemPath`): one
/// that is not UTF-8 opens by its bytes (repaired, it named no directory,
/// and the config file was skipped without a word).
public enum ProcessEnvironment {
  public static func current() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        let value = UnsafeBufferPointer(rebasing: bytes[(equals + 1)...])
        variables[name] =
          directories.contains(name)
          ? SystemPath.encoded(UnsafeRawBufferPointer(value)) : String(decoding: value, as: UTF8.self)
      }
      entry += 1
    }
    return variables
  }

  /// The variables that name directories.
  static let directories: Set<String> = ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"]
}

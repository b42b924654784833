#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names as the command line gave them. `CommandLine.arguments`
/// decodes each argument as UTF-8 and repairs what is not (a Latin-1
/// `lat\xe9.json` becomes `lat\u{FFFD}.json`), and no file has the repaired
/// name: the system is given the bytes of the argument the name came from.
/// Names shown to the user keep U+FFFD, so no raw byte reaches the terminal.
public enum SystemPath {
  /// The arguments (and the values of `--option=VALUE` ones) that are not
  /// UTF-8, by their repaired text; two that repair alike are left out,
  /// as it cannot be told which one a name means.
  static let rawArguments: [String: [UInt8]] = {
    var table: [String: [UInt8]] = [:]
    var ambiguous: [String] = []
    for k in 1..<max(1, Int(CommandLine.argc)) {
      guard let argument = CommandLine.unsafeArgv[k] else { continue }
      let raw = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      var pieces = [Array(raw)]
      if let equals = raw.firstIndex(of: 0x3D) { pieces.append(Array(raw[(equals + 1)...])) }
      for bytes in pieces {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) { continue }
        if let known = table[text], known != bytes { ambiguous.append(text) }
        table[text] = bytes
      }
    }
    for text in ambiguous { table[text] = nil }
    return table
  }()

  /// Calls `body` with the C string to give the system for `path`.
  public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    guard path.unicodeScalars.contains("\u{FFFD}"), let raw = rawArguments[path] else {
      return path.withCString(body)
    }
    return (raw + [0]).withUnsafeBytes { body($0.bindMemory(to: CChar.self).baseAddress!) }
  }

  /// `open(2)` of `path`.
  public static func open(_ path: String, _ flags: Int32) -> Int32 {
    withCString(path) {
      #if canImport(Glibc)
        Glibc.open($0, flags)
      #else
        Darwin.open($0, flags)
      #endif
    }
  }

  /// `stat(2)` of `path` into `info`.
  public static func status(_ path: String, _ info: inout stat) -> Int32 {
    withCString(path) { stat($0, &info) }
  }
}

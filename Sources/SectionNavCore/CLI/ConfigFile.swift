#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's option file, `$XDG_CONFIG_HOME/sectionnav/config` (default
/// `~/.config/sectionnav/config`): options as on the command line, split into
/// words like `SECTIONNAV_OPTS`, usually one per line, `#` starting a comment.
/// It is applied before `SECTIONNAV_OPTS` and the command line, so both
/// override it; `--no-config` skips it. A missing file is no error.
public struct ConfigFile: Sendable, Equatable {
  /// Where the text came from, for error messages.
  public var path: String
  public var text: String

  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }

  /// The file's location; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
  /// A relative `XDG_CONFIG_HOME` is ignored, as the XDG spec asks.
  public static func path(environment: [String: String]) -> String? {
    if let xdg = directory("XDG_CONFIG_HOME", environment), xdg.hasPrefix("/") {
      return xdg + "/sectionnav/config"
    }
    guard let home = directory("HOME", environment), !home.isEmpty else { return nil }
    return home + "/.config/sectionnav/config"
  }

  /// The directory variable `name` names, by its bytes when the process's
  /// own value is not UTF-8 (`SystemPath`: repaired to U+FFFD it named no
  /// directory, and the config file was skipped without a word).
  static func directory(_ name: String, _ environment: [String: String]) -> String? {
    guard let value = environment[name] else { return nil }
    guard value.unicodeScalars.contains("\u{FFFD}"), let raw = getenv(name) else { return value }
    let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
    return String(decoding: bytes, as: UTF8.self) == value ? SystemPath.encoded(bytes) : value
  }

  /// The file's text, or nil when there is none; a file that exists but
  /// cannot be read (a directory, a FIFO, not UTF-8) is an error. One that
  /// permission keeps from us is skipped with a `warn`ing, as git does: under
  /// `sudo` without `-H`, HOME is another user's, and the run should not fail
  /// over a file that is not ours. `open` is `FileBytes.openRegular` (tests
  /// stand in for it: as root, no permission is refused).
  public static func load(
    environment: [String: String], open: (String) -> FileBytes.Opened = FileBytes.openRegular,
    warn: (String) -> Void = { _ in }
  ) throws(UsageError) -> ConfigFile? {
    guard let path = path(environment: environment) else { return nil }
    let name = TextSanitizer.visible(path)
    let fd: Int32
    switch open(path) {
    case .file(let opened): fd = opened
    case .failed(let code) where code == ENOENT || code == ENOTDIR: return nil
    case .failed(let code) where code == EACCES:
      warn("\(name): config file skipped: \(String(cString: strerror(code)))")
      return nil
    case .failed(ELOOP): throw UsageError("\(name): config file is a symbolic link loop")
    case .failed(let code): throw UsageError("\(name): cannot read the config file: \(String(cString: strerror(code)))")
    case .notRegular("a directory"): throw UsageError("\(name): config file is a directory")
    case .notRegular(let kind): throw UsageError("\(name): config file is \(kind), not a regular file")
    }
    guard let bytes = FileBytes.read(fd, limit: maxBytes) else {
      close(fd)
      throw UsageError("\(name): cannot read the config file")
    }
    close(fd)
    // Options are short; a huge file is a mistake, not a configuration.
    if bytes.count > maxBytes { throw UsageError("\(name): config file larger than \(maxBytes / 1024) KiB") }
    // A byte order mark is no part of the text.
    let utf8 = bytes.starts(with: ByteOrderMark.utf8) ? bytes[3...] : bytes[...]
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw UsageError("\(name):\(Self.line(of: Self.firstInvalid(utf8), in: utf8)): config file is not UTF-8 text")
    }
    // No option value can hold a NUL (none can be given on a command line).
    if let nul = utf8.firstIndex(of: 0) {
      throw UsageError("\(name):\(Self.line(of: nul, in: utf8)): config file holds a NUL byte")
    }
    return ConfigFile(path: path, text: text)
  }

  static let maxBytes = 64 * 1024

  /// The 1-based line of byte `index` of `bytes`.
  static func line(of index: Int, in bytes: ArraySlice<UInt8>) -> Int {
    bytes[bytes.startIndex..<index].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// Where the first byte that is not UTF-8 stands (the end when none).
  static func firstInvalid(_ bytes: ArraySlice<UInt8>) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var at = bytes.startIndex
    while case .valid(let unit) = parser.parseScalar(from: &iterator) { at += unit.count }
    return at
  }

  /// Each non-empty line's words with its 1-based line number.
  func lines() throws(UsageError) -> [(number: Int, words: [String])] {
    var result: [(Int, [String])] = []
    var number = 0
    // By scalars: as Characters, "\r\n" is one grapheme that "\n" does not split.
    for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let words: [String]
      do {
        let content = line.last == "\r" ? line.dropLast() : line[...]
        words = try ShellWords.split(String(content), source: "", comments: true)
      } catch {
        throw located(error, line: number)
      }
      if !words.isEmpty { result.append((number, words)) }
    }
    return result
  }

  /// `error` prefixed with `PATH:LINE: `.
  func located(_ error: UsageError, line: Int) -> UsageError {
    UsageError("\(TextSanitizer.visible(path)):\(line): \(error.message)")
  }
}

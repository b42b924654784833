/// What standard input holds when no option names its format
/// (`ls | sectionnav`, `seq 100 | sectionnav --pick`, `curl … | sectionnav`):
/// JSON when its first non-blank byte can start a JSON object or array, else
/// plain lines as with `--lines` — fzf's input. A number, a string or a word
/// on its own is a line (what fzf shows), never a JSON error; input that
/// starts like JSON and then breaks is a JSON error that says so.
public enum StdinFormat: Sendable, Equatable {
  case json
  case lines

  /// The verdict on the bytes read so far; nil while they are all blank (a
  /// byte-order mark, spaces, tabs, line ends) and more may come. At the end
  /// of an input that is all blank: lines (nothing to choose, as in fzf).
  public static func of(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> StdinFormat? {
    if !atEnd && bytes.count < 3 && ByteOrderMark.utf8.starts(with: bytes) { return nil }
    guard let first = firstNonBlank(bytes) else { return atEnd ? .lines : nil }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .lines
  }

  /// The first byte after a byte-order mark and blanks; nil when there is none.
  static func firstNonBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
    var i = bytes.starts(with: ByteOrderMark.utf8) ? 3 : 0
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    return i < bytes.count ? bytes[i] : nil
  }

  /// Whether the input starts as plain text would: not like JSON, and with
  /// a printable character — not a NUL or another control (binary data,
  /// `/dev/zero`, which `--lines` refuses too).
  public static func startsAsText(_ buffer: ByteBuffer) -> Bool {
    guard let first = buffer.withBytes({ firstNonBlank($0) }) else { return false }
    return first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first > 0x20 && first != 0x7F
  }

  /// The verdict on a whole input.
  public static func of(_ buffer: ByteBuffer) -> StdinFormat {
    buffer.withBytes { of($0, atEnd: true) } ?? .lines
  }
}

extension Configuration {
  /// Standard input (or a `reload` command's output) with nothing that
  /// names its format or selects inside it: `StdinFormat` decides between
  /// JSON and lines.
  public var guessesStdinFormat: Bool {
    (file == "-" || isCommandOutput) && !lines && dataFormat == nil && path == nil && groupBy == nil
      && itemFormat == nil
      && itemField == nil && !skipBad && !noHeader
  }
}

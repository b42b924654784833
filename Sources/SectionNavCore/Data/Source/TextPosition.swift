/// Turns a byte offset into the 1-based line and column people look for.
/// Only called when something went wrong, so loading never counts lines.
enum TextPosition {
  /// Line and column of `offset` in `bytes`: lines end at LF, CRLF or a lone
  /// CR; the column counts characters (UTF-8 code points — continuation
  /// bytes do not count, a tab is one character).
  static func lineColumn(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var i = 0
    let stop = min(offset, bytes.count)
    while i < stop {
      let c = bytes[i]
      if c == 0x0A || (c == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
        line += 1
        column = 1
      } else if !UTF8Lead.isContinuation(c) {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  static func error(
    _ kind: LoadError.Kind, in buffer: ByteBuffer, at offset: Int, _ message: String, cause: LoadError.Cause? = nil
  ) -> LoadError {
    let (line, column) = lineColumn(buffer.bytes, offset: offset)
    var error = LoadError(kind, line: line, column: column, message)
    error.cause = cause
    return error
  }
}

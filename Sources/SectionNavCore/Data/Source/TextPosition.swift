/// Turns a byte offset into the 1-based line and column people look for.
/// Only called when something went wrong, so loading never counts lines.
enum TextPosition {
  /// Line and column of `offset` in `bytes`: lines end at LF or CRLF, and at
  /// a lone CR when `loneCR` (CSV and TSV records end there, as Python's
  /// `csv` reads them; JSON's lines, as jq and Python's `json` count them,
  /// and text's do not); the column counts characters (UTF-8 code points —
  /// continuation bytes do not count, a tab is one character).
  static func lineColumn(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int, loneCR: Bool = false) -> (
    line: Int, column: Int
  ) {
    var line = 1
    var column = 1
    var i = 0
    let stop = min(offset, bytes.count)
    while i < stop {
      let c = bytes[i]
      if c == 0x0A || (loneCR && c == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
        line += 1
        column = 1
      } else if !UTF8Lead.isContinuation(c) {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  /// The error at `offset`; `loneCR` as for `lineColumn` (by default, for CSV and TSV errors).
  static func error(
    _ kind: LoadError.Kind, in buffer: ByteBuffer, at offset: Int, _ message: String, cause: LoadError.Cause? = nil,
    loneCR: Bool? = nil
  ) -> LoadError {
    let records = loneCR ?? (kind == .invalidCSV || kind == .invalidTSV)
    let (line, column) = lineColumn(buffer.bytes, offset: offset, loneCR: records)
    var error = LoadError(kind, line: line, column: column, message)
    error.cause = cause
    return error
  }
}

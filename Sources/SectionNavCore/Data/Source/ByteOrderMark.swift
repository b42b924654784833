/// A UTF-8 byte-order mark (EF BB BF), which Windows tools and some editors
/// write at the start of a text file: it is not part of the first line, the
/// first CSV column's name or a configuration file's first option. Before
/// JSON it is an error that says so (RFC 8259 forbids adding one).
enum ByteOrderMark {
  static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether the `count` bytes at `p` begin with the mark.
  @inline(__always)
  static func starts(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
    count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF
  }

  /// Whether the `count` bytes at `p` begin with a UTF-16 byte-order mark
  /// (FF FE or FE FF), as Excel's "Unicode Text" and PowerShell write: such
  /// input is named as UTF-16, not read as UTF-8 with a NUL every other byte.
  static func startsUTF16(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
    count >= 2 && (p[0] == 0xFF && p[1] == 0xFE || p[0] == 0xFE && p[1] == 0xFF)
  }

  /// What is said about UTF-16 input.
  static let utf16Message =
    "UTF-16 text (a UTF-16 byte-order mark): sectionnav reads UTF-8 (iconv -f UTF-16 -t UTF-8 converts it)"
}

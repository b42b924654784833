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
}

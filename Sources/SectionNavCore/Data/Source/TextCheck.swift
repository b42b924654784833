#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--lines` reads lines of text. Binary data (a NUL byte near the start, as
/// grep and git decide) is refused rather than shown as lines, and a stream
/// whose line never ends (`/dev/zero`, `yes | tr -d '\n'`) is refused at
/// `maximumLine` instead of growing to the memory cap (issue 26 #10). With
/// `--read0` a line is an item ended by NUL.
public struct TextCheck {
  /// Bytes looked at for a NUL (64 KiB).
  public static let probe = 64 << 10
  /// The longest line read from a stream (64 MiB).
  public static let maximumLine = 64 << 20

  /// Bytes checked so far, and where the line still open there starts.
  private var checked = 0
  private var lineStart = 0

  /// What ends a line: a NUL is no sign of binary data when it ends one (`--read0`).
  private let lineEnd: UInt8

  public init(lineEnd: LineEnd = .newline) { self.lineEnd = lineEnd.byte }

  /// Checks the bytes of `buffer` that arrived since the last call.
  /// `stream`: the line length is capped (a file's is bounded by its size).
  public mutating func advance(_ buffer: ByteBuffer, count: Int, stream: Bool) throws(LoadError) {
    let base = buffer.base
    if checked < 2, ByteOrderMark.startsUTF16(base, count: count) {
      throw TextPosition.error(.notText, in: buffer, at: 0, ByteOrderMark.utf16Message)
    }
    if checked < Self.probe && lineEnd != 0 {
      let end = min(count, Self.probe)
      if end > checked, let nul = memchr(base + checked, 0, end - checked) {
        let offset = UnsafePointer<UInt8>(nul.assumingMemoryBound(to: UInt8.self)) - base
        throw TextPosition.error(
          .notText, in: buffer, at: offset,
          "a NUL byte in the first \(Self.probe >> 10) KiB: binary data, and --lines reads lines of text")
      }
    }
    if stream && count > checked {
      var p = base + count
      while p > base + checked {
        if p[-1] == lineEnd {
          lineStart = p - base
          break
        }
        p -= 1
      }
      if count - lineStart > Self.maximumLine {
        throw TextPosition.error(
          .notText, in: buffer, at: lineStart,
          lineEnd == 0
            ? "an item longer than \(Self.maximumLine >> 20) MiB without a NUL (an endless item?); --read0 reads items ended by NUL"
            : "a line longer than \(Self.maximumLine >> 20) MiB (an endless line?); --lines reads lines of text")
      }
    }
    checked = max(checked, count)
  }
}

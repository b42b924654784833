extension StreamLoad {
  /// The start of a stream, read to tell its format (`StdinFormat`), for `run` to go on from.
  public struct Started {
    public let storage: StreamBuffer
    /// The stream ended while it was read.
    public let atEnd: Bool
    public let format: StdinFormat
  }

  /// Reads `fd` until `StdinFormat` can tell JSON from lines: the first
  /// non-blank byte, or the end. It waits only for that byte, so a slow
  /// writer's first line still shows as soon as it comes.
  public static func sniff(fd: Int32, name: String) throws(Failure) -> Started {
    let storage = try newStorage(name: name)
    while true {
      let n: Int
      do {
        n = try storage.read(from: fd, name: name)
      } catch {
        throw .read(error)
      }
      let read = storage.buffer()
      if let format = read.withBytes({ StdinFormat.of($0, atEnd: n == 0) }) {
        return Started(storage: storage, atEnd: n == 0, format: format)
      }
    }
  }

  static func newStorage(name: String) throws(Failure) -> StreamBuffer {
    do {
      return try StreamBuffer()
    } catch {
      throw .read(DataSourceError(path: name, reason: error.reason))
    }
  }
}

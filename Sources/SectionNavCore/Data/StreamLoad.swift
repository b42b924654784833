/// Reading a stream (pipe, terminal, device) while scanning it: items are
/// found as the bytes arrive, an error stops the reading at once (so an
/// endless invalid input such as `/dev/zero` fails at its first bad byte),
/// and `progress` can show the list so far.
public enum StreamLoad {
  /// What went wrong: reading, or the data.
  public enum Failure: Error {
    case read(DataSourceError)
    case data(LoadError, ByteBuffer)
  }

  /// The whole input, and its items when `options.selectsItems` (otherwise
  /// the caller indexes the validated bytes as sectioned JSON or lines).
  public struct Outcome {
    public var buffer: ByteBuffer
    public var items: ItemLoader.Result?
  }

  /// Reads `fd` to its end. `validate`: check JSON syntax as it arrives
  /// (sectioned JSON, whose sections are indexed at the end). `progress` is
  /// called after each chunk with the bytes read and a way to build the
  /// list found so far (only valid during the call). Without item data,
  /// `prefixList` makes that list from the complete lines read so far
  /// (`--lines`).
  public static func run(
    fd: Int32, name: String, options: LoadOptions, validate: Bool, defaultTitle: String,
    prefixList: ((ByteBuffer) -> SectionedList)? = nil,
    progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(Failure) -> Outcome {
    let storage: StreamBuffer
    do {
      storage = try StreamBuffer()
    } catch {
      throw .read(DataSourceError(path: name, reason: error.reason))
    }
    let scans = options.selectsItems || validate
    var scanOptions = options
    if !options.selectsItems { scanOptions.format = .json }
    // Shown while arriving: item data, and sectioned JSON when someone looks.
    let preview = !options.selectsItems && validate && progress != nil
    var stream = ItemStream(
      buffer: storage.growingBuffer(), options: scanOptions, defaultTitle: defaultTitle,
      validateOnly: !options.selectsItems, sectionedPreview: preview)
    defer { stream.release() }
    while true {
      let n: Int
      do {
        n = try storage.read(from: fd, name: name)
      } catch {
        throw .read(error)
      }
      let eof = n == 0
      if scans && (eof || storage.count >= stream.wanted) {
        do {
          try stream.advance(available: storage.count, eof: eof)
        } catch {
          throw .data(error, storage.buffer())
        }
      }
      if let progress, options.selectsItems || preview {
        progress(storage.count, stream.itemCount) { stream.list() }
      } else if let progress {
        progress(storage.count, 0) {
          prefixList?(storage.buffer(count: eof ? storage.count : storage.completeLines)) ?? SectionedList([])
        }
      }
      if eof { break }
    }
    let buffer = storage.buffer()
    guard options.selectsItems else { return Outcome(buffer: buffer, items: nil) }
    return Outcome(buffer: buffer, items: ItemLoader.Result(list: stream.list(), warning: stream.warning))
  }
}

import Dispatch
import SectionNavSystem

@testable import SectionNavCore

#if canImport(Glibc)
  import Glibc
#endif

/// Fuzzes reading a pipe: the input picks a way to read the data (no
/// option, so its format is guessed, or `--lines`, JSON Lines, CSV, TSV,
/// `--path`, `--group-by`, `--item-format`, `--locale`, `--skip-bad`), how
/// many bytes each `write` carries, and whether the terminal's early
/// screens are asked for; the rest is the data, now and then made large
/// (`StreamFuzz.large`) so that the scans split what is left when the input
/// ends. `cat FILE | sectionnav …` (`DataLoading.parseStream`: the data
/// scanned as it arrives, cut anywhere) must end as `sectionnav … < FILE`
/// does (`DataLoading.parse` of the same bytes at once): the same list —
/// sections, widest row, every item's text — or the same error, word for
/// word and at the same line and column. No early screen may hold more
/// items than the whole list. (`--skip-bad`'s warning is printed by
/// `DataLoading`, so there the item loaders are compared:
/// `StreamFuzz.warningsAgree`.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  StreamFuzz.ignoreBrokenPipes
  var input = FuzzInput(data, size)
  let arguments = input.pick(StreamFuzz.optionSets) + [input.pick(StreamFuzz.files)]
  var pieces = (0..<4).map { _ in input.pick(StreamFuzz.pieceSizes) }
  let early = input.bool()
  let large = input.int(0...7) == 0
  // Megabytes a byte at a time would take seconds.
  if large { pieces = pieces.map { $0 << 12 } }
  let cuts = (input.byte(), input.byte())
  let bytes = large ? StreamFuzz.large(input.rest(), cuts: cuts) : input.rest()
  let configuration: Configuration
  do {
    configuration = try OptionParser.parse(arguments: arguments, environment: [:])
  } catch {
    require(false, "the fuzzer's options \(arguments) are refused: \(error.message)")
    return 0
  }
  // `DataLoading` prints a `--skip-bad` warning: its loaders are compared instead.
  if configuration.skipBad {
    StreamFuzz.warningsAgree(bytes, pieces: pieces, LoadOptions(configuration), arguments)
    return 0
  }
  let expected = Result { () throws(Failure) in try DataLoading.parse(ByteBuffer(bytes), configuration) }
  let streamed = StreamFuzz.streamed(bytes, pieces: pieces, early: early, configuration)
  switch (expected, streamed.list) {
  case (.failure(let a), .failure(let b)):
    require(a == b, "\(arguments): the pipe fails otherwise: \(b) vs the file's \(a)")
  case (.success(let a), .success(let b)):
    require(a.maxItemWidth == b.maxItemWidth, "\(arguments): the pipe measures otherwise")
    require(a.sections == b.sections, "\(arguments): the pipe finds other sections")
    require(a.itemCount == b.itemCount, "\(arguments): the pipe finds other items")
    // Every item of a small list; of a large one, a few thousand spread over it.
    let stride = max(1, a.itemCount / 4096)
    for i in Swift.stride(from: 0, to: a.itemCount, by: stride) + (a.itemCount > 0 ? [a.itemCount - 1] : []) {
      require(a.store.text(at: i) == b.store.text(at: i), "\(arguments): the pipe finds item \(i) otherwise")
    }
    require(streamed.earliest <= a.itemCount, "\(arguments): an early screen shows more items than there are")
  case (.failure(let a), .success):
    require(false, "\(arguments): the file fails (\(a)), the pipe loads")
  case (.success, .failure(let b)):
    require(false, "\(arguments): the file loads, the pipe fails (\(b))")
  }
  return 0
}

enum StreamFuzz {
  /// Ways to read the data, each accepted by the option parser.
  static let optionSets: [[String]] = [
    [], [], ["--lines"], ["--lines", "--keep-order", "--delimiter", "|"], ["--jsonl"],
    ["--jsonl", "--group-by", "level"], ["--jsonl", "--item-format", "{level}: {user.name}"],
    ["--csv", "--group-by", "country", "--item-format", "{name} ({note})"], ["--csv"], ["--tsv", "--group-by", "1"],
    ["--path", ".[]"], ["--path", ".k[]"], ["--group-by", "kind", "--item-field", "name"], ["--item-field", "name"],
    ["--keep-order"], ["--locale", "sv"], ["--lines", "--locale", "de"], ["--jsonl", "--skip-bad"],
    ["--jsonl", "--skip-bad", "--group-by", "level"],
  ]
  /// `-` is standard input; a named pipe's name can tell its format.
  static let files = ["-", "-", "-", "data.json", "data.jsonl", "data.csv", "data.txt"]
  /// A write to a pipe whose reader stopped at a bad byte fails with
  /// `EPIPE` instead of ending the process.
  static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
  /// Bytes per `write`: values and lines are cut anywhere.
  static let pieceSizes = [1, 2, 3, 5, 8, 17, 64, 333, 4096, 1 << 20]

  /// A size past which a pipe's rest of item data or lines is scanned on
  /// two threads (`StreamFollower.restToSplit`), as a file's whole is
  /// (`ScanSplit.minimumSize`). Sectioned JSON's rest splits from 8 MiB
  /// (`jsonRestToSplit`): seconds an input here, so `StreamRestSplitTests`
  /// split it from 0 instead.
  static let largeSize = StreamFollower.restToSplit + 4096

  /// `data` made large: cut in three at `cuts` (parts of 256), its middle
  /// repeated until the whole passes `largeSize` — an object's members,
  /// lines or records many times over, the two ends once.
  static func large(_ data: [UInt8], cuts: (UInt8, UInt8)) -> [UInt8] {
    let a = data.count * Int(min(cuts.0, cuts.1)) / 256
    let b = max(a + 1, data.count * Int(max(cuts.0, cuts.1)) / 256)
    guard b <= data.count else { return data }
    var bytes = Array(data[..<a])
    bytes.reserveCapacity(largeSize + data.count)
    while bytes.count < largeSize - (data.count - b) { bytes += data[a..<b] }
    return bytes + data[b...]
  }

  /// `--skip-bad`: the item loader reading `bytes` from a pipe
  /// (`StreamLoad.run`) and at once (`ItemLoader.load`) skip the same
  /// lines, so they warn alike and list the same items, or fail alike.
  static func warningsAgree(_ bytes: [UInt8], pieces: [Int], _ options: LoadOptions, _ arguments: [String]) {
    let file = Result { () throws(LoadError) in try ItemLoader.load(ByteBuffer(bytes), options: options) }
    let (readEnd, written) = pipe(bytes, pieces: pieces)
    let piped = Result { () throws(StreamLoad.Failure) in
      try StreamLoad.run(fd: readEnd, name: "-", options: options, validate: true, defaultTitle: "items").items
    }
    close(readEnd)
    written.wait()
    switch (file, piped) {
    case (.success(let a), .success(let b?)):
      require(a.warning == b.warning, "\(arguments): the pipe warns \(b.warning ?? "-"), the file \(a.warning ?? "-")")
      require(a.list.sections == b.list.sections, "\(arguments): the pipe finds other sections")
      require(a.list.itemCount == b.list.itemCount, "\(arguments): the pipe finds other items")
    case (.failure(let a), .failure(.data(let b, _))):
      require(a == b, "\(arguments): the pipe fails otherwise: \(b) vs the file's \(a)")
    default:
      require(false, "\(arguments): the file and the pipe disagree: \(file) vs \(piped)")
    }
  }

  /// A pipe that a thread fills with `bytes` in pieces of the sizes
  /// `pieces` names in turn, then closes; `written` is signalled then (or
  /// once the reader has closed its end).
  static func pipe(_ bytes: [UInt8], pieces: [Int]) -> (read: Int32, written: DispatchSemaphore) {
    var fds: [Int32] = [0, 0]
    require(Glibc.pipe(&fds) == 0, "no pipe")
    let writeEnd = fds[1]
    let written = DispatchSemaphore(value: 0)
    DetachedThread.start {
      var done = 0
      var turn = 0
      bytes.withUnsafeBytes { p in
        while done < p.count {
          let n = write(writeEnd, p.baseAddress! + done, min(pieces[turn % pieces.count], p.count - done))
          // The reader stopped at a bad byte and closed its end.
          if n <= 0 { break }
          done += n
          turn += 1
        }
      }
      close(writeEnd)
      written.signal()
    }
    return (fds[0], written)
  }

  /// What reading `bytes` from a pipe ends with, written in pieces of the
  /// sizes `pieces` names in turn; with `early`, every early screen's item
  /// count too (the most of them).
  static func streamed(_ bytes: [UInt8], pieces: [Int], early: Bool, _ configuration: Configuration) -> (
    list: Result<SectionedList, Failure>, earliest: Int
  ) {
    let (readEnd, written) = pipe(bytes, pieces: pieces)
    var most = 0
    var snapshots = 0
    let progress: ((Int, Int, () -> SectionedList) -> Void)? =
      early
      ? { _, _, snapshot in
        // A few early screens: each copies what has arrived.
        guard snapshots < 8 else { return }
        snapshots += 1
        most = max(most, snapshot().itemCount)
      } : nil
    let list = Result { () throws(Failure) in
      try DataLoading.parseStream(fd: readEnd, configuration, progress: progress)
    }
    close(readEnd)
    written.wait()
    return (list, most)
  }
}

import Foundation
import Synchronization
import TestScratch
import Testing

@testable import SectionNavCore

#if canImport(Glibc)
  import Glibc
#endif

/// Sectioned JSON on a pipe, as `sectionnav --check -` reads it: the bytes
/// are read as fast as they come and indexed once complete, yet bad input
/// still stops the reading before the writer is done.
@Suite struct StreamLoadTests {
  /// A pipe fed with `bytes` by another thread; the write end is closed
  /// after them unless `keepOpen` (then the caller closes `fds.write`).
  /// `piece`: bytes per `write` (so lines and values are cut anywhere).
  static func pipe(_ bytes: [UInt8], keepOpen: Bool = false, piece: Int = 1 << 30) throws -> (
    read: Int32, write: Int32
  ) {
    var fds: [Int32] = [0, 0]
    try #require(Glibc.pipe(&fds) == 0)
    let writeEnd = fds[1]
    let thread = Thread {
      var done = 0
      bytes.withUnsafeBytes { p in
        while done < p.count {
          let n = Glibc.write(writeEnd, p.baseAddress! + done, min(piece, p.count - done))
          if n <= 0 { break }
          done += n
        }
      }
      if !keepOpen { close(writeEnd) }
    }
    thread.start()
    return (fds[0], writeEnd)
  }

  /// Several MiB of sections with plain, escaped and non-ASCII items.
  static let document: [UInt8] = {
    var text = "{"
    for s in 0..<300 {
      if s > 0 { text += ",\n" }
      text += "\"Section \(s)\": ["
      for i in 0..<400 {
        if i > 0 { text += ", " }
        text += i % 7 == 0 ? "\"caf\\u00e9 \\\"\(s).\(i)\\\" 中\"" : "\"item \(s) \(i) of a plain list\""
      }
      text += "]"
    }
    return Array((text + "}\n").utf8)
  }()

  /// What `sectionnav -` ends with: the list, or the first error.
  static func load(_ bytes: [UInt8], uncheckedLimit: Int) throws -> Result<SectionedList, LoadError> {
    let fds = try pipe(bytes)
    defer { close(fds.read) }
    do {
      let outcome = try StreamLoad.run(
        fd: fds.read, name: "-", options: LoadOptions(), validate: true, defaultTitle: "stdin",
        uncheckedLimit: uncheckedLimit)
      return .success(try JSONIndexer.load(outcome.buffer))
    } catch let error as LoadError {
      return .failure(error)
    } catch let error as StreamLoad.Failure {
      guard case .data(let e, _) = error else { throw error }
      return .failure(e)
    }
  }

  @Test(arguments: [StreamLoad.uncheckedLimit, 4096])
  func aPipeLargerThanItsBuffersLoadsAsTheSameBytesDo(uncheckedLimit: Int) throws {
    let bytes = Self.document
    #expect(bytes.count > 3 << 20)
    let expected = try JSONIndexer.load(bytes)
    let list = try Self.load(bytes, uncheckedLimit: uncheckedLimit).get()
    #expect(list.itemCount == 120_000)
    #expect(contents(list) == contents(expected))
    #expect(list.maxItemWidth == expected.maxItemWidth)
  }

  /// Where huge pages come slowly (`HugePages`), the read turns them off
  /// for the rest of its buffer partway through (here: at its first timed
  /// block): every byte read before and after the switch is kept. The
  /// reading thread makes the pages itself (no `Prefaulter`, whose thread
  /// may not have timed a block before a loaded machine's read ends).
  @Test func aPipeReadAcrossTheSwitchToSmallPagesKeepsEveryByte() throws {
    HugePages.restart(slowerThan: -1)
    defer { HugePages.restart() }
    let bytes = Self.document + Self.document
    #expect(bytes.count > 2 * StreamBuffer.prefaultFrom)
    let fds = try Self.pipe(bytes, piece: 65_521)
    defer { close(fds.read) }
    let storage = try StreamBuffer()
    storage.prefaults = false
    while try storage.read(from: fds.read, name: "-") > 0 {}
    storage.finishReading()
    #expect(!HugePages.cheap)
    #expect(storage.count == bytes.count)
    #expect(storage.buffer().slice(0, storage.count) == bytes)
  }

  /// A reload that a newer one replaced stops reading at once, whatever the
  /// format, and lays nothing out: `reload(yes)` replaced went on building
  /// the list of all it had read, to 7 GB, after its command was killed.
  @Test(arguments: [LoadOptions.Format.lines, .json, .jsonLines])
  func aCancelledRunStopsAtItsNextRead(format: LoadOptions.Format) throws {
    let line = format == .lines ? "y\n" : format == .json ? "" : "{\"a\": 1}\n"
    let bytes =
      format == .json
      ? Array(("{" + (0..<200_000).map { "\"s\($0)\": [\"x\"]" }.joined(separator: ",") + "}").utf8)
      : Array(String(repeating: line, count: 1_000_000).utf8)
    let fds = try Self.pipe(bytes, piece: 1 << 16)
    defer { close(fds.read) }
    var options = LoadOptions()
    options.format = format
    var reads = 0
    var outcome: StreamLoad.Outcome? = nil
    let error = #expect(throws: StreamLoad.Failure.self) {
      outcome = try StreamLoad.run(
        fd: fds.read, name: "-", options: options, validate: format == .json, defaultTitle: "stdin",
        cancelled: {
          reads += 1
          return reads == 3
        })
    }
    #expect(outcome == nil)
    if case .cancelled = error {} else { Issue.record("not cancelled: \(String(describing: error))") }
    #expect(reads == 3)
    // The writer is not left blocked.
    var sink = [UInt8](repeating: 0, count: 1 << 16)
    while Glibc.read(fds.read, &sink, sink.count) > 0 {}
  }

  /// A load given up (its stream outgrew the cap, or a newer reload
  /// replaced it) stops its scan where it stands instead of scanning all
  /// that was read: `yes | sectionnav --csv` went on from 6 to 19 GB after
  /// the cap refused more input.
  @Test func anAbandonedFollowerScansNoFurther() throws {
    let bytes = Array(String(repeating: "name,city\n", count: 400_000).utf8)
    var options = LoadOptions()
    options.format = .csv
    let follower = ItemFollower(
      ItemStream(buffer: ByteBuffer(bytes), options: options, defaultTitle: "stdin"), progress: nil)
    follower.follower.feed.abandon()
    follower.follower.feed.arrive(bytes.count, atEnd: true)
    let list = try follower.finish(count: bytes.count).list
    #expect(list.itemCount == 0)
    // Not given up, the same input is read whole.
    let whole = ItemFollower(
      ItemStream(buffer: ByteBuffer(bytes), options: options, defaultTitle: "stdin"), progress: nil)
    whole.follower.feed.arrive(bytes.count, atEnd: true)
    #expect(try whole.finish(count: bytes.count).list.itemCount == 399_999)
  }

  /// `--lines` from a pipe is grouped while it arrives: the list is the one
  /// the same bytes make at once, whatever the pieces they come in (lines
  /// and CRLFs cut between two reads, a last line without a line feed);
  /// NUL-ended items (`--read0`) alike, line feeds in them kept.
  @Test(
    arguments: [(nil, false), ("|", false), (nil, true), ("|", true)] as [(String?, Bool)], [LineEnd.newline, .nul])
  func linesFromAPipeGroupAsTheSameBytesDo(options: (delimiter: String?, keepOrder: Bool), lineEnd: LineEnd) throws {
    let (delimiter, keepOrder) = options
    var text = ""
    let end = lineEnd == .nul ? "\0" : "\n"
    for i in 0..<60_000 {
      let line = i % 5 == 0 ? "Écrit \(i) café" : i % 3 == 0 ? "  42 items \(i)" : "word\(i % 97) item \(i)"
      text += "s\(i % 40)|" + line + (i % 11 == 0 ? "\r" + end : i % 13 == 0 ? end + end : i % 17 == 0 ? "\n" : end)
    }
    text += "last line without a line feed"
    let bytes = Array(text.utf8)
    let expected = LineInput.load(bytes, delimiter: delimiter, keepOrder: keepOrder, lineEnd: lineEnd)
    let fds = try Self.pipe(bytes, piece: 4093)
    defer { close(fds.read) }
    var options = LoadOptions(keepOrder: keepOrder)
    options.format = .lines
    options.delimiter = delimiter
    options.lineEnd = lineEnd
    let outcome = try StreamLoad.run(fd: fds.read, name: "-", options: options, validate: false, defaultTitle: "stdin")
    let list = try #require(outcome.items?.list)
    // A line feed that ends no item joins two lines into one item.
    let joined = lineEnd == .nul ? (0..<60_000).filter { $0 % 11 != 0 && $0 % 13 != 0 && $0 % 17 == 0 }.count : 0
    #expect(list.itemCount == 60_001 - joined)
    #expect(contents(list) == contents(expected))
    #expect(list.maxItemWidth == expected.maxItemWidth)
  }

  /// An error near the end of a large stream, past what was checked while
  /// it arrived, is reported where the same bytes in a file report it.
  @Test(arguments: [StreamLoad.uncheckedLimit, 4096])
  func anErrorLateInALargePipeIsWhereTheFileHasIt(uncheckedLimit: Int) throws {
    var bytes = Self.document
    bytes.removeLast(3)  // `]}\n`
    bytes += Array(", tru]}\n".utf8)
    let expected = try #require(loadError(bytes))
    let result = try Self.load(bytes, uncheckedLimit: uncheckedLimit)
    guard case .failure(let error) = result else {
      Issue.record("loaded invalid JSON")
      return
    }
    #expect(error.line == expected.line && error.column == expected.column, "\(error), file: \(expected)")
    #expect(error.kind == .invalidJSON)
  }

  /// Sectioned JSON is indexed as it arrives, wherever the bytes run out
  /// (`JSONFollower`, fed one more byte at a time and waited for): in a key,
  /// after its ':' and the space there, in a string, an escape, a number or
  /// a literal. The list is the one the same bytes make at once.
  @Test(arguments: [nil, "name"])
  func sectionedJSONCutAtEveryByteIndexesAsTheSameBytesDo(itemField: String?) throws {
    var text = "{ \"Zeta\" :  [ \"a\\u00e9 \\\"q\\\"\", 12.5e3 , true, null, {\"name\": \"n1\", \"x\": [1, 2]} ],\n"
    for s in 0..<12 {
      text += "  \"Section \(s)\":\t[ -0.25, false, \"caf\u{e9} \(s)\", {\"name\" : \"item \(s)\"}, [ ], { } ],\n"
    }
    text += "  \"Alpha\": [\"last\"]\n}\n"
    let buffer = ByteBuffer(Array(text.utf8))
    var options = LoadOptions()
    options.itemField = itemField
    let expected = try JSONIndexer.load(buffer, options: options)
    let followed = JSONFollower(buffer: buffer, options: options, progress: nil)
    let feed = followed.follower.feed
    for count in 1..<buffer.count {
      feed.arrive(count, atEnd: false)
      // Until the scan waits for more past these bytes.
      while feed.scanned.load(ordering: .acquiring) < count && followed.earlyFailure == nil { feed.moved.wait() }
    }
    #expect(followed.earlyFailure == nil)
    let list = try #require(followed.finish(buffer, options: options))
    #expect(contents(list) == contents(expected))
    #expect(list.maxItemWidth == expected.maxItemWidth)
  }

  /// Sectioned JSON arriving on a pipe shows its items early (the lists
  /// `JSONFollower` offers, fed a byte at a time), filed as the whole input
  /// files them: under their final titles — repeated ones merged, escaped
  /// ones decoded — each early section a prefix of its final items.
  @Test func sectionedJSONShowsItsItemsEarlyAsTheyWillBeFiled() throws {
    let text = #"{"Beta": ["b1", {"n": 2}], "Alpha": ["a\u0031"], "Beta": [3], "Empty": [], "C\u00e9": ["c"]}"#
    let buffer = ByteBuffer(Array(text.utf8))
    let final = contents(try JSONIndexer.load(buffer))
    let early = Mutex<[[[String]]]>([])
    let followed = JSONFollower(buffer: buffer, options: LoadOptions()) { _, _, snapshot in
      let list = contents(snapshot())
      early.withLock { $0.append(list) }
    }
    let feed = followed.follower.feed
    for count in 1..<buffer.count {
      feed.arrive(count, atEnd: false)
      while feed.scanned.load(ordering: .acquiring) < count && followed.earlyFailure == nil { feed.moved.wait() }
    }
    let list = try #require(followed.finish(buffer, options: LoadOptions()))
    #expect(contents(list) == final)
    let shown = early.withLock { $0 }
    // The first item is shown as soon as it is whole; everything but the closing brace, as the end will file it.
    #expect(shown.first == [["Beta", "b1"]])
    #expect(shown.last == final)
    for snapshot in shown {
      for section in snapshot {
        let done = final.first { $0[0] == section[0] }
        #expect(done.map { Array($0.prefix(section.count)) } == section, "\(snapshot)")
      }
    }
  }

  /// A `--path` the single pass cannot follow is evaluated once the stream
  /// is complete, over the bytes that arrived: the items are the file's
  /// (it read on past them, into the rest of the reservation, and crashed).
  @Test(arguments: [".k[]", ".[]"])
  func aPathEvaluatedAtTheEndReadsWhatArrived(path: String) throws {
    let bytes = Array(#"{"k": [{"a": "x"}, {"a": "y"}, {"a": "z"}]}"#.utf8)
    var options = LoadOptions()
    options.path = try JSONPath(path)
    let expected = try ItemLoader.load(ByteBuffer(bytes), options: options, defaultTitle: "stdin").list
    let fds = try Self.pipe(bytes, piece: 7)
    defer { close(fds.read) }
    let outcome = try StreamLoad.run(fd: fds.read, name: "-", options: options, validate: true, defaultTitle: "stdin")
    let list = try #require(outcome.items?.list)
    #expect(list.itemCount == expected.itemCount)
    #expect(contents(list) == contents(expected))
  }

  /// An array that is not sectioned data, on a pipe (`curl … | sectionnav
  /// -`), is read as the list it opens as (`PlainArray`) while it arrives,
  /// in pieces cut anywhere: the list and its note are the ones the same
  /// bytes make at once (and it was read once, not checked and then read
  /// again: `items` holds it).
  @Test(arguments: [false, true]) func aPlainArrayOnAPipeIsReadAsAListAsItArrives(objects: Bool) throws {
    let words = ["b", #"\u00e9clair"#, #"a \"q\" 中"#, "Zürich", ""]
    let elements = (0..<30_000).map { i in
      let word = "\"\(words[i % words.count]) \(i)\""
      if objects { return "{\"name\": \(word), \"n\": [\(i), {\"k\": null}]}" }
      return i % 7 == 3 ? "\(i).5e1" : i % 11 == 5 ? "true" : word
    }
    let bytes = Array(("[\n  " + elements.joined(separator: ",\n  ") + "\n]\n").utf8)
    let shape = try #require(PlainArray.of(ByteBuffer(bytes)))
    let expected = try ItemLoader.load(
      ByteBuffer(bytes), options: shape.itemOptions(LoadOptions()), defaultTitle: "stdin")
    let fds = try Self.pipe(bytes, piece: 4093)
    defer { close(fds.read) }
    let outcome = try StreamLoad.run(
      fd: fds.read, name: "-", options: LoadOptions(), validate: true, defaultTitle: "stdin")
    let items = try #require(outcome.items)
    #expect(items.list.itemCount == 30_000)
    #expect(contents(items.list) == contents(expected.list))
    #expect(items.list.maxItemWidth == expected.list.maxItemWidth)
    #expect(items.warning == shape.note(count: 30_000))
  }

  /// What only looked like a plain array at first is left to the caller,
  /// which reads the whole input as before: a second value after it (JSON
  /// Lines, or what `jq .` prints).
  @Test func aSecondValueAfterAPlainArrayIsLeftToTheCaller() throws {
    let fds = try Self.pipe(Array("[\"a\", \"b\"]\n[\"c\"]\n".utf8), piece: 5)
    defer { close(fds.read) }
    let outcome = try StreamLoad.run(
      fd: fds.read, name: "-", options: LoadOptions(), validate: true, defaultTitle: "stdin")
    #expect(outcome.items == nil)
  }

  /// An empty pipe fails as an empty file does, and a pipe of spaces as a
  /// file of spaces: the two messages tell the user which they gave. The
  /// message once depended on whether the scan saw the end before the
  /// reader had finished (a fifth of loads), so the pipe is read many times.
  @Test(arguments: ["", " \n\t"])
  func anEmptyPipeIsAnEmptyInputAsAnEmptyFileIs(text: String) throws {
    let expected = try #require(loadError(Array(text.utf8)))
    for _ in 0..<50 {
      let result = try Self.load(Array(text.utf8), uncheckedLimit: StreamLoad.uncheckedLimit)
      guard case .failure(let error) = result else {
        Issue.record("loaded \(text.debugDescription) as JSON")
        return
      }
      #expect(error == expected)
      if error != expected { return }
    }
  }

  /// A writer that sent a bad byte and then goes quiet without closing the
  /// pipe: the reading stops at that byte instead of waiting for the end.
  @Test(arguments: ["{\"a\": [1, 2,\n x", "[\"a\", \"b\",\n x"])
  func aBadByteStopsTheReadingWhileTheWriterIsStillThere(text: String) throws {
    let fds = try Self.pipe(Array(text.utf8), keepOpen: true)
    defer { close(fds.read) }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failure: StreamLoad.Failure?
    Thread {
      do throws(StreamLoad.Failure) {
        _ = try StreamLoad.run(fd: fds.read, name: "-", options: LoadOptions(), validate: true, defaultTitle: "")
      } catch {
        failure = error
      }
      done.signal()
    }.start()
    let stopped = done.wait(timeout: .now() + Patience.seconds) == .success
    close(fds.write)  // lets a reader still waiting see the end
    if !stopped { done.wait() }
    #expect(stopped, "the reading waited for the writer to finish")
    guard case .data(let error, _) = failure else {
      Issue.record("expected a data error, got \(String(describing: failure))")
      return
    }
    #expect(error.line == 2 && error.column == 2, "\(error)")
    #expect(error.kind == .invalidJSON)
  }
}

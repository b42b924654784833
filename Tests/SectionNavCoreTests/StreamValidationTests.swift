import Foundation
import Testing

@testable import SectionNavCore

/// JSON from a pipe is checked as it arrives by `JSONItemScan` (so bad input
/// stops at its first bad byte) and indexed by `JSONIndexer` once complete:
/// on every conformance document the two must agree — the same verdict and,
/// for invalid JSON, the same place — whether the bytes come at once or in
/// small pieces.
@Suite struct StreamValidationTests {
  static var documents: [URL] {
    let own = repositoryRoot.appendingPathComponent("Fixtures/conformance")
    return [own, conformanceDirectory].flatMap { dir in
      ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".json") }
        .sorted().map { dir.appendingPathComponent($0) }
    }
  }

  /// The streaming check's verdict: nil when valid, else the error.
  static func streamed(_ bytes: [UInt8], piece: Int) -> LoadError? {
    let buffer = ByteBuffer(bytes)
    var stream = ItemStream(buffer: buffer, options: LoadOptions(), validateOnly: true)
    defer { stream.release() }
    do {
      var at = 0
      while at < bytes.count {
        at = min(bytes.count, at + piece)
        // As `StreamLoad`: after stepping back, wait until the cut value has room.
        if at < stream.wanted { continue }
        try stream.advance(available: at, eof: false)
      }
      try stream.advance(available: bytes.count, eof: true)
      return nil
    } catch {
      return error
    }
  }

  @Test func theStreamingCheckAgreesWithTheIndexer() throws {
    let documents = Self.documents
    #expect(documents.count >= 80, "own conformance cases missing")
    for url in documents {
      let bytes = try [UInt8](Data(contentsOf: url))
      let indexed = loadError(bytes)
      let expected = indexed?.kind == .invalidJSON ? indexed : nil
      // Several values on their own lines are JSON Lines to the item loader.
      if expected?.message.hasSuffix("after the JSON value") == true { continue }
      for piece in [bytes.count + 1, 7, 1] where bytes.count < 10_000 || piece > 7 {
        let streamed = Self.streamed(bytes, piece: piece)
        #expect(
          streamed.map { [$0.line, $0.column] } == expected.map { [$0.line, $0.column] },
          "\(url.lastPathComponent) in pieces of \(piece): indexer \(String(describing: expected)), stream \(String(describing: streamed))"
        )
      }
    }
  }

  /// A JSON Lines line still arriving is checked each time it has doubled
  /// (`checkPartialLine`), so an endless bad line fails early: what follows
  /// a value on its line must fail there with the words the whole line's
  /// scan uses, as a file gives them (one value per line; a line ended by
  /// CR alone said so). They once lacked both when the line came slowly.
  @Test(arguments: [" 2", "\r{\"b\": 1}"])
  func aLongLineStillArrivingFailsAsTheWholeLineDoes(after: String) throws {
    // Long on both sides of the bad byte: checked while the line still arrives.
    let long = { (c: String) in String(repeating: c, count: 100_000) }
    let bytes = Array(("{\"a\": \"" + long("xx") + "\"}" + after + long(" ") + "\r\n").utf8)
    var options = LoadOptions()
    options.format = .jsonLines
    let whole = Result { () throws(LoadError) in try ItemLoader.load(ByteBuffer(bytes), options: options) }
    guard case .failure(let expected) = whole else {
      Issue.record("the file loaded")
      return
    }
    #expect(expected.message.contains("one value per line"))
    var stream = ItemStream(buffer: ByteBuffer(bytes), options: options)
    defer { stream.release() }
    var failure: LoadError?
    do throws(LoadError) {
      var at = 0
      while at < bytes.count {
        at = min(bytes.count, at + 70_000)
        try stream.advance(available: at, eof: false)
      }
      try stream.advance(available: bytes.count, eof: true)
    } catch {
      failure = error
    }
    #expect(failure == expected)
  }
}

/// A JSON line still arriving is searched for its end only in the bytes
/// that came since the last look: a 1 GB line piped in 64 KiB reads was
/// searched from its start on every read (5.5 s; a linear search takes 1.5).
@Suite struct PartialLineSearchTests {
  @Test(arguments: [false, true]) func aLineArrivingInPiecesIsSearchedOnce(_ object: Bool) throws {
    let long = (object ? #"{"k": ""# : "\"") + String(repeating: "é", count: 5000) + (object ? "\"}" : "\"")
    let text = "\"first\"\n" + long + "\n" + (object ? #"{"k": "z"}"# : "\"z\"") + "\n"
    let buffer = ByteBuffer(string: text)
    var options = LoadOptions()
    options.format = .jsonLines
    if object { options.itemField = "k" }
    var stream = ItemStream(buffer: buffer, options: options)
    defer { stream.release() }
    let lineStart = "\"first\"\n".utf8.count
    let lineEnd = lineStart + long.utf8.count
    var at = lineStart + 1
    while at < lineEnd {
      try stream.scan(available: at, eof: false)
      at += 97
    }
    try stream.scan(available: buffer.count, eof: true)
    #expect(stream.json?.items.count == 3)
    // Each look started where the last stopped: every byte looked at once
    // (the first line's object scan finds its own end).
    #expect(try #require(stream.json).lineEndSearched <= text.utf8.count)
  }
}

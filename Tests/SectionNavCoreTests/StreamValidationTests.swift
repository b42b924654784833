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
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--path` under jq's full semantics (`PathEvaluation`), once the input is
/// complete: when the path has a step the single pass cannot follow, or the
/// pass met a missing key, a `null`, a repeated key or a value of the wrong
/// kind. The items are rewritten as one JSON array and scanned again, so
/// grouping, widths and rows work as for any list.
extension ItemStream {
  /// Whether the list must come from `PathEvaluation` rather than the pass.
  var needsEvaluation: Bool {
    guard let scan = json, let path = options.path else { return false }
    return scan.needsEvaluation || !path.streams
  }

  mutating func evaluatePath() throws(LoadError) {
    guard let scan = json, let path = options.path else { return }
    let evaluation = PathEvaluation(buffer: buffer, path: path)
    var items: [PathEvaluation.Value] = []
    var skipped = scan.skipped
    var firstSkipped = scan.firstSkipped
    let skippedLines = Set(scan.skippedLines)
    for root in roots(lineMode: scan.lineMode, skippedLines: skippedLines) {
      do {
        items += try evaluation.items(root: root)
      } catch {
        guard scan.skipBad else { throw TextPosition.error(.path, in: buffer, at: error.offset, error.message) }
        skipped += 1
        if firstSkipped == nil || error.offset < firstSkipped!.offset { firstSkipped = error }
      }
    }
    let rewritten = ByteBuffer(evaluation.serialized(items))
    var listOptions = options
    listOptions.path = nil
    listOptions.format = .json
    listOptions.skipBad = false
    let field = options.itemField
    let template = options.itemFormat
    var next = JSONItemScan(buffer: rewritten, options: listOptions, defaultTitle: path.lastKey ?? defaultTitle) {
      .json(JSONItems(buffer: rewritten, ranges: $0, itemField: field, template: template))
    }
    do {
      try next.run(available: rewritten.count, eof: true)
    } catch {
      // The array was written from validated values: this cannot fail.
      next.release()
      throw TextPosition.error(.path, in: buffer, at: 0, "internal error re-reading the path's items")
    }
    next.skipped = skipped
    next.firstSkipped = firstSkipped
    json!.release()
    json!.items.discard()
    json = next
  }

  /// The top-level values (offset, length): each value of the document, or
  /// each line's value for JSON Lines (lines skipped as bad left out).
  func roots(lineMode: Bool, skippedLines: Set<Int>) -> [(Int, Int)] {
    // Only what has arrived: a stream's buffer is its whole reservation.
    let bytes = UnsafeBufferPointer(rebasing: buffer.bytes[..<available])
    var out: [(Int, Int)] = []
    var i = 0
    func skipSpace(_ i: Int, _ end: Int) -> Int {
      var i = i
      while i < end, JSONLexer.isSpace(bytes[i]) { i += 1 }
      return i
    }
    if lineMode {
      while i < bytes.count {
        let newline = memchr(buffer.base + i, 0x0A, bytes.count - i)
        let lineEnd = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(buffer.base) } ?? bytes.count
        let start = skipSpace(i, lineEnd)
        if start < lineEnd, !skippedLines.contains(i) {
          let end = JSONValueText.valueEnd(UnsafeBufferPointer(rebasing: bytes[..<lineEnd]), from: start)
          out.append((start, end - start))
        }
        i = lineEnd + 1
      }
      return out
    }
    while true {
      i = skipSpace(i, bytes.count)
      if i >= bytes.count { return out }
      let end = JSONValueText.valueEnd(bytes, from: i)
      out.append((i, end - i))
      i = end
    }
  }
}

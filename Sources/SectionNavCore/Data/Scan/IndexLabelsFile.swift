/// `--index-labels FILE`: a JSON object mapping section titles to the labels
/// the index column shows, `{"Title": "label", …}`. Read with the project's
/// own loader, so it is exactly as strict as the data (RFC 8259: no trailing
/// comma, no byte-order mark) and every error has a line and column.
public enum IndexLabelsFile {
  /// The labels in `bytes`; `.invalidJSON` for malformed JSON, `.notSectioned`
  /// ("not labels" in the message) for valid JSON of another shape.
  public static func parse(_ bytes: [UInt8]) throws(LoadError) -> [String: String] {
    // Syntax first, with positions: the indexer validates the whole document
    // (its shape complaints do not apply to a labels file).
    do {
      _ = try JSONIndexer.load(bytes)
    } catch  where error.kind == .invalidJSON {
      throw error
    } catch {}
    let buffer = ByteBuffer(bytes)
    return try withExtendedLifetime(buffer) { () throws(LoadError) -> [String: String] in
      let base = buffer.bytes.baseAddress!
      let end = base + buffer.count
      func fail(_ p: JSONLexer.Pointer, _ message: String) -> LoadError {
        TextPosition.error(.notSectioned, in: buffer, at: p - base, message)
      }
      var p = JSONLexer.skipSpace(base, end)
      guard p < end, p.pointee == 0x7B else {
        throw fail(p, "expected an object of labels ({\"Title\": \"label\", …})")
      }
      p = JSONLexer.skipSpace(p + 1, end)
      var labels: [String: String] = [:]
      var plain = true
      // Valid JSON from here on: every step below can trust the syntax.
      while p < end, p.pointee == 0x22 {
        let keyEnd = (try? JSONLexer.skipString(p, end, base, &plain)) ?? end
        let title = JSONValueText.unescape(p, keyEnd - p)
        let value = JSONLexer.skipSpace(JSONLexer.skipSpace(keyEnd, end) + 1, end)
        guard value < end, value.pointee == 0x22 else {
          throw fail(value, "the label for '\(title)' is not a string")
        }
        let valueEnd = (try? JSONLexer.skipString(value, end, base, &plain)) ?? end
        let label = JSONValueText.unescape(value, valueEnd - value)
        guard !label.isEmpty else { throw fail(value, "the label for '\(title)' is empty") }
        labels[title] = label
        p = JSONLexer.skipSpace(valueEnd, end)
        if p < end, p.pointee == 0x2C { p = JSONLexer.skipSpace(p + 1, end) }
      }
      return labels
    }
  }
}

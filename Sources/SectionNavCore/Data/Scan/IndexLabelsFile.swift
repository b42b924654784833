/// `--index-labels FILE`: a JSON object mapping section titles to the labels
/// the index column shows, `{"Title": "label", …}`. Read with the project's
/// own loader, so it is exactly as strict as the data (RFC 8259: no trailing
/// comma, no byte-order mark) and every error has a line and column.
public enum IndexLabelsFile {
  /// The labels in `bytes`; `.invalidJSON` for malformed JSON, `.notSectioned`
  /// ("not labels" in the message) for valid JSON of another shape.
  public static func parse(_ bytes: [UInt8]) throws(LoadError) -> IndexLabels {
    // Syntax first, with positions: the indexer validates the whole document
    // (its shape complaints do not apply to a labels file).
    do {
      _ = try JSONIndexer.load(bytes)
    } catch  where error.kind == .invalidJSON {
      throw error
    } catch {}
    let buffer = ByteBuffer(bytes)
    return try withExtendedLifetime(buffer) { () throws(LoadError) -> IndexLabels in
      let base = buffer.bytes.baseAddress!
      let end = base + buffer.count
      func fail(_ p: JSONLexer.Pointer, _ message: String) -> LoadError {
        TextPosition.error(.notSectioned, in: buffer, at: p - base, message)
      }
      let p = JSONLexer.skipSpace(base, end)
      guard p < end, p.pointee == 0x7B else {
        throw fail(p, "expected an object of labels ({\"Title\": \"label\", …})")
      }
      var labels = IndexLabels()
      // Valid JSON from here on: the members are walked as an object item's
      // are (`JSONLexer.members`); a label that is not a non-empty string stops it.
      var failure: LoadError? = nil
      var spaces = 0
      _ = try? JSONLexer.members(p, end, base, &spaces) { key, afterKey, _, value, _ throws(SyntaxFailure) in
        let title = JSONValueText.unescape(key, afterKey - key)
        guard value.pointee == 0x22 else {
          failure = fail(value, "the label for '\(title)' is not a string")
          throw SyntaxFailure(offset: value - base, message: "")
        }
        var plain = true
        let valueEnd = try JSONLexer.scanString(value, end, base, &plain)
        let label = JSONValueText.unescape(value, valueEnd - value)
        guard !label.isEmpty else {
          failure = fail(value, "the label for '\(title)' is empty")
          throw SyntaxFailure(offset: value - base, message: "")
        }
        labels[title] = label
        return valueEnd
      }
      if let failure { throw failure }
      return labels
    }
  }
}

import CLineEdit

/// libedit's in-memory history (what Up/Down and Ctrl-R browse), kept equal to
/// a `History` value. Owns its C handle.
final class EditLineHistory {
  let handle: OpaquePointer

  init?(capacity: Int = History.capacity) {
    guard let handle = cle_history_create(Int32(capacity)) else { return nil }
    self.handle = handle
  }

  deinit { cle_history_destroy(handle) }

  /// Enters `line` as the newest entry (libedit skips it when it equals the newest).
  func enter(_ line: String) { cle_history_enter(handle, line) }

  func clear() { cle_history_clear(handle) }

  var count: Int { Int(cle_history_count(handle)) }

  /// Makes libedit's list hold exactly `history`'s entries. Rebuilding is simpler
  /// than mirroring moves and cap trims, and costs microseconds for 1000 lines.
  func replace(with history: History) {
    clear()
    for entry in history.entries { enter(entry) }
  }

  /// Entries walked the way libedit's H_LAST / H_PREV go: oldest first.
  var oldestFirst: [String] { walk(cle_history_last, cle_history_prev) }

  /// Entries walked the way libedit's H_FIRST / H_NEXT go: newest first.
  var newestFirst: [String] { walk(cle_history_first, cle_history_next) }

  private func walk(
    _ start: (OpaquePointer?) -> UnsafePointer<CChar>?,
    _ step: (OpaquePointer?) -> UnsafePointer<CChar>?
  ) -> [String] {
    var result: [String] = []
    var entry = start(handle)
    while let text = entry, result.count <= count {
      result.append(String(cString: text))
      entry = step(handle)
    }
    return result
  }
}

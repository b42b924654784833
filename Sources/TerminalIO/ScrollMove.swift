import SectionNavCore

/// Rows that moved together between two frames: the terminal can shift them
/// with a scroll region for a few bytes instead of redrawing every cell.
/// `shift` > 0 means the content moved up (new row r shows old row r + shift).
struct ScrollMove: Equatable, Sendable {
  var top: Int
  var bottom: Int
  var shift: Int

  /// The shift most rows agree on, or nil. Rows are matched on the left half
  /// of their cells, so a static column on the right (an index, a scroll bar)
  /// does not hide the move; only rows unique in both frames vote, so blank or
  /// repeated rows do not invent one. The caller still compares byte counts.
  static func find(from old: Frame, to new: Frame) -> ScrollMove? {
    let width = new.width
    let height = new.height
    guard height >= 2, width >= 1, old.width == width, old.height == height else { return nil }
    let span = (width + 1) / 2
    func signatures(_ frame: Frame) -> [Int] {
      (0..<height).map { row in
        var hasher = Hasher()
        for cell in frame.cells[(row * width)..<(row * width + span)] { hasher.combine(cell) }
        return hasher.finalize()
      }
    }
    let before = signatures(old)
    let after = signatures(new)
    var oldRow: [Int: Int] = [:]  // signature → its row, or -1 when repeated
    for (row, signature) in before.enumerated() {
      oldRow[signature] = oldRow[signature] == nil ? row : -1
    }
    var newCount: [Int: Int] = [:]
    for signature in after { newCount[signature, default: 0] += 1 }

    var votes: [Int: (count: Int, first: Int, last: Int)] = [:]
    for row in 0..<height where before[row] != after[row] {
      guard newCount[after[row]] == 1, let source = oldRow[after[row]], source >= 0 else {
        continue
      }
      let shift = source - row
      if var vote = votes[shift] {
        vote.count += 1
        vote.last = row
        votes[shift] = vote
      } else {
        votes[shift] = (1, row, row)
      }
    }
    let best = votes.max { a, b in
      a.value.count != b.value.count ? a.value.count < b.value.count : abs(a.key) > abs(b.key)
    }
    guard let (shift, vote) = best else { return nil }
    return ScrollMove(
      top: vote.first + min(shift, 0), bottom: vote.last + max(shift, 0), shift: shift)
  }
}

/// The summary above the tables: the worst row against each goal of issue
/// 22, named, so that a reader need not scan the tables for it.
extension Benchmark {
  func worstRows() -> String {
    let rows = wholeRows.filter { $0.worst != nil }
    var lines: [String] = []
    func seedNote(_ r: WholeProcessRow) -> String { "seed \(r.worst!.seed) of \(r.seeds.count)" }
    if let slow = rows.min(by: { $0.worst!.speed < $1.worst!.speed }) {
      let w = slow.worst!
      lines.append(
        "- **Worst row by throughput** (goal ≥ 600 MB/s): \(slow.label) at **\(Self.fmt(w.speed, 0)) MB/s** "
          + "(\(Self.fmt(w.seconds * 1000, 0)) ms for \(Self.mb(w.bytes)), \(seedNote(slow)); best seed "
          + "\(Self.fmt(slow.bestSpeed, 0)) MB/s); \(rows.filter { $0.worst!.speed < 600 }.count) of \(rows.count) "
          + "rows under 600 MB/s.")
    }
    for goal in [Goal.jq, .python] {
      let judged = rows.filter { $0.goal == goal && $0.goalRatio != nil }
      guard let worst = judged.min(by: { $0.goalRatio! < $1.goalRatio! }) else { continue }
      let ratio = worst.goalRatio!
      let peer = goal == .jq ? "jq" : "Python's `csv`"
      lines.append(
        "- **Worst against \(peer)** (goal ≤ 0.1× its time): \(worst.label) at **\(Self.fmt(1 / ratio, 2))× "
          + "\(goal == .jq ? "jq" : "Python")'s time** (\(Self.fmt(ratio))× faster); "
          + "\(judged.filter { $0.goalRatio! < 10 }.count) of \(judged.count) such rows miss it.")
    }
    if let fat = rows.max(by: { $0.worstRSS < $1.worstRSS }) {
      lines.append(
        "- **Highest peak RSS** (goal ≤ 1.5× the input, mapped or piped): \(fat.label) at "
          + "**\(Self.fmt(fat.worstRSS, 2))×**; \(rows.filter { $0.worstRSS > 1.5 }.count) rows over 1.5×.")
    }
    if let first = terminalRows.max(by: { $0.firstMs < $1.firstMs }) {
      lines.append(
        "- **Slowest first screen in a terminal** (goal < 50 ms): \(first.label) at **\(Self.fmt(first.firstMs, 1)) ms**."
      )
    }
    if let full = terminalRows.max(by: { $0.fullMs / $0.checkMs < $1.fullMs / $1.checkMs }) {
      lines.append(
        "- **Full index in a terminal furthest over `--check`** (goal ≤ +30 %): \(full.label), "
          + "**\(Self.fmt(full.fullMs, 0)) ms against \(Self.fmt(full.checkMs, 0)) ms** "
          + "(\(Self.fmt((full.fullMs / full.checkMs - 1) * 100, 0)) %).")
    }
    let failed = wholeRows.filter { $0.seeds.contains { $0.failure != nil } }
    if !failed.isEmpty {
      lines.append("- **Failed** on some seed: " + failed.map(\.label).joined(separator: "; ") + ".")
    }
    let skipped = slowPeers.keys.sorted()
    if !skipped.isEmpty {
      lines.append(
        "- Peers run on the first seed only (slower than \(Self.fmt(options.peerLimit, 0)) s): "
          + skipped.map { "`\($0)` (\(Self.fmt(slowPeers[$0]!, 1)) s)" }.joined(separator: "; ") + ".")
    }
    return "Worst rows of this run (whole process, each row's worst seed):\n\n" + lines.joined(separator: "\n") + "\n"
  }
}

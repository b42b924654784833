import Foundation

/// Whole-process rows measured on several seeds' files: each seed's figure
/// is the median of its rounds, and a row reports its worst seed, so a row
/// fast on one seed only shows as slow (issue 22).
extension Benchmark {
  /// Which peer a row's "≤ 0.1×" goal is judged against: jq for JSON and
  /// JSON Lines, Python's `csv` for CSV and TSV.
  enum Goal: String {
    case jq, python = "Python"
  }

  /// The two whole-process tables.
  enum WholeTable {
    case sectioned, items
  }

  /// One row to measure: `sectionnav` and its peers on the same file.
  struct WholeRow {
    var label: String
    var argv: [String]
    /// The peer the row is named beside (jq, or mlr for CSV/TSV).
    var peer: [String]?
    var python: [String]?
    var peerName = "`jq length`"
    var goal = Goal.jq
    /// When set, every command reads this file from `cat` through a pipe
    /// (and ends its arguments with `-` or reads standard input).
    var catting: String? = nil
  }

  /// Generates one file per seed with `write(path, seed)` (bytes, items),
  /// measures `rows(path)` on them and folds each row's figures into
  /// `wholeRows`. Returns the first seed's file when `keep` (the caller
  /// removes it), else nil; every other file is removed once measured.
  mutating func measureSeeds(
    _ name: String, table: WholeTable, keep: Bool, write: (String, UInt64) -> (bytes: Int, items: Int),
    rows: (String) -> [WholeRow]
  ) -> Input? {
    var inputs: [(seed: UInt64, input: Input)] = []
    for seed in options.seedList {
      let path = directory + "/\(name)-\(seed)"
      let t = Measure.now()
      let (bytes, items) = write(path, seed)
      Self.log(
        "generated \(name) seed \(seed): \(Self.mb(bytes)), \(items) items in \(Self.fmt(Measure.now() - t, 2)) s")
      inputs.append((seed, Input(path: path, size: bytes, items: items, label: name)))
    }
    let rowsBySeed = inputs.map { rows($0.input.path) }
    // A peer's run is shared by the rows of one file that name it.
    var peers = [[[String]: Double]](repeating: [:], count: inputs.count)
    for r in rowsBySeed[0].indices {
      for (k, figures) in measure(rowsBySeed.map { $0[r] }, inputs: inputs, shape: name, peers: &peers).enumerated() {
        let row = rowsBySeed[k][r]
        if let i = wholeRows.firstIndex(where: { $0.table == table && $0.label == row.label }) {
          wholeRows[i].seeds.append(figures)
        } else {
          wholeRows.append(
            WholeProcessRow(
              table: table, label: row.label, peerName: row.peerName, goal: row.goal, piped: row.catting != nil,
              seeds: [figures]))
        }
      }
    }
    for (k, entry) in inputs.enumerated() where !(keep && k == 0) {
      try? FileManager.default.removeItem(atPath: entry.input.path)
    }
    return keep ? inputs.first?.input : nil
  }

  /// One row on every seed's file: `options.rounds` rounds of sectionnav,
  /// each running it once per seed in turn — so that a slow minute of this
  /// machine lands on every seed alike, and the worst seed names the data,
  /// not the minute — then each peer once per seed.
  mutating func measure(
    _ rows: [WholeRow], inputs: [(seed: UInt64, input: Input)], shape: String, peers: inout [[[String]: Double]]
  ) -> [SeedFigures] {
    var runs = [[Measure.ChildResult]](repeating: [], count: rows.count)
    var failures = [String?](repeating: nil, count: rows.count)
    for _ in 0..<options.rounds {
      for (k, row) in rows.enumerated() where failures[k] == nil {
        let r = row.catting.map { Measure.runPiped(row.argv, catting: $0) } ?? Measure.run(row.argv)
        if r.status == 0 { runs[k].append(r) } else { failures[k] = "exit status \(r.status >> 8)" }
      }
    }
    return rows.indices.map { k in
      let (row, input, seed) = (rows[k], inputs[k].input, inputs[k].seed)
      let peer = runPeer(row.peer, row: row, shape: shape, path: input.path, cache: &peers[k])
      let python = runPeer(row.python, row: row, shape: shape, path: input.path, cache: &peers[k])
      var figures = SeedFigures(seed: seed, bytes: input.size, items: input.items, failure: failures[k])
      if failures[k] == nil {
        figures.seconds = Measure.median(runs[k].map(\.seconds))
        figures.cpu = Measure.median(runs[k].map(\.cpuSeconds))
        figures.rss = Measure.median(runs[k].map { Double($0.peakRSS) })
      }
      figures.peer = peer
      figures.python = python
      Self.log(
        "\(row.label), seed \(seed): "
          + (failures[k] ?? "\(Self.fmt(figures.seconds * 1000, 0)) ms, \(Self.fmt(figures.speed, 0)) MB/s")
          + ", RSS \(Self.fmt(figures.rss / Double(input.size), 2))×; peer \(peer.map { Self.fmt($0 * 1000, 0) } ?? "—") ms"
          + ", Python \(python.map { Self.fmt($0 * 1000, 0) } ?? "—") ms")
      return figures
    }
  }

  /// Seconds of one run of a peer, nil when there is none, it failed, or
  /// it was too slow on an earlier seed (`options.peerLimit`).
  mutating func runPeer(
    _ argv: [String]?, row: WholeRow, shape: String, path: String, cache: inout [[String]: Double]
  ) -> Double? {
    guard let argv else { return nil }
    if let seconds = cache[argv] { return seconds }
    let words = [(argv[0] as NSString).lastPathComponent] + argv.dropFirst().map { $0 == path ? "FILE" : $0 }
    let key = shape + ": " + words.joined(separator: " ")
    if slowPeers[key] != nil { return nil }
    let r = row.catting.map { Measure.runPiped(argv, catting: $0) } ?? Measure.run(argv)
    guard r.status == 0 else {
      Self.log("peer failed (status \(r.status >> 8)): \(key)")
      return nil
    }
    cache[argv] = r.seconds
    if r.seconds > options.peerLimit { slowPeers[key] = r.seconds }
    return r.seconds
  }

  /// One whole-process table.
  func wholeTable(_ table: WholeTable) -> String {
    let first = table == .sectioned ? "Shape" : "Item data"
    var out = """
      | \(first) (whole process, `sectionnav --check`) | Size, items | sectionnav, worst seed (CPU) | MB/s, worst seed (best) | Peak RSS, worst | peer | peer time | peer ÷ sectionnav, worst | Python | Python ÷ sectionnav, worst | ≥ 600 MB/s | ≤ 0.1× (goal's peer) | RSS ≤ 1.5× |
      |---|---|---|---|---|---|---|---|---|---|---|---|---|

      """
    func yes(_ b: Bool?) -> String { b.map { $0 ? "yes" : "**no**" } ?? "—" }
    func times(_ values: [Double], of seeds: Int) -> String {
      guard let lo = values.min(), let hi = values.max() else { return "—" }
      let range = lo == hi ? "\(Self.fmt(lo * 1000, 0)) ms" : "\(Self.fmt(lo * 1000, 0))–\(Self.fmt(hi * 1000, 0)) ms"
      return values.count < seeds ? range + " (\(values.count) of \(seeds) seeds ᵖ)" : range
    }
    func ratio(_ r: Double?) -> String { r.map { "\(Self.fmt($0))×" } ?? "—" }
    for r in wholeRows where r.table == table {
      // A `|` in a code span still ends a cell in GitHub's tables.
      let label = r.label.replacingOccurrences(of: "|", with: "\\|")
      guard let w = r.worst else {
        out +=
          "| \(label) | — | **failed** (\(r.seeds.compactMap(\.failure).first ?? "?")) | | | | | | | | **no** | | |\n"
        continue
      }
      let failed = r.seeds.contains { $0.failure != nil } ? " (**failed on a seed**)" : ""
      let goalRatio = r.goalRatio
      out +=
        "| \(label) | \(Self.mb(w.bytes)), \(Self.count(w.items)) items | \(Self.fmt(w.seconds * 1000, 0)) ms (\(Self.fmt(w.cpu * 1000, 0)) ms), seed \(w.seed)\(failed) "
        + "| \(Self.fmt(w.speed, 0)) (\(Self.fmt(r.bestSpeed, 0))) | \(Self.fmt(r.worstRSS, 2))× "
        + "| \(r.peerName) | \(times(r.seeds.compactMap(\.peer), of: r.seeds.count)) | \(ratio(r.peerRatio)) "
        + "| \(times(r.seeds.compactMap(\.python), of: r.seeds.count)) | \(ratio(r.pythonRatio)) "
        + "| \(yes(w.speed >= 600)) | \(goalRatio.map { "\(yes($0 >= 10)) (\(r.goal.rawValue))" } ?? "—") "
        + "| \(yes(r.worstRSS <= 1.5)) |\n"
    }
    return out
  }

  static func count(_ n: Int) -> String { n >= 10_000 ? "\(n / 1000) k" : "\(n)" }
}

/// One row's figures on one seed's file.
struct SeedFigures {
  var seed: UInt64
  var bytes: Int
  var items: Int
  /// Median wall seconds of sectionnav's rounds, its CPU seconds, its peak RSS in bytes.
  var seconds = 0.0
  var cpu = 0.0
  var rss = 0.0
  /// One run of each peer (nil: none, failed or skipped as too slow).
  var peer: Double? = nil
  var python: Double? = nil
  var failure: String?

  var speed: Double { Double(bytes) / seconds / 1e6 }
}

/// A row over all its seeds; every figure shown is the worst seed's.
struct WholeProcessRow {
  var table: Benchmark.WholeTable
  var label: String
  var peerName: String
  var goal: Benchmark.Goal
  var piped: Bool
  var seeds: [SeedFigures]

  private var measured: [SeedFigures] { seeds.filter { $0.failure == nil } }
  /// The seed with the lowest throughput.
  var worst: SeedFigures? { measured.min { $0.speed < $1.speed } }
  var bestSpeed: Double { measured.map(\.speed).max() ?? 0 }
  var worstRSS: Double { measured.map { $0.rss / Double($0.bytes) }.max() ?? 0 }
  /// The lowest peer ÷ sectionnav over the seeds the peer ran on.
  var peerRatio: Double? { measured.compactMap { s in s.peer.map { $0 / s.seconds } }.min() }
  var pythonRatio: Double? { measured.compactMap { s in s.python.map { $0 / s.seconds } }.min() }
  var goalRatio: Double? { goal == .jq ? peerRatio : pythonRatio }
}

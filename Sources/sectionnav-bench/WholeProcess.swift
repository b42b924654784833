import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole-process rows of the sectioned shapes: `sectionnav --check FILE`
/// from spawn to exit on every shape of `Shape` and every seed, with
/// `jq length` and Python's `json.load` on the same file in the same run.
extension Benchmark {
  /// A program on `PATH`, or nil.
  static func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/\(name)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }

  /// The `sectionnav` binary built beside this benchmark.
  var sectionnav: String? {
    let path = (exe as NSString).deletingLastPathComponent + "/sectionnav"
    return access(path, X_OK) == 0 ? path : nil
  }

  /// Generates each shape with every seed (about `options.sizeMB` each),
  /// measures, deletes it. Returns the first seed's files of `keep`, for
  /// the later rows (the caller removes them).
  mutating func measureWholeProcess(keep: Set<Shape>) -> [Shape: Input] {
    var kept: [Shape: Input] = [:]
    guard let sn = sectionnav else {
      add("Whole process", runs: "0", "skipped: no `sectionnav` beside the benchmark (swift build -c release)")
      return kept
    }
    let jq = Self.which("jq")
    let python = Self.which("python3")
    if jq == nil { notes.append("`jq` not installed: its column is empty.") }
    if python == nil { notes.append("`python3` not installed: its column is empty.") }
    let target = options.target
    for shape in Shape.allCases {
      let input = measureSeeds(
        "shape-\(shape.rawValue)", table: .sectioned, keep: keep.contains(shape) || shape == .plain,
        write: { shape.write(path: $0, target: target, seed: $1) }
      ) { path in
        let py = python.map { [$0, "-c", "import json,sys; json.load(open(sys.argv[1]))", path] }
        let pyIn = python.map { [$0, "-c", "import json,sys; json.load(sys.stdin)"] }
        switch shape {
        case .lines:
          return [
            WholeRow(
              label: "`--lines`", argv: [sn, "--check", "--lines", path],
              peer: jq.map { [$0, "-R", "-n", "reduce inputs as $l (0; .+1)", path] },
              python: python.map { [$0, "-c", "import sys; sum(1 for _ in open(sys.argv[1], 'rb'))", path] }),
            WholeRow(
              label: "`--lines`, standard input (`cat FILE | sectionnav --lines --check -`)",
              argv: [sn, "--check", "--lines", "-"], peer: jq.map { [$0, "-R", "-n", "reduce inputs as $l (0; .+1)"] },
              python: python.map { [$0, "-c", "import sys; sum(1 for _ in sys.stdin.buffer)"] }, catting: path),
          ]
        case .objects, .issueObjects:
          let label = shape.label
          return [
            WholeRow(label: label, argv: [sn, "--check", path], peer: jq.map { [$0, "length", path] }, python: py),
            WholeRow(
              label: label + ", `--item-field name`", argv: [sn, "--check", "--item-field", "name", path],
              peer: jq.map { [$0, "length", path] }, python: py),
          ]
        case .plain:
          return [
            WholeRow(label: "plain", argv: [sn, "--check", path], peer: jq.map { [$0, "length", path] }, python: py),
            WholeRow(
              label: "plain, standard input (`cat FILE | sectionnav --check -`)", argv: [sn, "--check", "-"],
              peer: jq.map { [$0, "length"] }, python: pyIn, catting: path),
          ]
        case .issueItems, .manySections:
          // Also piped: a stream keeps its pages (a mapped file gives them back once scanned), so
          // many small sections, whose lists take the most memory beside the input, peak here.
          let rows = [
            WholeRow(
              label: shape.label, argv: [sn, "--check", path], peer: jq.map { [$0, "length", path] }, python: py),
            WholeRow(
              label: shape.label + ", standard input", argv: [sn, "--check", "-"], peer: jq.map { [$0, "length"] },
              python: pyIn, catting: path),
          ]
          // File order: no sort, but every title looked up among the ones before it.
          guard shape == .manySections else { return rows }
          return rows + [
            WholeRow(
              label: shape.label + ", `--keep-order`", argv: [sn, "--check", "--keep-order", path],
              peer: jq.map { [$0, "length", path] }, python: py)
          ]
        default:
          return [
            WholeRow(
              label: shape.label, argv: [sn, "--check", path], peer: jq.map { [$0, "length", path] }, python: py)
          ]
        }
      }
      guard let input else { continue }
      if shape == .plain { measurePipeShare(input: input) }
      if keep.contains(shape) { kept[shape] = input } else { try? FileManager.default.removeItem(atPath: input.path) }
    }
    return kept
  }

  /// The issue's goal for pipes: standard input at ≥ 70 % of the mapped
  /// file's throughput (the last two rows: the file, then the pipe), beside
  /// what the pipe alone costs (`cat FILE | cat > /dev/null`), which is
  /// most of what standard input adds on two cores.
  mutating func measurePipeShare(input: Input) {
    guard let file = wholeRows.first(where: { $0.table == .sectioned && $0.label == "plain" })?.worst,
      let pipe = wholeRows.first(where: { $0.table == .sectioned && $0.label.hasPrefix("plain, standard input") })?
        .worst
    else { return }
    var alone: [Double] = []
    var aloneCPU: [Double] = []
    for _ in 0..<options.rounds {
      let r = Measure.run(["/bin/sh", "-c", "cat '\(input.path)' | cat > /dev/null"])
      alone.append(r.seconds)
      aloneCPU.append(r.cpuSeconds)
    }
    let share = file.seconds / pipe.seconds
    add(
      "Standard input against the mapped file, plain \(Self.mb(input.size)): throughput of `cat FILE \\| sectionnav --check -` "
        + "as a share of `sectionnav --check FILE` (worst seeds of the rows above) ᶜ",
      runs: "\(options.rounds)",
      "\(Self.fmt(share * 100, 0)) % (\(Self.fmt(pipe.seconds * 1000, 0)) ms against \(Self.fmt(file.seconds * 1000, 0)) ms); "
        + "the pipe alone, `cat FILE \\| cat > /dev/null`: \(Self.fmt(Measure.median(alone) * 1000, 0)) ms "
        + "(CPU \(Self.fmt(Measure.median(aloneCPU) * 1000, 0)) ms)",
      target: "≥ 70 %", met: share >= 0.7)
    notes.append(
      "ᶜ On two cores, `cat` writing the pipe takes one core while the reader copies out of it; the scan, "
        + "which a mapped file needs alone, comes on top (its second thread waits for the reading to end).")
  }

  /// Standard input as a user runs it once, after some idle seconds; the
  /// rows above run back to back. A virtual machine that gives free memory
  /// back to its host makes fresh pages dear after a pause (`HugePages` in
  /// the data layer): what a pipe costs then shows here, beside the pipe
  /// alone after the same pause.
  mutating func measureAfterIdle(_ kept: [Shape: Input]) {
    guard let sn = sectionnav else { return }
    for (shape, flags) in [(Shape.plain, [String]()), (.lines, ["--lines"])] {
      guard let input = kept[shape] else { continue }
      var times: [Double] = []
      var alone: [Double] = []
      var failed = false
      for _ in 0..<options.rounds {
        usleep(3_000_000)
        let r = Measure.runPiped([sn, "--check"] + flags + ["-"], catting: input.path)
        failed = failed || r.status != 0
        times.append(r.seconds)
        usleep(3_000_000)
        alone.append(Measure.run(["/bin/sh", "-c", "cat '\(input.path)' | cat > /dev/null"]).seconds)
      }
      let median = Measure.median(times)
      let rate = Double(input.size) / median / 1e6
      let command = "`cat FILE \\| sectionnav " + (["--check"] + flags).joined(separator: " ") + " -`"
      add(
        "\(command) after 3 s idle (as a user runs it once), \(shape.rawValue) \(Self.mb(input.size))",
        runs: "\(options.rounds)",
        failed
          ? "failed"
          : "\(Self.fmt(rate, 0)) MB/s (\(Self.fmt(median * 1000, 0)) ms); the pipe alone after 3 s idle: "
            + "\(Self.fmt(Measure.median(alone) * 1000, 0)) ms",
        target: "≥ 600 MB/s", met: !failed && rate >= 600)
    }
  }

  /// The note under the whole-process tables.
  func wholeProcessNote() -> String {
    """
    Each row ran on \(options.seeds) files of the shape, one per seed (random lengths, orders and values \
    from the seed); a seed's figure is the median of \(options.rounds) runs of sectionnav, spawn to exit, \
    file in the page cache, taken in rounds that run every seed's file in turn (so that a slow minute of \
    the machine falls on all seeds alike), and the row shows its **worst seed** (lowest MB/s; highest RSS; lowest ratio \
    to each peer), with the best seed's MB/s in parentheses. Peers (jq, mlr, Python) run once per seed \
    after sectionnav's runs; "peer time" is their range over the seeds. ᵖ A peer whose single run took \
    more than \(Self.fmt(options.peerLimit, 0)) s on the first seed is not run again on the later ones. \
    "Standard input" rows run `cat FILE | …` for every program, the whole pipeline timed (`cat` and the \
    reader spawned by the benchmark with a pipe between them); their CPU is both processes', their peak \
    RSS is the reader's alone (its own `wait4`). Peak RSS is `wait4`'s `ru_maxrss`, measured before this \
    benchmark loads anything itself (Linux carries the spawning parent's peak, here about 20 MB, into a \
    child's `ru_maxrss`). In parentheses after the time: the child's user + system CPU time, which other \
    processes on the machine do not inflate; targets are judged on wall time. For `--lines`, jq counts \
    lines (`jq -R -n`) and Python iterates over them. The goal column judges JSON and JSON Lines rows \
    against jq and CSV/TSV rows against Python's `csv` (mlr is shown beside them).

    """
  }
}

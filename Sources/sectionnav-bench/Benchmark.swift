import Foundation
import SectionNavCore
import TerminalIO

/// The whole benchmark run: generate, measure, report, clean up.
struct Benchmark {
  struct Row {
    var measure: String
    var runs: String
    var median: String
    var target: String
    var met: String
  }

  var rows: [Row] = []
  var notes: [String] = []
  let directory: String
  let exe = Measure.executablePath()

  init() {
    var template = Array("/tmp/sectionnav-bench.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    directory = String(cString: made)
  }

  static func log(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
  }

  mutating func add(_ measure: String, runs: String, _ median: String, target: String = "—", met: Bool? = nil) {
    rows.append(
      Row(measure: measure, runs: runs, median: median, target: target, met: met.map { $0 ? "yes" : "**no**" } ?? ""))
  }

  static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
  static func fmt(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }

  /// A generated input file.
  struct Input {
    var path: String
    var size: Int
    var items: Int
    var label: String
  }

  func generate(_ name: String, sections: Int, itemsPerSection: Int, seed: UInt64, label: String) -> Input {
    let path = directory + "/" + name
    let t = Measure.now()
    let size = DataGenerator.write(path: path, sections: sections, itemsPerSection: itemsPerSection, seed: seed)
    // Flush to disk now, so write-back does not disturb the measurements.
    let fd = open(path, O_RDONLY)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
    Self.log("generated \(name): \(Self.mb(size)) in \(Self.fmt(Measure.now() - t, 2)) s")
    return Input(path: path, size: size, items: sections * itemsPerSection, label: label)
  }

  mutating func run() {
    let wallStart = Measure.now()
    Self.log("data in \(directory)")
    let small = generate("1mb.json", sections: 33, itemsPerSection: 1_000, seed: 1, label: "1 MB")
    let medium = generate("60mb.json", sections: 500, itemsPerSection: 4_000, seed: 2, label: "60 MB")
    let large = generate("600mb.json", sections: 5_000, itemsPerSection: 4_000, seed: 3, label: "600 MB")

    let baseline = Measure.median((0..<3).map { _ in Double(child(["idle"]).rss) })
    var loadTimes: [String: (wall: Double, cpu: Double)] = [:]
    for (input, runs) in [(small, 5), (medium, 9), (large, 3)] {
      loadTimes[input.label] = measureLoad(input, runs: runs, baseline: Int(baseline))
    }
    measureCompetitors(medium, sectionnav: loadTimes[medium.label]!)
    measureFirstFrame(large)
    try? FileManager.default.removeItem(atPath: large.path)
    measureSearch(medium)
    measureFilter(medium)
    measureKeystroke(medium)
    try? FileManager.default.removeItem(atPath: small.path)
    try? FileManager.default.removeItem(atPath: medium.path)
    measureRendering()
    try? FileManager.default.removeItem(atPath: directory)
    Self.log("done in \(Self.fmt(Measure.now() - wallStart)) s")
    printTable()
  }

  // MARK: Children

  struct ChildFigures {
    var values: [Double]
    var wall: Double
    /// CPU seconds of the whole child process.
    var cpu: Double
    var rss: Int
  }

  func child(_ args: [String]) -> ChildFigures {
    let result = Measure.run([exe] + args)
    let values = result.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    if result.status != 0 || values.isEmpty {
      fatalError("child \(args) failed (status \(result.status)): \(result.output)")
    }
    // values: seconds, ru_maxrss, count, VmHWM. The image's own peak (VmHWM)
    // is the figure: ru_maxrss inherits this parent's peak across execve.
    let rss = values.count > 3 && values[3] > 0 ? Int(values[3]) : Int(values[1])
    return ChildFigures(values: values, wall: result.seconds, cpu: result.cpuSeconds, rss: rss)
  }

  // MARK: Loading

  /// Returns the median wall and CPU times of the whole `load` process.
  mutating func measureLoad(_ input: Input, runs: Int, baseline: Int) -> (wall: Double, cpu: Double) {
    var speeds: [Double] = []
    var cpuSpeeds: [Double] = []
    var rss: [Double] = []
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<runs {
      let c = child(["load", input.path])
      precondition(Int(c.values[2]) == input.items, "item count")
      speeds.append(Double(input.size) / c.values[0] / 1e6)
      cpuSpeeds.append(Double(input.size) / c.values[4] / 1e6)
      rss.append(Double(c.rss))
      walls.append(c.wall)
      cpus.append(c.cpu)
    }
    let speed = Measure.median(speeds)
    let cpuSpeed = Measure.median(cpuSpeeds)
    let peak = Measure.median(rss)
    let ratio = peak / Double(input.size)
    let net = (peak - Double(baseline)) / Double(input.size)
    let items = input.items >= 1_000_000 ? "\(input.items / 1_000_000) M" : "\(input.items / 1_000) k"
    let checked = input.label != "1 MB"
    Self.log("load \(input.label): \(Self.fmt(speed, 0)) MB/s, peak \(Self.mb(Int(peak)))")
    add(
      "Load \(input.label) (\(Self.mb(input.size)), \(items) items)", runs: "\(runs)",
      "\(Self.fmt(speed, 0)) MB/s (by CPU time: \(Self.fmt(cpuSpeed, 0)) MB/s)",
      target: input.label == "60 MB" ? "≥ 1000 MB/s" : "—", met: input.label == "60 MB" ? speed >= 1000 : nil)
    add(
      "Peak RSS, load \(input.label)", runs: "\(runs)",
      "\(Self.mb(Int(peak))) = \(Self.fmt(ratio, 2))× file; \(Self.fmt(net, 2))× above an idle process (\(Self.mb(baseline)))",
      target: checked ? "≤ 1.5× file" : "—", met: checked ? ratio <= 1.5 : nil)
    return (Measure.median(walls), Measure.median(cpus))
  }

  mutating func measureCompetitors(_ input: Input, sectionnav: (wall: Double, cpu: Double)) {
    let jq = "/usr/bin/jq"
    if FileManager.default.isExecutableFile(atPath: jq) {
      var walls: [Double] = []
      var cpus: [Double] = []
      var rss: [Double] = []
      for _ in 0..<5 {
        let r = Measure.run([jq, "length", input.path])
        precondition(r.status == 0, "jq failed")
        walls.append(r.seconds)
        cpus.append(r.cpuSeconds)
        rss.append(Double(r.peakRSS))
      }
      let wall = Measure.median(walls)
      Self.log("jq length: \(Self.fmt(wall, 3)) s")
      add(
        "`jq length`, 60 MB ⁵", runs: "5",
        "\(Self.fmt(wall * 1000, 0)) ms (peak RSS \(Self.mb(Int(Measure.median(rss)))))")
      let ratio = wall / sectionnav.wall
      add(
        "Ratio: `jq length` time / sectionnav load time, 60 MB", runs: "",
        "\(Self.fmt(ratio))× (by CPU time: \(Self.fmt(Measure.median(cpus) / sectionnav.cpu))×)", target: "≥ 10×",
        met: ratio >= 10)
    } else {
      add("`jq length`, 60 MB", runs: "0", "skipped: /usr/bin/jq not installed")
    }
    var walls: [Double] = []
    var cpus: [Double] = []
    var rss: [Double] = []
    for _ in 0..<3 {
      let c = child(["decode", input.path])
      precondition(Int(c.values[2]) == input.items, "JSONDecoder item count")
      walls.append(c.wall)
      cpus.append(c.cpu)
      rss.append(Double(c.rss))
    }
    let wall = Measure.median(walls)
    Self.log("JSONDecoder: \(Self.fmt(wall, 3)) s")
    add(
      "Foundation `JSONDecoder` → `[String: [String]]`, 60 MB", runs: "3",
      "\(Self.fmt(wall * 1000, 0)) ms (peak RSS \(Self.mb(Int(Measure.median(rss)))))")
    add(
      "Ratio: `JSONDecoder` time / sectionnav load time, 60 MB", runs: "",
      "\(Self.fmt(wall / sectionnav.wall))× (by CPU time: \(Self.fmt(Measure.median(cpus) / sectionnav.cpu))×)")
    add(
      "sectionnav load of 60 MB as a whole process (for the ratios)", runs: "9",
      "\(Self.fmt(sectionnav.wall * 1000, 0)) ms (CPU \(Self.fmt(sectionnav.cpu * 1000, 0)) ms)")
  }

  mutating func measureFirstFrame(_ input: Input) {
    var empty: [Double] = []
    var snapshot: [Double] = []
    var frame: [Double] = []
    var items = 0
    for _ in 0..<5 {
      let c = child(["first-frame", input.path])
      empty.append(c.values[0])
      snapshot.append(c.values[1])
      frame.append(c.values[2])
      items = Int(c.values[4])
    }
    let ms = Measure.median(frame) * 1000
    Self.log("first frame: \(Self.fmt(ms, 2)) ms")
    add(
      "Time to first frame with rows, 600 MB file ¹", runs: "5",
      "\(Self.fmt(ms, 1)) ms (first snapshot at \(Self.fmt(Measure.median(snapshot) * 1000, 1)) ms, \(items / 1000) k items; empty frame at \(Self.fmt(Measure.median(empty) * 1000, 2)) ms)",
      target: "< 50 ms", met: ms < 50)
  }

  // MARK: Search

  mutating func measureSearch(_ input: Input) {
    guard let buffer = try? DataSource.read(path: input.path), let list = try? JSONIndexer.load(buffer) else {
      fatalError("load failed")
    }
    let rowMap = RowMap(list)
    for (query, kind) in [("quokka", "rare"), ("an", "often"), ("Tango", "case-sensitive")] {
      let prepared = PreparedQuery(query)
      var times: [Double] = []
      var matches = 0
      for _ in 0..<5 {
        let t = Measure.now()
        let result = AppState.findMatches(prepared, in: list, rowMap: rowMap)
        times.append(Measure.now() - t)
        matches = result.rows.count
      }
      let speed = Double(input.size) / Measure.median(times) / 1e6
      Self.log("search \(query): \(Self.fmt(speed, 0)) MB/s, \(matches) matches")
      add(
        "Search 60 MB, \(kind) query `\(query)` (\(matches) matching rows) ²", runs: "5", "\(Self.fmt(speed, 0)) MB/s")
    }
    // What search did before: decode every item, then match the text.
    let prepared = PreparedQuery("quokka")
    var times: [Double] = []
    for _ in 0..<3 {
      let t = Measure.now()
      var count = 0
      for s in 0..<list.sectionCount {
        if prepared.matches(list.title(s)) { count += 1 }
        for i in 0..<list.itemCount(s) where prepared.matches(list.itemText(section: s, item: i)) { count += 1 }
      }
      sink &+= count
      times.append(Measure.now() - t)
    }
    let speed = Double(input.size) / Measure.median(times) / 1e6
    Self.log("search by decoding: \(Self.fmt(speed, 0)) MB/s")
    add("Search 60 MB, rare query, decoding every item (the previous search)", runs: "3", "\(Self.fmt(speed, 0)) MB/s")
  }

  // MARK: Rendering

  /// Frame cost at 100, 1 M and 10 M rows. The three lists are loaded at
  /// once and measured in alternation, round after round, so that load from
  /// other processes on the machine hits all three alike; the ratio is taken
  /// within each round.
  mutating func measureRendering() {
    let cases: [(rows: Int, sections: Int, items: Int, label: String)] = [
      // 4 sections of 24 items: the screen shows item rows (a header or
      // two), as in the big lists. (With 25 sections of 3 items, a third
      // of the screen would be cheaper header rows.)
      (100, 4, 24, "100"), (1_000_000, 1_000, 999, "1 M"), (10_000_000, 10_000, 999, "10 M"),
    ]
    var states: [AppState] = []
    for c in cases {
      let input = generate(
        "rows-\(c.rows).json", sections: c.sections, itemsPerSection: c.items, seed: 4, label: c.label)
      guard let buffer = try? DataSource.read(path: input.path), let list = try? JSONIndexer.load(buffer) else {
        fatalError("load failed")
      }
      // The mapping stays valid after the file is removed.
      try? FileManager.default.removeItem(atPath: input.path)
      var state = AppState(list: list, width: 80, height: 24)
      precondition(state.rowMap.totalRows == c.rows)
      _ = state.handle(.command(try! CommandParser.parse("scroll-to 0 0.5")!))
      states.append(state)
      if c.rows == 1_000_000 { measureWriter(list) }
    }
    let rounds = 9
    let perRound = 1000
    var medians = Array(repeating: [Double](), count: states.count)
    var ratios: [Double] = []
    var samples: [Double] = []
    samples.reserveCapacity(perRound)
    for _ in 0..<rounds {
      for k in states.indices {
        samples.removeAll(keepingCapacity: true)
        for _ in 0..<perRound {
          let t = Measure.now()
          let frame = states[k].render()
          samples.append(Measure.now() - t)
          sink &+= frame.cells.count
        }
        medians[k].append(Measure.median(samples))
      }
      ratios.append(medians[2].last! / medians[0].last!)
    }
    for (k, c) in cases.enumerated() {
      let us = Measure.median(medians[k]) * 1e6
      Self.log("render \(c.label) rows: \(Self.fmt(us, 1)) µs")
      add(
        "Frame render 80×24, \(c.label) rows (middle of the list) ³", runs: "\(rounds) × \(perRound)",
        "\(Self.fmt(us, 1)) µs")
    }
    let ratio = Measure.median(ratios)
    add(
      "Ratio: frame render 10 M rows / 100 rows (median of per-round ratios)", runs: "\(rounds)",
      Self.fmt(ratio, 2), target: "≤ 1.20", met: ratio <= 1.2)
  }

  /// Bytes `ScreenWriter` emits for a scroll, a page and a full repaint.
  mutating func measureWriter(_ list: SectionedList) {
    var lines: [Row] = []
    for (w, h) in [(80, 24), (120, 40)] {
      var state = AppState(list: list, width: w, height: h)
      _ = state.handle(.command(try! CommandParser.parse("scroll-to 0 0.5")!))
      var writer = ScreenWriter()
      let full = writer.render(state.render()).count
      _ = state.handle(.command(try! CommandParser.parse("key C-e")!))
      let scroll = writer.render(state.render()).count
      _ = state.handle(.command(try! CommandParser.parse("key PgDn")!))
      let page = writer.render(state.render()).count
      var fresh = ScreenWriter()
      let repaint = fresh.render(state.render()).count
      let pct = { (n: Int) in Self.fmt(100 * Double(n) / Double(repaint), 1) + "%" }
      lines.append(
        Row(
          measure: "ScreenWriter bytes \(w)×\(h): full repaint", runs: "1",
          median: "\(repaint) B (first frame: \(full) B)", target: "—", met: ""))
      lines.append(
        Row(
          measure: "ScreenWriter bytes \(w)×\(h): one-row scroll (`key C-e`) ⁴", runs: "1",
          median: "\(scroll) B (\(pct(scroll)) of a repaint)",
          target: "≪ full repaint", met: scroll * 4 < repaint ? "yes" : "**no**"))
      lines.append(
        Row(
          measure: "ScreenWriter bytes \(w)×\(h): page (`key PgDn`)", runs: "1",
          median: "\(page) B (\(pct(page)) of a repaint)", target: "—", met: ""))
      Self.log("writer \(w)x\(h): repaint \(repaint), C-e \(scroll), PgDn \(page)")
    }
    pendingWriterRows = lines
  }

  var pendingWriterRows: [Row] = []

  // MARK: Report

  func printTable() {
    var out = "| Measure | Runs | Median | Target | Met |\n|---|---|---|---|---|\n"
    for r in rows + pendingWriterRows {
      out += "| \(r.measure) | \(r.runs) | \(r.median) | \(r.target) | \(r.met) |\n"
    }
    out += """

      MB = 10⁶ bytes. Release build, \(ProcessInfo.processInfo.activeProcessorCount) cores; medians of the runs \
      shown, all measured in this one run. Load times are measured inside a fresh child process \
      (`sectionnav-bench load FILE`: `DataSource.read` + `JSONIndexer.load`, sections sorted). Peak RSS is that \
      child's own high-water mark, `VmHWM` in /proc/self/status, which counts the mapped file's pages; the child \
      also reports `getrusage` `ru_maxrss`, but Linux carries the spawning parent's peak into it across `execve`, \
      so it is not used. "Idle process": the same child doing nothing (Swift runtime, Foundation). Ratios compare whole-process \
      times (spawn to exit) of `jq length FILE`, the `JSONDecoder` child (reads the file with `Data(contentsOf:)`) \
      and the `load` child. Files are generated fresh and are in the page cache.

      ¹ In a child process, from before mapping the file to having the `ScreenWriter` bytes of the first frame that \
      shows rows: map the file, build the empty `AppState` and its frame (what the terminal shows first), start \
      `JSONIndexer.load` on a `Thread` (8 MiB stack, as `BackgroundLoader`), wait for the first progress callback's \
      `snapshot()` (after 4 MiB), apply it as a `.data` event, `render()` and `ScreenWriter.render`. Excludes process \
      start, terminal setup and the `write(2)`.
      ² `AppState.findMatches` over the whole loaded list (titles and items, byte search), MB/s of file size.
      ³ `AppState.render()` only, 80×24, after `scroll-to 0 0.5`: each render timed, median of 1000 per round, \
      median of 9 rounds; the three lists are measured in turn within each round. They are loaded from generated \
      JSON (items are byte ranges into the mapped file); the 100-row list is 4 sections of 24 items, so its screen \
      shows item rows like the others (its index has 4 entries instead of 26).
      ⁴ After `scroll-to 0 0.5` over the 1 M-row list; bytes for the update (inside the synchronized-update brackets).
      ⁵ jq's peak RSS is `wait4`'s `ru_maxrss`, which includes this benchmark's own peak (about 20 MB at that point).
      ⁶ In a child process over the 60 MB list (2 M items, loaded first), filter line open: from handing the key \
      (or the paste) to `AppState.handle` to the `ScreenWriter` bytes of the first frame drawn for the new query \
      (its survivors so far); each `FilterJob` chunk runs on its own `Thread` as `BackgroundJobs` runs it (a chunk \
      ends after 256 k items, or early once a screenful has survived). Excludes the terminal's read and `write(2)`.
      ⁷ Whole processes, spawn to exit, output read through a pipe: sectionnav reads the 2 M items under their \
      sections (its JSON), fzf reads the same item texts one per line (written from the loaded list) on standard \
      input; `sectionnav --lines` reads that same lines file (grouping it by initial, which scatters each group's \
      reads across the file). `--filter-print` matches on every core, as fzf does. The item counts agree.
      "By CPU time": user + system CPU seconds (the load's own thread for MB/s, `wait4` for whole processes): the \
      machine is shared, and CPU time is not inflated while other processes hold the CPU.

      """
    for note in notes { out += "\n" + note + "\n" }
    print(out, terminator: "")
  }
}

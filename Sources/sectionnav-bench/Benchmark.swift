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
  var wholeRows: [WholeProcessRow] = []
  var notes: [String] = []
  var options = BenchOptions()
  /// Peers too slow to run again on later seeds (`BenchOptions.peerLimit`): their first run's seconds.
  var slowPeers: [String: Double] = [:]
  /// The pseudo-terminal rows' medians, for the summary of worst rows.
  var terminalRows: [(label: String, firstMs: Double, fullMs: Double, checkMs: Double)] = []
  let directory: String
  let exe = Measure.executablePath()

  init() {
    var template = Array("/tmp/sectionnav-bench.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    directory = String(cString: made)
  }

  /// When the run started, for the seconds in each progress line.
  static let started = Measure.now()

  static func log(_ text: String) {
    FileHandle.standardError.write(Data("bench: [\(fmt(Measure.now() - started, 0)) s] \(text)\n".utf8))
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

  /// The whole run: every table of README's Performance section, from one
  /// run, headed by the machine and its load and followed by the worst rows.
  mutating func run() {
    let wallStart = Measure.now()
    let startDate = Date()
    let loadBefore = Self.loadAverage()
    Self.log("data in \(directory); \(options.sizeMB) MB files, \(options.seeds) seeds, \(options.rounds) rounds")
    // Whole-process figures first, while this process is still small (its
    // peak would otherwise show in the children's `ru_maxrss`).
    let kept = measureWholeProcess(keep: [.plain, .escaped, .uEscapes, .lines])
    let itemFiles = measureItemData()
    measurePty(kept, items: itemFiles)
    measureAfterIdle(kept)
    for file in itemFiles { try? FileManager.default.removeItem(atPath: file.input.path) }
    // One large file for the terminal and standard-input rows.
    let large = generate(
      "600mb.json", sections: options.scaled(5_000), itemsPerSection: 4_000, seed: 3,
      label: "\(options.sizeMB * 10) MB")
    measureLargeInTerminal(large)
    let medium = generate(
      "60mb.json", sections: options.scaled(500), itemsPerSection: 4_000, seed: 2, label: "\(options.sizeMB) MB")
    let baseline = Measure.median((0..<3).map { _ in Double(child(["idle"]).rss) })
    _ = measureLoad(medium, runs: options.rounds, baseline: Int(baseline))
    measureSearch(medium, kept: kept)
    measureFilter(medium)
    measureKeystroke(medium)
    // Input formats and streaming (InputsBench.swift).
    measureInputs(sectioned600: large)
    try? FileManager.default.removeItem(atPath: large.path)
    try? FileManager.default.removeItem(atPath: medium.path)
    for input in kept.values { try? FileManager.default.removeItem(atPath: input.path) }
    measureSort()
    measureRendering()
    try? FileManager.default.removeItem(atPath: directory)
    let minutes = (Measure.now() - wallStart) / 60
    Self.log("done in \(Self.fmt(minutes)) min")
    print(Self.machine(loadBefore: loadBefore, started: startDate))
    print("The run took \(Self.fmt(minutes)) minutes (`sectionnav-bench \(options.arguments)`).\n")
    print(worstRows())
    print(wholeTable(.sectioned))
    print(wholeTable(.items))
    print(wholeProcessNote())
    printTable()
  }

  /// Only the search rows (`sectionnav-bench search-rows`), over the same
  /// data as the full run's.
  mutating func runSearch() {
    let loadBefore = Self.loadAverage()
    var kept: [Shape: Input] = [:]
    for (k, shape) in Shape.allCases.enumerated() where shape == .escaped || shape == .uEscapes {
      let path = directory + "/shape-\(shape.rawValue).json"
      let (size, items) = shape.write(path: path, target: 60_000_000, seed: UInt64(10 + k))
      kept[shape] = Input(path: path, size: size, items: items, label: shape.rawValue)
    }
    let medium = generate("60mb.json", sections: 500, itemsPerSection: 4_000, seed: 2, label: "60 MB")
    measureSearch(medium, kept: kept)
    try? FileManager.default.removeItem(atPath: directory)
    print(Self.machine(loadBefore: loadBefore))
    printTable()
  }

  /// Only the filter's rows (`sectionnav-bench filter`): side by side with
  /// fzf, and the first screen after a keystroke, over the 60 MB data.
  mutating func runFilter() {
    let loadBefore = Self.loadAverage()
    let medium = generate("60mb.json", sections: 500, itemsPerSection: 4_000, seed: 2, label: "60 MB")
    measureFilter(medium)
    measureKeystroke(medium)
    try? FileManager.default.removeItem(atPath: medium.path)
    try? FileManager.default.removeItem(atPath: directory)
    print(Self.machine(loadBefore: loadBefore))
    printTable()
  }

  /// The 1-minute load average (other work on the machine during the run).
  static func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
  }

  /// The machine, the date and how busy it was.
  static func machine(loadBefore: String, started: Date? = nil) -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.flatMap { $0.split(separator: ":").last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    var uts = utsname()
    uname(&uts)
    let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let format = ISO8601DateFormatter()
    let date = (started.map { format.string(from: $0) + " to " } ?? "") + format.string(from: Date())
    return """
      Run \(date): \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(kernel); \
      load average \(loadBefore) at the start, \(loadAverage()) at the end (other processes were running). \
      \(linkage())

      """
  }

  /// How the measured `sectionnav` links the Swift runtime: `scripts/install`
  /// links it statically, which starts faster and with 6 MB less resident
  /// memory than a plain `swift build -c release`.
  static func linkage() -> String {
    let sn = (Measure.executablePath() as NSString).deletingLastPathComponent + "/sectionnav"
    guard let ldd = which("ldd") else { return "(`ldd` not found: the binary's linking is unknown.)" }
    return Measure.run([ldd, sn]).output.contains("libswiftCore")
      ? "**`sectionnav` was built with the Swift runtime linked dynamically**; `scripts/install` links it statically "
        + "(build with `swift build -c release --static-swift-stdlib` to measure that)."
      : "`sectionnav` links the Swift runtime statically, as `scripts/install` builds it."
  }

  /// Large files in a pseudo-terminal (background indexing with
  /// snapshots) against `--check` of the same file, alternating: 600 MB in
  /// 5 000 sections, and a million sections in an unsorted order (where the
  /// snapshots' sorting and the screen's taking in of each list dominate).
  mutating func measureLargeInTerminal(_ large: Input) {
    measureInTerminal(large, label: Self.mb(large.size))
    let many = generate(
      "sections.json", sections: options.scaled(1_000_000), itemsPerSection: 2, seed: 4, label: "1 M sections")
    measureInTerminal(many, label: "\(Self.mb(many.size)) in \(Self.count(options.scaled(1_000_000))) sections")
    try? FileManager.default.removeItem(atPath: many.path)
  }

  /// `sectionnav OPTIONS FILE` in a pseudo-terminal, alternating with
  /// `sectionnav --check OPTIONS FILE`: the first screen with rows, and the
  /// full index against `--check`.
  mutating func measureInTerminal(_ input: Input, label: String, options extra: [String] = []) {
    guard let sn = sectionnav else { return }
    var first: [Double] = []
    var full: [Double] = []
    var check: [Double] = []
    for _ in 0..<options.rounds {
      if let r = PtyProbe.run([sn] + extra + [input.path]) {
        first.append(r.firstRows)
        full.append(r.fullIndex)
      }
      check.append(Measure.run([sn, "--check"] + extra + [input.path]).seconds)
    }
    guard !first.isEmpty else {
      add("First screen with rows in a pseudo-terminal, \(label)", runs: "0", "failed (no pseudo-terminal?)")
      return
    }
    let ms = Measure.median(first) * 1000
    let fullMs = Measure.median(full) * 1000
    let checkMs = Measure.median(check) * 1000
    terminalRows.append((label, ms, fullMs, checkMs))
    Self.log(
      "pty \(label): first rows \(Self.fmt(ms, 1)) ms, full index \(Self.fmt(fullMs, 0)) ms, --check \(Self.fmt(checkMs, 0)) ms"
    )
    add(
      "First screen with rows in a pseudo-terminal, \(label) ⁵", runs: "\(first.count)",
      "\(Self.fmt(ms, 1)) ms", target: "< 50 ms", met: ms < 50)
    add(
      "Full index in a pseudo-terminal (to exit after Enter), \(label) ⁵", runs: "\(full.count)",
      "\(Self.fmt(fullMs, 0)) ms (`--check`, alternating: \(Self.fmt(checkMs, 0)) ms)",
      target: "≤ `--check` + 30 %", met: fullMs <= checkMs * 1.3)
  }

  /// First rows and full index in a pseudo-terminal, from spawn: sectioned
  /// shapes, and the item paths (grouping, fields, formats) of the item data.
  mutating func measurePty(_ kept: [Shape: Input], items: [(input: Input, options: [String])]) {
    for shape in [Shape.plain, .escaped, .uEscapes] {
      guard let input = kept[shape] else { continue }
      measureInTerminal(input, label: "\(shape.rawValue) \(Self.mb(input.size))")
    }
    if let input = kept[.lines] {
      measureInTerminal(input, label: "lines \(Self.mb(input.size)), `--lines`", options: ["--lines"])
    }
    for (input, extra) in items {
      let shown = extra.map { $0.contains(" ") || $0.contains("{") ? "'\($0)'" : $0 }.joined(separator: " ")
      measureInTerminal(input, label: "\(input.label) \(Self.mb(input.size)), `\(shown)`", options: extra)
    }
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
    // The 1 MB file of earlier runs had no goals (the process's own start dominates it).
    let checked = input.size >= 5_000_000
    Self.log("load \(input.label): \(Self.fmt(speed, 0)) MB/s, peak \(Self.mb(Int(peak)))")
    add(
      "Load \(input.label) (\(Self.mb(input.size)), \(items) items)", runs: "\(runs)",
      "\(Self.fmt(speed, 0)) MB/s (by CPU time: \(Self.fmt(cpuSpeed, 0)) MB/s)",
      target: checked ? "≥ 1000 MB/s" : "—", met: checked ? speed >= 1000 : nil)
    add(
      "Peak RSS, load \(input.label)", runs: "\(runs)",
      "\(Self.mb(Int(peak))) = \(Self.fmt(ratio, 2))× file; \(Self.fmt(net, 2))× above an idle process (\(Self.mb(baseline)))",
      target: checked ? "≤ 1.5× file" : "—", met: checked ? ratio <= 1.5 : nil)
    return (Measure.median(walls), Measure.median(cpus))
  }

  // MARK: Search

  mutating func measureSearch(_ input: Input, kept: [Shape: Input]) {
    var cases: [(Input, String, String)] = [
      (input, "quokka", "ASCII, rare"), (input, "an", "ASCII, often"), (input, "Tango", "ASCII, case-sensitive"),
      (input, "日本", "non-ASCII"), (input, "straße", "accented"),
    ]
    if let escaped = kept[.escaped] {
      cases += [(escaped, "path", "ASCII in escaped items"), (escaped, "中", "non-ASCII in escaped items")]
    }
    if let u = kept[.uEscapes] { cases.append((u, "中", "non-ASCII written as `\\u` escapes")) }
    for (file, query, kind) in cases {
      guard let buffer = try? DataSource.read(path: file.path), let list = try? JSONIndexer.load(buffer) else {
        fatalError("load failed")
      }
      let rowMap = RowMap(list)
      let prepared = FilterQuery(query, options: MatchOptions().findNext)
      var times: [Double] = []
      var matches = 0
      for _ in 0..<3 {
        let t = Measure.now()
        let result = AppState.findMatches(prepared, in: list, rowMap: rowMap)
        times.append(Measure.now() - t)
        matches = result.rows.count
      }
      let speed = Double(file.size) / Measure.median(times) / 1e6
      Self.log("search \(query): \(Self.fmt(speed, 0)) MB/s, \(matches) matches")
      add(
        "Search \(file.label) \(Self.mb(file.size)), \(kind) `\(query)` (\(matches) rows) ²", runs: "3",
        "\(Self.fmt(speed, 0)) MB/s", target: "≥ 300 MB/s", met: speed >= 300)
    }
  }

  /// Sorting 1 M distinct titles in random order (sort keys made once per
  /// title, compared as bytes): what a load with that many sections adds.
  mutating func measureSort() {
    var rng = SeededGenerator(seed: 6)
    let words = DataGenerator.words + DataGenerator.nonASCII
    let titles = (0..<1_000_000).map { "\(words[Int(rng.next() % UInt64(words.count))]) \($0) \(rng.next() % 1000)" }
    var times: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<3 {
      let shuffled = titles.shuffled(using: &rng)
      let c = Measure.threadCPU()
      let t = Measure.now()
      keep(NaturalOrder.sortedIndices(shuffled).count)
      times.append(Measure.now() - t)
      cpus.append(Measure.threadCPU() - c)
    }
    let ms = Measure.median(times) * 1000
    let cpu = Measure.median(cpus) * 1000
    Self.log("sort 1 M titles: \(Self.fmt(ms, 0)) ms (CPU \(Self.fmt(cpu, 0)) ms)")
    add(
      "Sort 1 M titles in random order (natural order, keys included)", runs: "3",
      "\(Self.fmt(ms, 0)) ms (CPU \(Self.fmt(cpu, 0)) ms)", target: "< 1000 ms", met: ms < 1000)
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
          keep(frame.cells.count)
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
      so it is not used. "Idle process": the same child doing nothing (Swift runtime, Foundation). Files are \
      generated fresh and are in the page cache.

      ² `AppState.findMatches` over the whole loaded list (titles and items, the filter's matcher in find-next mode), MB/s of file size.
      ³ `AppState.render()` only, 80×24, after `scroll-to 0 0.5`: each render timed, median of 1000 per round, \
      median of 9 rounds; the three lists are measured in turn within each round. They are loaded from generated \
      JSON (items are byte ranges into the mapped file); the 100-row list is 4 sections of 24 items, so its screen \
      shows item rows like the others (its index has 4 entries instead of 26).
      ⁴ After `scroll-to 0 0.5` over the 1 M-row list; bytes for the update (inside the synchronized-update brackets).
      ⁵ `sectionnav FILE` spawned on an 80×24 pseudo-terminal: time until the first output holding the cursor \
      mark `> ` (the first frame with rows), and until the process exits after Enter is sent at that moment (it \
      prints the item once indexing ends).
      ⁷ In a child process over the 60 MB list (2 M items, loaded first), filter line open: from handing the key \
      (or the paste) to `AppState.handle` to the `ScreenWriter` bytes of the first frame drawn for the new query \
      (its survivors so far); each `FilterJob` chunk runs on its own `Thread` as `BackgroundJobs` runs it (a chunk \
      ends after 256 k items, or early once a screenful has survived). Excludes the terminal's read and `write(2)`.
      ⁸ Whole processes, spawn to exit, output read through a pipe: sectionnav reads the 2 M items under their \
      sections (its JSON), fzf reads the same item texts one per line (written from the loaded list) on standard \
      input; `sectionnav --lines` reads that same lines file (grouping it by initial, which scatters each group's \
      reads across the file). `--filter-print` matches on every core, as fzf does. The item counts agree.
      "By CPU time": user + system CPU seconds (the load's own thread for MB/s, `wait4` for whole processes): the \
      machine is shared, and CPU time is not inflated while other processes hold the CPU.

      """
    for note in notes { out += note + "\n" }
    print(out, terminator: "")
  }
}

import Foundation
import SectionNavCore
import TerminalIO

// sectionnav-bench: the project's performance benchmark (README.md, "Performance").
//
//   swift run -c release sectionnav-bench [--size MB] [--seeds N] [--rounds N] [--peer-limit S]
//
// Generates its data into a temporary directory (seeds 1…N), measures,
// prints README's Performance tables to standard output, each whole-process
// row at its worst seed (progress goes to standard error), and deletes the
// data (BenchOptions.swift). Hidden subcommands, used by the benchmark
// itself for per-process measurements: `load FILE`, `decode FILE`,
// `first-frame FILE`, `idle`; `generate FILE SECTIONS ITEMS` writes the
// benchmark's data, `shape FILE NAME [SEED]` a sectioned shape and
// `item-shape FILE NAME SEED` an item-data shape (for profiling); `filter`
// runs only the filter's rows; `search-rows` only the search rows; `items
// [OPTIONS]` only the item-data rows.

let arguments = CommandLine.arguments
if arguments.count >= 2 {
  let file = arguments.count >= 3 ? arguments[2] : ""
  switch arguments[1] {
  case "filter" where arguments.count == 2:
    // filter: only the filter's rows (README "Filtering, side by side with fzf").
    var benchmark = Benchmark()
    benchmark.runFilter()
  case "search-rows" where arguments.count == 2:
    // search-rows: only the search rows (README "Performance").
    var benchmark = Benchmark()
    benchmark.runSearch()
  case "items":
    // items [OPTIONS]: only the item-data rows (ItemShapes.swift) and their summary.
    guard let options = BenchOptions.parse(arguments.dropFirst(2)) else { fatalError(BenchOptions.usage) }
    var benchmark = Benchmark()
    benchmark.options = options
    // The load before the rows, not after them (both were the load at the end).
    let loadBefore = Benchmark.loadAverage()
    let started = Date()
    for file in benchmark.measureItemData() { try? FileManager.default.removeItem(atPath: file.input.path) }
    try? FileManager.default.removeItem(atPath: benchmark.directory)
    print(Benchmark.machine(loadBefore: loadBefore, started: started))
    print(benchmark.worstRows())
    print(benchmark.wholeTable(.items))
    print(benchmark.wholeProcessNote())
  case "item-shape" where arguments.count == 5:
    // item-shape FILE NAME SEED: writes one of the item-data shapes (about 60 MB), for profiling.
    guard let shape = ItemShape(rawValue: arguments[3]) else {
      fatalError("shapes: \(ItemShape.allCases.map(\.rawValue))")
    }
    print(shape.write(path: file, target: 60_000_000, seed: UInt64(arguments[4]) ?? 1))
  case "load": print(ChildCommands.load(file))
  case "decode": print(ChildCommands.decode(file))
  case "first-frame": print(ChildCommands.firstFrame(file))
  case "idle": print(ChildCommands.idle())
  case "filter-keystroke" where arguments.count == 5:
    print(ChildCommands.filterKeystroke(file, before: arguments[3], keys: arguments[4]))
  case "search" where arguments.count == 5:
    // search FILE QUERY N: N timed searches over FILE (for profiling).
    let list = try! JSONIndexer.load(try! DataSource.read(path: file))
    let rowMap = RowMap(list)
    let prepared = FilterQuery(arguments[3], options: MatchOptions().findNext)
    for _ in 0..<(Int(arguments[4]) ?? 1) {
      let t0 = Measure.now()
      let rows = AppState.findMatches(prepared, in: list, rowMap: rowMap).rows.count
      print("\(rows) rows, \(Double(list.itemCount) / (Measure.now() - t0) / 1e6) M items/s")
    }
  case "shape" where arguments.count == 4 || arguments.count == 5:
    // shape FILE NAME [SEED]: writes one of the whole-process shapes (about 60 MB), for profiling.
    guard let shape = Shape(rawValue: arguments[3]) else { fatalError("shapes: \(Shape.allCases.map(\.rawValue))") }
    print(shape.write(path: file, target: 60_000_000, seed: arguments.count == 5 ? UInt64(arguments[4]) ?? 1 : 1))
  case "sort":
    // sort [LOCALE]: times NaturalOrder over 1 M random titles (for profiling),
    // in LOCALE's collation when given (README "The index in your language").
    let collation = arguments.count >= 3 ? try! LocaleCollation.open(arguments[2]) : nil
    var rng = SeededGenerator(seed: 6)
    let words = DataGenerator.words + DataGenerator.nonASCII
    let titles = (0..<1_000_000).map { "\(words[Int(rng.next() % UInt64(words.count))]) \($0) \(rng.next() % 1000)" }
      .shuffled(using: &rng)
    let t0 = Measure.now()
    keep(NaturalOrder.SortKeys.of(titles, collation: collation).count)
    let t1 = Measure.now()
    keep(NaturalOrder.sortedIndices(titles, collation: collation).count)
    let t2 = Measure.now()
    // The titles are freed after the clock stops (a million scattered
    // Strings take 0.4 s to free, which is not the sort's).
    withExtendedLifetime(titles) {}
    print(String(format: "keys %.0f ms, keys + sort %.0f ms", (t1 - t0) * 1000, (t2 - t1) * 1000))
  case "pty":
    // pty FILE [--stdin] [OPTIONS…]: seconds to first rows and to the end of a full index, in a
    // pseudo-terminal, with OPTIONS before FILE; `--stdin`: FILE comes through a pipe, as `-`.
    let sn = (Measure.executablePath() as NSString).deletingLastPathComponent + "/sectionnav"
    var options = Array(arguments.dropFirst(3))
    let piped = options.first == "--stdin"
    if piped { options.removeFirst() }
    let probe = PtyProbe.run([sn] + options + [piped ? "-" : file], input: piped ? file : nil)
    print(probe.map { "\($0.firstRows) \($0.fullIndex)" } ?? "failed")
  case "stdin-load": print(ChildCommands.stdinLoad(file))
  case "load-loop" where arguments.count == 4:
    // load-loop FILE N: N timed loads in one process (for profiling).
    for _ in 0..<(Int(arguments[3]) ?? 1) {
      let c0 = Measure.threadCPU()
      let t0 = Measure.now()
      let buffer = try! DataSource.read(path: file)
      let t1 = Measure.now()
      let list = try! JSONIndexer.load(buffer)
      let t2 = Measure.now()
      keep(list.itemCount)
      let cpu = Measure.threadCPU() - c0
      print(
        "map \((t1 - t0) * 1000) ms, index \((t2 - t1) * 1000) ms, \(Double(buffer.count) / (t2 - t0) / 1e6) MB/s,",
        "CPU \(cpu * 1000) ms")
    }
  case "writer-dump" where arguments.count == 3:
    // writer-dump FILE: the ScreenWriter bytes of a C-e and a PgDn, escaped (for inspection).
    let list = try! JSONIndexer.load(try! DataSource.read(path: file))
    var state = AppState(list: list, width: 80, height: 24)
    _ = state.handle(.command(try! CommandParser.parse("scroll-to 0 0.5")!))
    var writer = ScreenWriter()
    _ = writer.render(state.render())
    for key in ["C-e", "PgDn"] {
      _ = state.handle(.command(try! CommandParser.parse("key " + key)!))
      let bytes = writer.render(state.render())
      print(
        key, bytes.count,
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 ? "\\e" : String($0) }.joined())
    }
  case "render-loop" where arguments.count == 4:
    // render-loop FILE N: N renders of 80x24 in the middle of FILE's list (for profiling).
    let list = try! JSONIndexer.load(try! DataSource.read(path: file))
    var state = AppState(list: list, width: 80, height: 24)
    _ = state.handle(.command(try! CommandParser.parse("scroll-to 0 0.5")!))
    let t0 = Measure.now()
    let n = Int(arguments[3]) ?? 1
    for _ in 0..<n { keep(state.render().cells.count) }
    print("\((Measure.now() - t0) / Double(n) * 1e6) µs per render")
  case "generate" where arguments.count == 5:
    // generate FILE SECTIONS ITEMS_PER_SECTION: the benchmark's data, for profiling.
    let size = DataGenerator.write(
      path: file, sections: Int(arguments[3]) ?? 1, itemsPerSection: Int(arguments[4]) ?? 1, seed: 2)
    print(size)
  case "-h", "--help":
    print(BenchOptions.usage + "   (generates data, measures, prints README's Performance tables)")
  case let flag where flag.hasPrefix("--"):
    // The whole run with options (BenchOptions.swift).
    guard let options = BenchOptions.parse(arguments.dropFirst()) else {
      FileHandle.standardError.write(Data((BenchOptions.usage + "\n").utf8))
      exit(2)
    }
    var benchmark = Benchmark()
    benchmark.options = options
    benchmark.run()
  default:
    FileHandle.standardError.write(Data("sectionnav-bench: unknown command '\(arguments[1])'\n".utf8))
    exit(2)
  }
  fflush(nil)
  exit(0)
}

var benchmark = Benchmark()
benchmark.run()

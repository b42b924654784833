import Testing

@testable import SectionNavCore

/// The row Enter picks is the row drawn with the cursor, and the cursor
/// stays on the first row until the user moves it — while input streams in,
/// while a filter's results arrive in chunks and once they are ranked. Random
/// keys, wheel turns, queries, held and settled filter work and streamed
/// arrivals, with the rule checked after every step.
@Suite struct CursorInvariantTests {
  /// A small deterministic generator (SplitMix64), so a failure replays.
  struct Random: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Items in the order a stream delivers them: later ones land in sections
  /// that sort first and score higher for the queries below.
  static let arrivals: [(title: String, item: String)] = (0..<60).map { n in
    let title = ["M", "K", "H", "D", "B", "A"][n % 6]
    let item = ["zq-x-u-\(n)", "quzu\(n)", "q-u-z-u\(n)", "b\(n)quzu", "abc\(n)"][n % 5]
    return (title, item)
  }

  /// The first `count` arrivals as the loader shows them: sections sorted by title.
  static func snapshot(_ count: Int) -> SectionedList {
    var byTitle: [String: [String]] = [:]
    for (t, i) in arrivals.prefix(count) { byTitle[t, default: []].append(i) }
    return SectionedList(byTitle.keys.sorted().map { (title: $0, items: byTitle[$0]!) })
  }

  static let keys = [
    "j", "k", "Down", "Up", "C-j", "C-k", "C-n", "C-p", "PgDn", "PgUp", "g", "G", "]", "[",
    "C-e", "C-y", "d", "u",
  ]
  static let queries = ["quzu", "q", "qu", "u", "abc", "zzz", "b1", ""]

  @Test(arguments: [false, true]) func enterPicksTheRowDrawnWithTheCursor(sort: Bool) throws {
    for seed in UInt64(1)...40 {
      var random = Random(state: seed)
      var settings = AppSettings()
      settings.sort = sort
      var s = AppState(list: Self.snapshot(3), settings: settings, width: 30, height: 8)
      var runner = SynchronousRunner()
      var arrived = 3
      _ = runner.send(.data(DataUpdate(list: Self.snapshot(arrived), progress: 0, reading: true)), to: &s)
      // Moved by hand since the last query typed (or the start).
      var moved = false
      var log: [String] = []
      for _ in 0..<60 {
        let step: String
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
          let key = Self.keys.randomElement(using: &random)!
          step = "key \(key)"
          _ = runner.send(.key(try KeyNames.parse(key)), to: &s)
          moved = true
        case 4:
          let down = Bool.random(using: &random)
          step = "wheel \(down ? "down" : "up")"
          _ = runner.send(.mouse(MouseEvent(down ? .wheelDown : .wheelUp, column: 2, row: 4)), to: &s)
          moved = true
        case 5, 6:
          let q = Self.queries.randomElement(using: &random)!
          step = "filter \(q)"
          _ = runner.send(.command(.filter(q)), to: &s)
          if !q.isEmpty { moved = false }
        case 7:
          runner.holding.toggle()
          step = runner.holding ? "hold" : "settle"
          if !runner.holding {
            runner.holding = true
            _ = runner.settle(&s)
          }
        default:
          arrived = min(Self.arrivals.count, arrived + Int.random(in: 1...9, using: &random))
          step = "arrive \(arrived)"
          let done = arrived == Self.arrivals.count
          _ = runner.send(
            .data(DataUpdate(list: Self.snapshot(arrived), progress: done ? nil : 0, reading: !done)), to: &s)
        }
        log.append(step)
        if let problem = problem(s, moved: moved) {
          let frame = s.render().plainLines().joined(separator: "\n")
          Issue.record("seed \(seed), after \(log.suffix(8).joined(separator: "; ")): \(problem)\n\(frame)")
          return
        }
      }
    }
  }

  /// What breaks the rule now, if anything: the cursor's row is drawn with
  /// `>`, Enter would print that row's item, and until the user moves it
  /// the cursor is on the first item row; the pinned header never repeats
  /// as the list's first row.
  func problem(_ s: AppState, moved: Bool) -> String? {
    let lines = s.render().plainLines()
    if !lines[0].isEmpty && lines[0].trimmingTrailingSpaces == lines[1].trimmingTrailingSpaces {
      return "the header shows twice"
    }
    let drawn = lines.dropLast().filter { $0.hasPrefix(">") }
    guard let c = s.cursor else { return drawn.isEmpty ? nil : "a cursor drawn with no cursor" }
    let text = s.list.itemText(section: c.section, item: c.item)
    guard drawn.count == 1, let row = drawn.first else { return "\(drawn.count) rows drawn with the cursor" }
    if !row.dropFirst(2).hasPrefix(text) { return "the cursor is on \(text), drawn on \(row)" }
    var copy = s
    guard case .choose(let section, let item)? = copy.handle(.key(KeyEvent(.enter))).first else {
      return "Enter did not choose"
    }
    let picked = s.dataList.itemText(section: section, item: item)
    if picked != text { return "Enter picks \(picked), the cursor is on \(text)" }
    if !moved && s.cursorRow != s.rowMap.nextItemRow(from: 0) { return "the cursor left the first row unmoved" }
    return nil
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: Substring {
    self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)]
  }
}

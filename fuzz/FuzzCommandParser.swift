import SectionNavCore

/// Fuzzes the script/prompt grammar and its execution: the input is read as
/// UTF-8 text (invalid bytes become U+FFFD), each line is parsed with
/// `CommandParser.parse` and the command is carried out on an `AppState` over a
/// small list through a `SynchronousRunner`, the way `ScriptRunner` does.
/// Lines that do not parse go to the prompt path (`.lineEdited`), which echoes
/// the error in the status line.
/// The frame (checked every few lines and at the end) must keep the invariants
/// in `FrameCheck`; `print` must write H lines and `state` one line of JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  var state = ParserFuzz.makeState(variant: size)
  var runner = SynchronousRunner()
  var lines = 0
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    lines += 1
    if lines > ParserFuzz.maxLines { break }
    var line = String(line)
    if line.hasSuffix("\r") { line.removeLast() }
    let command: Command?
    do {
      command = try CommandParser.parse(line)
    } catch {
      require(!error.message.isEmpty, "empty parse error message")
      _ = state.handle(.lineEdited(.command, line, warning: nil))
      continue
    }
    guard let command, let bounded = ParserFuzz.bounded(command) else { continue }
    for effect in runner.send(.command(bounded), to: &state) {
      switch effect {
      case .output(let text): ParserFuzz.checkOutput(text, of: bounded, height: state.height)
      case .commandFailed(let message): require(!message.isEmpty, "empty command error message")
      default: break
      }
    }
    // Checking a frame costs more than a command: check now and then (FuzzCompositor checks every one).
    if lines % 8 == 0 { FrameCheck.verify(state) }
  }
  FrameCheck.verify(state)
  return 0
}

enum ParserFuzz {
  static let maxLines = 64

  /// A small list with awkward titles: blank, duplicate-looking, accented, wide, with controls.
  static let list = SectionedList([
    (title: "Alpha", items: ["a1", "a2 \u{1B}[31mred", "α wide 漢字"]),
    (title: "", items: []),
    (title: "  ", items: ["blank title"]),
    (title: "Écoles", items: ["e\u{301}cole", "École"]),
    (title: "beta", items: (0..<40).map { "b\($0)" }),
    (title: "\u{1B}]0;evil\u{07}", items: ["\u{202E}txet", "bell\u{07}", "\u{9B}2J"]),
    (title: "👩‍👩‍👧", items: ["family", String(repeating: "long ", count: 40)]),
    (title: "Zulu", items: ["z"]),
  ])

  /// Settings vary with the input's length so every mode gets fuzzed.
  static func makeState(variant: Int) -> AppState {
    var settings = AppSettings()
    settings.indexMode = SectionIndex.Mode.allCases[variant % 3]
    settings.smooth = variant % 2 == 0
    settings.indicators = [.always, .auto, .never][variant / 3 % 3]
    settings.theme = variant % 5 == 0 ? .monochrome : .standard
    if variant % 7 == 0 { settings.indexLabels = ["Alpha": "\u{1B}[1mA", "beta": "β", "Zulu": "\u{07}Z"] }
    return AppState(list: list, settings: settings, width: 80, height: 24)
  }

  /// The command with its repetition bounded so one input cannot run for
  /// seconds; nil to skip it (frames larger than 300×300).
  static func bounded(_ command: Command) -> Command? {
    switch command {
    case .wheel(let direction, let count, let column, let row):
      return .wheel(direction, count: min(count, 64), column: column, row: row)
    case .drag(let c1, let r1, let c2, let r2):
      // `drag` moves through every cell between the two points.
      return .drag(column: min(c1, 400), row: min(r1, 400), toColumn: min(c2, 400), toRow: min(r2, 400))
    case .resize(let w, let h):
      return w > 300 || h > 300 ? nil : command
    case .key(let keys):
      return .key(Array(keys.prefix(256)))
    default:
      return command
    }
  }

  /// `print` writes exactly H lines; `state` one line of JSON.
  static func checkOutput(_ text: String, of command: Command, height: Int) {
    require(text.hasSuffix("\n"), "output without a final newline")
    switch command {
    case .print:
      let lines = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      require(lines == height, "print wrote \(lines) lines for a frame \(height) high")
    case .state:
      require(text.hasPrefix("{") && text.dropLast().hasSuffix("}"), "state is not one JSON object")
      require(!text.dropLast().contains("\n"), "state is more than one line")
      for s in text.dropLast().unicodeScalars {
        require(s.value >= 0x20, "unescaped control in state JSON")
      }
    default:
      break
    }
  }
}

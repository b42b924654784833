import Foundation
import SectionNavCore

/// `--script FILE` (or a script piped to standard input): replays commands and
/// prints frames as text; never touches a terminal.
enum ScriptMode {
  static func run(config: Configuration, list: SectionedList, settings: AppSettings, chosen: Chosen) throws(Exit)
    -> Int32
  {
    let path = config.script ?? "-"
    let name = path == "-" ? "<stdin>" : path
    let source = try DataLoading.read(path)
    let script = withExtendedLifetime(source) { String(decoding: source.bytes, as: UTF8.self) }
    var state = AppState(list: list, settings: settings, width: config.width, height: config.height)
    if config.filter || config.query != nil {
      // The starting filter runs to the end before the first line, as scripts run jobs.
      var runner = SynchronousRunner()
      for case .start(let job) in state.startFiltering(query: config.query ?? "", openLine: config.filter) {
        _ = runner.send(job.run(shouldStop: { false }), to: &state)
      }
    }
    var buffer = ""
    let outcome = ScriptRunner.run(script, state: &state) { text in
      buffer += text
      if buffer.utf8.count > 1 << 16 {
        Output.write(buffer)
        buffer = ""
      }
    }
    Output.write(buffer)
    switch outcome {
    case .finished, .quit:
      return config.pick ? 1 : 0
    case .interrupted:
      return 130
    case .chose(let s, let i):
      Output.write(chosen.text(state.dataList, section: s, item: i))
      return 0
    case .choseItems(let items):
      Output.write(chosen.text(state.dataList, items: items))
      return 0
    case .failed(let line, let message):
      throw Exit(status: 2, message: "\(name):\(line): error: \(message)")
    case .dataFailed(let message):
      throw Exit(status: 2, message: message)
    }
  }
}

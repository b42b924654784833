import Foundation
import SectionNavCore

/// `--script FILE` (`-`: standard input): replays commands and prints frames
/// as text; never touches a terminal.
enum ScriptMode {
  static func run(
    path: String, config: Configuration, list: SectionedList, settings: AppSettings, chosen: Chosen
  ) throws(Failure) -> Int32 {
    let name = path == "-" ? "<stdin>" : path
    let script = String(
      decoding: try SideFile.read(path, limit: SideFile.scriptLimit, option: "--script"), as: UTF8.self)
    var state = AppState(list: list, settings: settings, width: config.width, height: config.height)
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
      return (config.pick ? ExitCode.notChosen : .success).rawValue
    case .interrupted:
      return ExitCode.interrupted.rawValue
    case .chose(let s, let i):
      Output.write(chosen.text(state.list, section: s, item: i))
      return ExitCode.success.rawValue
    case .failed(let line, let message):
      throw Failure(message, at: "\(name):\(line)")
    case .dataFailed(let failure):
      throw failure
    }
  }
}

import SectionNavCore
import SectionNavSystem

/// `--script FILE` (`-`: standard input): replays commands and prints frames
/// as text; never touches a terminal.
enum ScriptMode {
  static func run(
    path: String, config: Configuration, list: SectionedList, settings: AppSettings, chosen: Chosen
  ) throws(Failure) -> Int32 {
    // Commands run on this thread, waited for: a signal that ends the run
    // kills them and removes their files rather than leave them behind.
    ChildCleanup.installSignalHandlers()
    let script = String(
      decoding: try SideFile.read(path, limit: SideFile.scriptLimit, option: "--script"), as: UTF8.self)
    var state = AppState(list: list, settings: settings, width: config.width, height: config.height)
    var buffer = ""
    // Data that shrank on disk after loading reads as NUL bytes: never print
    // that as if it were the data (checked before each write and at the end).
    var shrank = false
    let outcome = ScriptRunner.run(
      script, state: &state, first: Session.firstEvents(config), shell: ScriptModeShell(config: config)
    ) { text in
      guard !shrank else { return }
      buffer += text
      if buffer.utf8.count > 1 << 16 {
        shrank = DataLoading.dataShrank
        if !shrank { Output.write(buffer) }
        buffer = ""
      }
    }
    if shrank || DataLoading.dataShrank { throw Failure.sourceShrank(settings.sourceName) }
    Output.write(buffer)
    let end = try ScriptRunner.end(outcome, scriptName: DataSource.displayName(path))
    if case .become(let line) = end { throw Failure(InteractiveMode.become(line)) }
    let (status, output) = try end.exit(state, chosen: chosen)
    if let output { Output.write(bytes: output) }
    return status
  }
}

import SectionNavCore
import SectionNavSystem

/// The executable's whole job: parse options, load data, pick a mode, map the
/// outcome to an exit status. All behaviour lives in SectionNavCore.
enum Launcher {
  /// A list the process ends with (`--check`), kept so that it is not freed before the exit.
  nonisolated(unsafe) static var leftToExit: SectionedList?

  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    Output.occupyClosedStandardDescriptors()
    Output.noteStartingSignals()
    LargeBlocks.returnToTheKernel()
    var status: Int32
    do {
      status = try start(arguments: arguments, environment: environment)
    } catch {
      Output.error(error.description)
      status = error.status.rawValue
    }
    // Output that did not arrive (a full disk, a closed descriptor, a reader
    // that went away) is an error, whatever the run did otherwise.
    if let code = Output.standardOutputFailure {
      if let message = Output.failureMessage(code) { Output.error(message) }
      return max(status, ExitCode.failure.rawValue)
    }
    return status
  }

  private static func start(arguments: [String], environment: [String: String]) throws(Failure) -> Int32 {
    try ResourceLimits.ensureStack()
    var config: Configuration
    do {
      config = try OptionParser.parse(arguments: arguments, environment: environment) {
        () throws(UsageError) in
        try ConfigFile.load(environment: environment, warn: { Output.error("sectionnav: warning: " + $0) })
      }
    } catch {
      throw error.failure
    }
    config = try Session.withInput(config, standardInputIsTerminal: Output.standardInputIsTerminal)
    try DataLoading.settleCombination(&config)
    if let text = Session.textOnly(config) {
      Output.write(text)
      return 0
    }
    try ResourceLimits.ensureFiles()
    config.collation = DataLoading.collation(config, environment: environment)
    let printFormat = config.printFormat
    try Session.checkInputs(config)
    var data: StartingData
    do {
      data = try StartingData.open(config)
    } catch var failure where config.fileAfterHint != nil && failure.location == nil && failure.hint == nil {
      // fzf's `--filter QUERY` or `--multi MAX` typed here, where they take no value.
      failure.hint = config.fileAfterHint
      throw failure
    }
    if config.check, case .ready(let list) = data {
      Output.write("\(list.sectionCount) sections, \(list.itemCount) items\n")
      // The process ends next: the list is left to the kernel, not freed
      // title by title first (a million sections: 6 ms).
      leftToExit = list
      return 0
    }
    let chosen = Chosen(
      format: printFormat, terminator: config.itemEnd, sanitize: Output.standardOutputIsTerminal)
    if let query = config.filterPrint, case .ready(let list) = data {
      return try FilterPrintMode.run(query: query, list: list, config: config, chosen: chosen)
    }
    if PickShortcut.wanted(config) {
      let list = try data.complete(config)
      if let status = try PickShortcut.run(list: list, config: config, chosen: chosen) { return status }
      data = .ready(list)
    }
    let settings = Session.settings(
      config, labels: try DataLoading.indexLabels(config), outputIsTerminal: Output.standardOutputIsTerminal,
      environment: environment)
    if let script = config.script, case .ready(let list) = data {
      return try ScriptMode.run(path: script, config: config, list: list, settings: settings, chosen: chosen)
    }
    return try InteractiveMode.run(
      config: config, data: data, settings: settings, chosen: chosen, environment: environment)
  }
}

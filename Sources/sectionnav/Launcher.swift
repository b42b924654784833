import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The executable's whole job: parse options, load data, pick a mode, map the
/// outcome to an exit status. All behaviour lives in SectionNavCore.
enum Launcher {
  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    Output.occupyClosedStandardDescriptors()
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
    var config: Configuration
    do {
      config = try OptionParser.parse(arguments: arguments, environment: environment) {
        () throws(UsageError) in try ConfigFile.load(environment: environment)
      }
    } catch {
      throw error.failure
    }
    // `ls | sectionnav --lines`: line input without FILE comes from standard
    // input; with nothing there it is an error, not the demo.
    if config.lines && config.file == nil && config.script != "-" && !config.help && !config.version {
      guard !Output.standardInputIsTerminal else {
        throw Failure("--lines needs a FILE or lines on standard input (it is a terminal)")
      }
      config.file = "-"
    } else if DataLoading.wantsItemInput(config) && config.file == nil && config.script != "-"
      && !Output.standardInputIsTerminal
    {
      // `kubectl … -o json | sectionnav --path .items`: item data without FILE, too.
      config.file = "-"
    } else if config.file == nil && config.script == nil && !config.demoChosen && !config.help && !config.version
      && config.shell == nil && !Output.standardInputIsTerminal
    {
      // `echo '{…}' | sectionnav`: data waiting on standard input is read, as
      // fzf, jq and less do; the demo is for a terminal with nothing given.
      // (A script reads it only as `-`: its harness's stdin is no data.)
      config.file = "-"
    }
    try DataLoading.checkCombination(config)
    if config.help {
      Output.write(HelpText.render())
      return 0
    }
    if let shell = config.shell {
      Output.write(ShellScripts.text(for: shell))
      return 0
    }
    if config.version {
      Output.write(Version.string + "\n")
      return 0
    }
    config.collation = collation(config, environment: environment)
    let printFormat = config.printFormat
    if config.script == "-" && config.file == "-" {
      throw Failure("the data and the script cannot both come from standard input")
    }
    // Scripts and --check wait for the whole index; a large file opens at once
    // and is indexed in the background; a pipe or standard input is shown as
    // it arrives (`Session`).
    var data = StartingData.ready(SectionedList([]))
    if let file = config.file, Session.loadsAsItArrives(config) {
      switch try DataLoading.open(file) {
      case .stream(let fd):
        data = .stream(fd: fd)
      case .buffer(let buffer):
        data =
          Session.indexesInBackground(count: buffer.count, config)
          ? .background(buffer) : .ready(try DataLoading.parse(buffer, config))
      }
    } else {
      data = .ready(try DataLoading.load(config))
    }
    if config.check, case .ready(let list) = data {
      Output.write("\(list.sectionCount) sections, \(list.itemCount) items\n")
      return 0
    }
    let chosen = Chosen(
      format: printFormat, terminator: config.print0 ? "\0" : "\n", sanitize: Output.standardOutputIsTerminal)
    if let query = config.filterPrint, case .ready(let list) = data {
      return try FilterPrintMode.run(query: query, list: list, config: config, chosen: chosen)
    }
    if PickShortcut.wanted(config) {
      let list = try PickShortcut.complete(data, config)
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

extension Launcher {
  /// The collation `--locale` asks for — else a contacts demo's language,
  /// else `LC_ALL`, `LC_COLLATE` or `LANG` — or nil for the C locale. ICU is
  /// loaded here, only for a locale other than C; where it is missing, one
  /// note and the C locale's rules.
  static func collation(_ config: Configuration, environment: [String: String]) -> LocaleCollation? {
    let demoLocale = config.file == nil ? config.demo.locale : nil
    let name = config.locale ?? demoLocale ?? LocaleCollation.environmentLocale(environment) ?? "C"
    guard LocaleCollation.isWellFormed(name), let id = LocaleCollation.icuLocale(name) else { return nil }
    do {
      return try LocaleCollation.open(id)
    } catch {
      Output.error("sectionnav: note: locale \(id): \(error.description); sorting and the index follow the C locale")
      return nil
    }
  }
}

/// Where the data stands when the UI starts.
enum StartingData {
  case ready(SectionedList)
  /// A large file, mapped but not yet indexed.
  case background(ByteBuffer)
  /// A pipe, terminal or device still to be read (`BackgroundLoader.start(stream:)`).
  case stream(fd: Int32)
}

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
      return max(status, 2)
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
    // Only `--script` makes a script run: keys always come from /dev/tty, and
    // standard input is data or nothing (as with fzf and less).
    let scripted = config.script != nil
    // Scripts and --check wait for the whole index; a large file opens at once
    // and is indexed in the background; a pipe or standard input is shown as
    // it arrives.
    var data = StartingData.ready(SectionedList([]))
    if let file = config.file, !config.check, !scripted, config.filterPrint == nil {
      switch try DataLoading.open(file) {
      case .stream(let fd):
        data = .stream(fd: fd)
      case .buffer(let buffer):
        data =
          !config.lines && buffer.count >= InteractiveMode.backgroundThreshold
          ? .background(buffer) : .ready(try DataLoading.parse(buffer, config))
      }
    } else {
      data = .ready(try DataLoading.load(config))
    }
    if config.check, case .ready(let list) = data {
      Output.write("\(list.sectionCount) sections, \(list.itemCount) items\n")
      return 0
    }
    let chosen = Chosen(format: printFormat, terminator: config.print0 ? "\0" : "\n")
    if let query = config.filterPrint, case .ready(let list) = data {
      return try FilterPrintMode.run(query: query, list: list, config: config, chosen: chosen)
    }
    if PickShortcut.wanted(config) {
      let list = try PickShortcut.complete(data, config)
      if let status = try PickShortcut.run(list: list, config: config, chosen: chosen) { return status }
      data = .ready(list)
    }
    var settings = AppSettings()
    let labels = try DataLoading.indexLabels(config)
    settings.indexLabels = labels
    settings.collation = config.collation
    settings.indexMode = config.indexMode ?? (labels.isEmpty ? .initials : .titles)
    settings.indexAnchor = config.indexAnchor
    settings.indicators = config.indicators
    settings.smooth = config.smooth
    // `item=$(sectionnav …)`: output captured means a choice is wanted (fzf's habits).
    settings.pick = config.pick || (!config.browse && !scripted && !Output.standardOutputIsTerminal)
    settings.multi = config.multi
    settings.sort = config.sort ?? settings.pick
    if let prompt = config.prompt { settings.prompt = TextSanitizer.visible(prompt) }
    settings.chrome = PickChrome(layout: config.layout, header: config.header)
    settings.preview = config.preview
    settings.previewWindow = config.previewWindow
    settings.binds = config.binds
    settings.sourceName = DataLoading.sourceName(config)
    settings.match = config.match
    settings.theme = Theme.resolve(
      colorWhen: config.color, specs: config.colorSpecs, environment: environment,
      isTerminal: scripted ? Output.standardOutputIsTerminal : true)
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

/// Formats chosen items per `--print` (and `--print0`); sanitised when
/// standard output is a terminal. Items are of the full data (`dataList`).
struct Chosen {
  let format: PrintFormat
  /// "\n", or NUL under `--print0`.
  var terminator = "\n"

  /// `format` overrides `--print` (a `print(FORMAT)` action chose the item).
  /// An item that the output cannot represent — a NUL under `--print0`,
  /// which would split it into two names for `xargs -0` — is an error,
  /// never something else written in its place.
  func text(_ list: SectionedList, section: Int, item: Int, format: PrintFormat? = nil) throws(Failure) -> String {
    let format = format ?? self.format
    let line = format.render(
      section: list.title(section), item: list.itemText(section: section, item: item), index: item,
      json: format.usesJSON ? list.itemJSON(section: section, item: item) : "")
    if terminator == "\0" && line.utf8.contains(0) { throw Self.holdsNUL(list, section: section, item: item) }
    return (Output.standardOutputIsTerminal ? TextSanitizer.visible(line) : line) + terminator
  }

  /// Marked items (`--multi`), in the order given: all of them or, when one
  /// cannot be printed, none.
  func text(_ list: SectionedList, items: [ChosenItem], format: PrintFormat? = nil) throws(Failure) -> String {
    var out = ""
    for chosen in items { out += try text(list, section: chosen.section, item: chosen.item, format: format) }
    return out
  }

  /// The error for an item that `--print0` cannot print.
  static func holdsNUL(_ list: SectionedList, section: Int, item: Int) -> Failure {
    Failure(
      "--print0 cannot print item \(item) of section '\(list.title(section))': it holds a NUL byte "
        + "(--print json escapes it as \\u0000)")
  }
}

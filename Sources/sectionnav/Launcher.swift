import Foundation
import SectionNavCore

/// The executable's whole job: parse options, load data, pick a mode, map the
/// outcome to an exit status. All behaviour lives in SectionNavCore.
enum Launcher {
  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    do {
      return try start(arguments: arguments, environment: environment)
    } catch {
      if let message = error.message { Output.error(message) }
      return error.status
    }
  }

  private static func start(arguments: [String], environment: [String: String]) throws(Exit) -> Int32 {
    var config: Configuration
    do {
      config = try OptionParser.parse(arguments: arguments, environment: environment)
    } catch {
      throw Exit(status: UsageError.exitStatus, message: error.description)
    }
    // `ls | sectionnav --lines`: line input without FILE comes from standard input.
    if config.lines && config.file == nil && !Output.standardInputIsTerminal && config.script != "-" {
      config.file = "-"
    }
    if config.help {
      Output.write(HelpText.render())
      return 0
    }
    if config.version {
      Output.write(Version.string + "\n")
      return 0
    }
    let printFormat: PrintFormat
    do {
      printFormat = try PrintFormat(config.printFormat)
    } catch {
      throw Exit(status: 2, message: error.description)
    }
    if config.script == "-" && config.file == "-" {
      throw Exit(status: 2, message: "sectionnav: error: the data and the script cannot both come from standard input")
    }
    let scripted = config.script != nil || (config.file != nil && config.file != "-" && !Output.standardInputIsTerminal)
    // Scripts and --check wait for the whole index; a large file opens at once
    // and is indexed in the background.
    var data = StartingData.ready(SectionedList([]))
    if let file = config.file, !config.check, !scripted, !config.lines, file != "-", config.filterPrint == nil {
      let buffer = try DataLoading.read(file)
      data =
        buffer.count >= InteractiveMode.backgroundThreshold
        ? .background(buffer) : .ready(try DataLoading.parse(buffer, config))
    } else {
      data = .ready(try DataLoading.load(config))
    }
    if config.check, case .ready(let list) = data {
      Output.write("\(list.sectionCount) sections, \(list.itemCount) items\n")
      return 0
    }
    let chosen = Chosen(format: printFormat, terminator: config.print0 ? "\0" : "\n")
    if let query = config.filterPrint, case .ready(let list) = data {
      return FilterPrintMode.run(query: query, list: list, config: config, chosen: chosen)
    }
    var settings = AppSettings()
    let labels = try DataLoading.indexLabels(config)
    settings.indexLabels = labels
    settings.indexMode =
      config.indexMode.flatMap { SectionIndex.Mode(rawValue: $0.rawValue) } ?? (labels.isEmpty ? .initials : .titles)
    settings.indexAnchor = config.indexAnchor == .center ? .center : .top
    settings.indicators = config.indicators
    settings.smooth = config.smooth
    settings.pick = config.pick
    settings.multi = config.multi
    settings.sort = config.sort
    settings.literal = config.literal
    settings.sourceName = DataLoading.sourceName(config)
    do {
      settings.theme = try Theme.resolve(
        colorWhen: config.color, specs: config.colorSpecs, environment: environment,
        isTerminal: scripted ? Output.standardOutputIsTerminal : true)
    } catch {
      throw Exit(status: 2, message: error.description)
    }
    if scripted, case .ready(let list) = data {
      return try ScriptMode.run(config: config, list: list, settings: settings, chosen: chosen)
    }
    return try InteractiveMode.run(
      config: config, data: data, settings: settings, chosen: chosen, environment: environment)
  }
}

/// Where the data stands when the UI starts.
enum StartingData {
  case ready(SectionedList)
  /// A large file, mapped but not yet indexed.
  case background(ByteBuffer)
}

/// Formats chosen items per `--print` (and `--print0`); sanitised when
/// standard output is a terminal. Items are of the full data (`dataList`).
struct Chosen {
  let format: PrintFormat
  /// "\n", or NUL under `--print0`.
  var terminator = "\n"

  func text(_ list: SectionedList, section: Int, item: Int) -> String {
    let line = format.render(
      section: list.title(section), item: list.itemText(section: section, item: item), index: item,
      json: format.usesJSON ? list.itemJSON(section: section, item: item) : "")
    return (Output.standardOutputIsTerminal ? TextSanitizer.visible(line) : line) + terminator
  }

  func text(_ list: SectionedList, items: [ChosenItem]) -> String {
    items.map { text(list, section: $0.section, item: $0.item) }.joined()
  }
}

/// Turns the config file, `SECTIONNAV_OPTS` and the command line into a
/// `Configuration`.
///
/// The config file (see `ConfigFile`) is applied first, then `SECTIONNAV_OPTS`
/// (split like a shell would, see `ShellWords`), then the command line, so the
/// command line wins: a later value of an option replaces an earlier one,
/// while repeatable options (`--colors`, `--bind`) accumulate in that order.
/// `--no-config` in `SECTIONNAV_OPTS` or on the command line skips the file.
/// Long options take their value as the next argument or after `=`
/// (`--size=80x24`); `--` ends the options; `-` is the FILE standard input.
/// Only one FILE is accepted, and only on the command line.
public enum OptionParser {
  /// `arguments` excludes the program name (`CommandLine.arguments.dropFirst()`).
  /// `configFile` is asked for the file only when `--no-config` is absent.
  public static func parse(
    arguments: [String], environment: [String: String],
    configFile: () throws(UsageError) -> ConfigFile? = { nil }
  ) throws(UsageError) -> Configuration {
    let defaults = try environment["SECTIONNAV_OPTS"].map { (text) throws(UsageError) in
      try ShellWords.split(text, comments: true)
    }
    var configuration = Configuration()
    var probe = Configuration()
    try applyDefaults(defaults, to: &probe)
    var probed: String?
    try apply(arguments, to: &probe, allowsFile: true, format: &probed)
    if !probe.noConfig, let file = try configFile() {
      // One input format in the whole file, as on one line.
      var format: String?
      for (number, words) in try file.lines() {
        do {
          try apply(words, to: &configuration, allowsFile: false, format: &format)
        } catch {
          throw file.located(error, line: number)
        }
      }
    }
    try applyDefaults(defaults, to: &configuration)
    var format: String?
    try apply(arguments, to: &configuration, allowsFile: true, format: &format)
    return configuration
  }

  private static func applyDefaults(_ words: [String]?, to configuration: inout Configuration)
    throws(UsageError)
  {
    guard let words else { return }
    do {
      var format: String?
      try apply(words, to: &configuration, allowsFile: false, format: &format)
    } catch {
      throw UsageError(error.message + " (in SECTIONNAV_OPTS)")
    }
  }

  /// Applies one source's `words` (the command line's when `allowsFile`:
  /// only it names a FILE, and its options are noted as its own).
  /// `format`: the input format this source named so far.
  static func apply(
    _ words: [String], to configuration: inout Configuration, allowsFile: Bool, format: inout String?
  ) throws(UsageError) {
    var sawFile = false
    /// The word before the current one when it was a flag (not an option's value).
    var flagBefore: String?
    /// FILE `word`, right after the flag `flag` (if one).
    func positional(_ word: String, after flag: String?) throws(UsageError) {
      guard allowsFile, !sawFile, let file = OptionTable.options.first(where: { $0.kind == .positional })
      else { throw UsageError("unexpected argument '\(word)'") }
      try file.apply(&configuration, word)
      configuration.commandLineOptions.insert("FILE")
      sawFile = true
      configuration.fileAfter = flag.flatMap { ["--filter", "--multi", "-m"].contains($0) ? $0 : nil }
    }

    // One input format per source: `--csv --jsonl` is a mistake, not "the
    // last wins" (a later source still overrides an earlier one's).
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      let flag = flagBefore
      flagBefore = nil
      // `+i`, `+m`, `+s` are options, as in fzf, and so is any `+` and one
      // letter (`+x`: an unknown option, not a file); longer words
      // starting with `+` are files.
      let plusOption =
        word.hasPrefix("+")
        && (OptionTable.option(named: word) != nil || word.count == 2 && word.last!.isASCII && word.last!.isLetter)
      if optionsEnded || word == "-" || !word.hasPrefix("-") && !plusOption {
        try positional(word, after: flag)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name = word
      var attached: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        attached = String(word[word.index(after: equals)...])
      } else if !word.hasPrefix("--"), word.count > 2, OptionTable.option(named: word) == nil,
        let short = OptionTable.option(named: String(word.prefix(2))), short.kind == .value
      {
        // fzf's `-qtext`: a short option's value written against it.
        name = String(word.prefix(2))
        attached = String(word.dropFirst(2))
      }
      guard let option = OptionTable.option(named: name) else {
        // `--=x` names no option `--`: the whole word is what was not known.
        throw UsageError("unknown option '\(name == "--" ? word : name)'")
      }
      if allowsFile { configuration.commandLineOptions.insert(option.name) }
      switch option.kind {
      case .flag:
        if attached != nil { throw UsageError("option '\(name)' takes no value") }
        if let chosen = OptionTable.inputFormat(option.name) {
          if let format, OptionTable.inputFormat(format) != chosen {
            throw UsageError("\(format) and \(option.name) cannot be used together: choose one input format")
          }
          format = option.name
        }
        try option.apply(&configuration, "")
        flagBefore = word
      case .value:
        let value: String
        if let attached {
          value = attached
        } else if index < words.count {
          value = words[index]
          index += 1
        } else {
          throw UsageError("missing value for \(name)")
        }
        try option.apply(&configuration, option.namesFile ? value : SystemPath.shown(value))
      case .positional:
        try positional(word, after: flag)
      }
    }
  }
}

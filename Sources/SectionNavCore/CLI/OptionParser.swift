/// Turns `SECTIONNAV_OPTS` and the command line into a `Configuration`.
///
/// `SECTIONNAV_OPTS` (split like a shell would, see `ShellWords`) is applied
/// first, then the command line, so the command line wins: a later value of an
/// option replaces an earlier one, while `--colors` specs accumulate in order,
/// environment first. Long options take their value as the next argument or
/// after `=` (`--size=80x24`); `--` ends the options; `-` is the FILE standard
/// input. Only one FILE is accepted, and only on the command line.
public enum OptionParser {
  /// `arguments` excludes the program name (`CommandLine.arguments.dropFirst()`).
  public static func parse(arguments: [String], environment: [String: String]) throws(UsageError)
    -> Configuration
  {
    var configuration = Configuration()
    if let defaults = environment["SECTIONNAV_OPTS"] {
      do {
        try apply(ShellWords.split(defaults), to: &configuration, allowsFile: false)
      } catch {
        throw error.message.hasSuffix("SECTIONNAV_OPTS")
          ? error : UsageError(error.message + " (in SECTIONNAV_OPTS)")
      }
    }
    try apply(arguments, to: &configuration, allowsFile: true)
    return configuration
  }

  static func apply(_ words: [String], to configuration: inout Configuration, allowsFile: Bool)
    throws(UsageError)
  {
    var sawFile = false
    func positional(_ word: String) throws(UsageError) {
      guard allowsFile, !sawFile, let file = OptionTable.options.first(where: { $0.kind == .positional })
      else { throw UsageError("unexpected argument '\(word)'") }
      try file.apply(&configuration, word)
      sawFile = true
    }

    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        try positional(word)
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
      }
      guard let option = OptionTable.option(named: name) else {
        throw UsageError("unknown option '\(name)'")
      }
      switch option.kind {
      case .flag:
        if attached != nil { throw UsageError("option '\(name)' takes no value") }
        try option.apply(&configuration, "")
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
        try option.apply(&configuration, value)
      case .positional:
        try positional(word)
      }
    }
  }
}

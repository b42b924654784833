/// What the command line asks for before any data is read: where the data
/// comes from when no FILE is given, and the runs that only print a text.
extension Session {
  /// `config` with its FILE set to `-` when the data is to come from
  /// standard input: `--lines` and item options without FILE, or data
  /// waiting on standard input with nothing else asked for.
  /// `standardInputIsTerminal`: whether standard input is a terminal (then
  /// it holds no data).
  public static func withInput(
    _ config: Configuration, standardInputIsTerminal: Bool
  ) throws(Failure) -> Configuration {
    var config = config
    do { try config.settleRuns() } catch { throw Failure(error.message) }
    // A script's harness keeps its standard input for itself (`-` says
    // otherwise): data options without FILE have nothing to read.
    if config.script != nil && config.file == nil && (config.lines || wantsItemInput(config)) && !config.help
      && !config.version
    {
      throw Failure(
        "\(config.lines ? "--lines" : "an option of item data") needs a FILE in a --script run: "
          + "standard input is data there only as FILE -")
    }
    // `ls | sectionnav --lines`: line input without FILE comes from standard
    // input; with nothing there it is an error, not the demo.
    if config.lines && config.file == nil && !config.help && !config.version {
      guard !standardInputIsTerminal else {
        throw Failure("--lines needs a FILE or lines on standard input (it is a terminal)")
      }
      config.file = "-"
    } else if wantsItemInput(config) && config.file == nil && !standardInputIsTerminal {
      // `kubectl … -o json | sectionnav --path .items`: item data without FILE, too.
      config.file = "-"
    } else if config.file == nil && config.script == nil && !config.demoChosen && !config.help && !config.version
      && config.shell == nil && !standardInputIsTerminal
    {
      // `echo '{…}' | sectionnav`: data waiting on standard input is read, as
      // fzf, jq and less do; the demo is for a terminal with nothing given.
      // (A script reads it only as `-`: its harness's stdin is no data.)
      config.file = "-"
    }
    return config
  }

  /// Refuses standard input as both the data and the script.
  public static func checkInputs(_ config: Configuration) throws(Failure) {
    // By any of its names (`/dev/stdin`: the script read it all, and no data was left).
    if let script = config.script, let file = config.file, SystemPath.isStandardInput(script),
      SystemPath.isStandardInput(file)
    {
      throw Failure("the data and the script cannot both come from standard input")
    }
  }

  /// Whether options that only make sense for item data ask for standard
  /// input when no FILE is given (`kubectl … | sectionnav --path .items`).
  static func wantsItemInput(_ config: Configuration) -> Bool {
    config.dataFormat != nil || config.path != nil || config.groupBy != nil || config.skipBad
  }

  /// The whole output of a run that reads no data (`--help`, `--shell`,
  /// `--version`, in that order when several are given); nil for the others.
  public static func textOnly(_ config: Configuration) -> String? {
    if config.help { return HelpText.render() }
    if let shell = config.shell { return ShellScripts.text(for: shell) }
    if config.version { return Version.string + "\n" }
    return nil
  }
}

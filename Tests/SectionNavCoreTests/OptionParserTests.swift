import Testing

@testable import SectionNavCore

/// Parses a command line with no environment.
private func parse(_ arguments: String..., env: [String: String] = [:]) throws(UsageError)
  -> Configuration
{
  try parse(arguments, env: env)
}

private func parse(_ arguments: [String], env: [String: String] = [:]) throws(UsageError) -> Configuration {
  try OptionParser.parse(arguments: arguments, environment: env)
}

/// The message of the usage error `arguments` cause, or nil when they parse.
private func errorMessage(_ arguments: [String], env: [String: String] = [:]) -> String? {
  do {
    _ = try OptionParser.parse(arguments: arguments, environment: env)
    return nil
  } catch {
    return error.message
  }
}

@Suite struct OptionParserTests {
  @Test func noArgumentsGiveTheDefaults() throws {
    let c = try parse()
    #expect(c == Configuration())
    #expect(c.file == nil && c.demo == .devices && c.width == 80 && c.height == 24)
    #expect(c.printFormat == (try PrintFormat("{item}")) && c.color == .auto && c.indicators == .always)
  }

  /// fzf's `-qtext`: the short option's value written against it.
  @Test func aShortOptionsValueMayBeAttached() throws {
    #expect(try parse("-qapple").query == "apple")
    #expect(try parse("-q", "apple").query == "apple")
    #expect(errorMessage(["-mx"]) != nil)
  }

  /// `--height` takes fzf's N, N% or -N (all but N rows); no value, a bad
  /// one or the adaptive ~N is a one-line usage error naming the option.
  @Test func heightTakesRowsOrPercent() throws {
    #expect(try parse("--height", "6").inlineHeight == .rows(6))
    #expect(try parse("--height=40%").inlineHeight == .percent(40))
    let allBut = try parse("--height", "-5").inlineHeight
    #expect(allBut == .allBut(5) && allBut?.rows(terminalHeight: 30) == 25 && allBut?.rows(terminalHeight: 4) == 1)
    #expect(try parse().inlineHeight == nil)
    for bad in [
      ["--height"], ["--height", "x"], ["--height", "0"], ["--height", "~10"], ["--height="], ["--height", "-5%"],
      ["--height", "-"],
    ] {
      let message = errorMessage(bad)
      #expect(
        message?.contains("--height") == true && message?.contains("\n") == false, "\(bad): \(message ?? "parsed")")
    }
  }

  /// fzf's matching options mean what they mean in fzf: `+i` is an option,
  /// not a file; `--tiebreak` takes fzf's criteria and rejects what fzf rejects.
  @Test func fzfMatchingOptions() throws {
    let c = try parse("-e", "+i", "--tiebreak", "end,length", "--nth", "section,item", "--literal", "data.json")
    #expect(c.match.exact && c.match.caseMode == .respect && c.match.literal && c.match.titles)
    #expect(c.match.tiebreak == [.end, .length] && c.file == "data.json")
    #expect(try parse("-i").match.caseMode == .ignore)
    #expect(try parse("-i", "--smart-case").match.caseMode == .smart)
    #expect(try parse("--tiebreak=index").match.tiebreak == [])
    #expect(try parse().match == MatchOptions())
    #expect(errorMessage(["--tiebreak", "index,length"]) == "--tiebreak: index should be the last criterion")
    #expect(errorMessage(["--tiebreak", "length,length"]) == "--tiebreak: duplicate sort criterion: length")
    #expect(errorMessage(["--tiebreak", "size"]) == "invalid sort criterion for --tiebreak: 'size'")
    #expect(errorMessage(["--nth", "2"]) != nil)
  }

  /// fzf's `-m`, and `+m`/`+s`/`+e` undoing what a config or
  /// `SECTIONNAV_OPTS` turned on (`+m` is an option, not a file).
  @Test func fzfMultiAndSortShorthands() throws {
    #expect(try parse("-m").multi)
    let undone = try parse("+m", "+s", "data.json", env: ["SECTIONNAV_OPTS": "--multi --sort"])
    #expect(!undone.multi && undone.sort == false && undone.file == "data.json")
    #expect(try parse("+m", "-m").multi)
    #expect(try !parse("+e", env: ["SECTIONNAV_OPTS": "-e"]).match.exact)
    #expect(try parse("--no-exact", "--exact").match.exact)
    #expect(try parse("--no-preview", env: ["SECTIONNAV_OPTS": "--preview 'cat {f}'"]).preview == nil)
    #expect(try parse("--no-preview", "--preview", "cat {f}").preview != nil)
    #expect(try parse("--preview", "", env: ["SECTIONNAV_OPTS": "--preview 'cat {f}'"]).preview == nil)
    // `+` and one letter is an option, unknown or not (fzf's way); longer `+` words are files.
    #expect(errorMessage(["+x", "--lines", "f.txt"]) == "unknown option '+x'")
    #expect(try parse("+data.json").file == "+data.json")
  }

  @Test func everyOptionSetsItsField() throws {
    let c = try parse(
      "--demo", "numbers", "--script", "run.nav", "--size", "120x40", "--check", "--keep-order",
      "--lines", "--delimiter", ":", "--item-field", "name", "--index", "titles",
      "--index-labels", "labels.json", "--index-anchor", "center", "--color", "never",
      "--colors", "thumb=red", "--indicators", "auto", "--print", "{section}: {item}", "--pick",
      "--no-mouse", "--smooth", "-h", "--version", "data.json")
    #expect(c.demo == .numbers)
    #expect(c.script == "run.nav")
    #expect(c.width == 120 && c.height == 40)
    #expect(c.check && c.keepOrder && c.lines)
    #expect(c.delimiter == ":")
    #expect(c.itemField == "name")
    #expect(c.indexMode == .titles)
    #expect(c.indexLabelsFile == "labels.json")
    #expect(c.indexAnchor == .center)
    #expect(c.color == .never)
    #expect(c.colorSpecs == [try ThemeSpec("thumb=red")])
    #expect(c.indicators == .auto)
    #expect(c.printFormat == (try PrintFormat("{section}: {item}")))
    #expect(c.pick && c.noMouse && c.smooth && c.help && c.version)
    #expect(c.file == "data.json")
  }

  @Test func helpLongFormAndStdinFile() throws {
    #expect(try parse("--help").help)
    #expect(try parse("-").file == "-")
  }

  @Test func valuesMayFollowAnEqualsSign() throws {
    let c = try parse("--size=100x30", "--index=alphabet", "--print={index}={item}", "--delimiter=\\t")
    #expect(c.width == 100 && c.height == 30)
    #expect(c.indexMode == .alphabet)
    #expect(c.printFormat == (try PrintFormat("{index}={item}")))
    #expect(c.delimiter == "\t")
  }

  @Test func aValueMayStartWithADash() throws {
    #expect(try parse("--delimiter", "-").delimiter == "-")
    #expect(try parse("--print", "--{item}--").printFormat == (try PrintFormat("--{item}--")))
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try parse("--", "--check").file == "--check")
    #expect(try parse("--lines", "--", "-h").help == false)
  }

  @Test func laterScalarOptionsWin() throws {
    let c = try parse("--color", "never", "--color", "always", "--size", "10x10", "--size", "20x5")
    #expect(c.color == .always)
    #expect(c.width == 20 && c.height == 5)
  }

  @Test func environmentComesFirstAndTheCommandLineWins() throws {
    let env = ["SECTIONNAV_OPTS": "--color never --index alphabet --colors 'thumb=red' --no-mouse"]
    let c = try parse("--color", "always", "--colors", "track=8", env: env)
    #expect(c.color == .always)
    #expect(c.indexMode == .alphabet)
    #expect(c.noMouse)
    #expect(c.colorSpecs == [try ThemeSpec("thumb=red"), try ThemeSpec("track=8")])
  }

  /// An input format in a later source replaces an earlier one's, `--lines` too.
  @Test func aLaterSourcesInputFormatReplacesAnEarlierOnes() throws {
    var csv = try parse("--csv", "data", env: ["SECTIONNAV_OPTS": "--lines"])
    #expect(!csv.lines && csv.dataFormat == .csv && LoadOptions(csv).format == .csv)
    try csv.settleCombination()
    var lines = try parse("--lines", "data.csv", env: ["SECTIONNAV_OPTS": "--jsonl"])
    #expect(lines.lines && lines.dataFormat == nil && LoadOptions(lines).format == .lines)
    try lines.settleCombination()
  }

  /// `--demo` with a FILE was the FILE, the option ignored without a word.
  @Test func aDemoWithAFileIsAUsageError() throws {
    var both = try parse("--demo", "numbers", "data.json")
    #expect(throws: UsageError.self) { try both.settleCombination() }
    var demo = try parse("--demo", "numbers")
    try demo.settleCombination()
    var file = try parse("data.json")
    try file.settleCombination()
  }

  /// Defaults (`SECTIONNAV_OPTS`, the config file) that clash with the
  /// command line, or do not apply to this run's input, drop out: each of
  /// these was an error on every run the defaults did not fit. Given on the
  /// command line, the same clashes are errors as before.
  @Test func defaultsThatDoNotApplyDropOut() throws {
    func settled(_ args: String..., env: String) throws -> Configuration {
      var c = try parse(args, env: ["SECTIONNAV_OPTS": env])
      try c.settleCombination()
      return c
    }
    #expect(try settled("data.json", env: "--delimiter :").delimiter == nil)
    #expect(try settled("--lines", "list", env: "--delimiter :").delimiter == ":")
    #expect(try settled("data.json", env: "--no-header --skip-bad").noHeader == false)
    let print = try settled("--filter-print", "x", "data.json", env: "--check")
    #expect(!print.check && print.filterPrint == "x")
    let file = try settled("data.json", env: "--demo numbers")
    #expect(!file.demoChosen && file.file == "data.json")
    let lines = try settled("--lines", "list", env: "--item-field name --group-by kind")
    #expect(lines.lines && lines.itemField == nil && lines.groupBy == nil)
    let items = try settled("--item-field", "name", "list", env: "--lines")
    #expect(!items.lines && items.itemField == "name")
    for args in [["--delimiter", ":", "data.json"], ["--check", "--filter-print", "x", "data.json"]] {
      var c = try parse(args)
      #expect(throws: UsageError.self, "\(args)") { try c.settleCombination() }
    }
    var clash = try parse(["data.json"], env: ["SECTIONNAV_OPTS": "--check --filter-print x"])
    #expect(throws: UsageError.self) { try clash.settleCombination() }
  }

  /// A default `--script` that drops out under `--check` or
  /// `--filter-print` leaves standard input the data, as without it: it
  /// dropped out after standard input's role was settled, and the run
  /// checked the demo instead of the lines piped in.
  @Test func aDefaultScriptThatDropsOutLeavesStandardInputTheData() throws {
    for args in [["--check"], ["--filter-print", "a"], ["--check", "--lines"]] {
      let c = try parse(args, env: ["SECTIONNAV_OPTS": "--script /dev/null"])
      let settled = try Session.withInput(c, standardInputIsTerminal: false)
      #expect(settled.script == nil && settled.file == "-", "\(args)")
    }
  }

  @Test func environmentIsSplitLikeAShell() throws {
    let env = ["SECTIONNAV_OPTS": #"--print "{section} \"{item}\"" --delimiter '\t' --item-field a\ b"#]
    let c = try parse(env: env)
    #expect(c.printFormat == (try PrintFormat(#"{section} "{item}""#)))
    #expect(c.delimiter == "\t")
    #expect(c.itemField == "a b")
  }

  @Test func shellWords() throws {
    #expect(try ShellWords.split("  a  'b c'  \"d\\\"e\" f\\ g ''") == ["a", "b c", "d\"e", "f g", ""])
    #expect(try ShellWords.split("") == [])
    #expect(try ShellWords.split(#""a\nb""#) == [#"a\nb"#])
    // A `#` starting a word starts a comment to the line's end, as in
    // fzf's FZF_DEFAULT_OPTS; quoted or inside a word it is text.
    let commented = try parse(env: ["SECTIONNAV_OPTS": "--multi # my defaults\n--prompt '# ' --header a#b"])
    #expect(commented.multi && commented.prompt == "# " && commented.header == "a#b")
  }

  /// A quote followed by a combining mark is still a quote (one grapheme to
  /// Swift's `Character`, two scalars to a shell): in `SECTIONNAV_OPTS`, a
  /// config line and a script or prompt command.
  @Test func aQuoteBeforeACombiningMarkStillQuotes() throws {
    #expect(try ShellWords.split("--query \"\u{301}x y\"") == ["--query", "\u{301}x y"])
    #expect(try ShellWords.split("--query '\u{301}x y'") == ["--query", "\u{301}x y"])
    #expect(try ShellWords.split("a\\\u{301}b") == ["a\u{301}b"])
    let file = ConfigFile(path: "config", text: "--query \"\u{301}x\"\n")
    #expect(try file.lines().map(\.words) == [["--query", "\u{301}x"]])
    #expect(try CommandLexer.words("search \"\u{301}x\"") == ["search", "\u{301}x"])
    #expect(try CommandLexer.words("search \"a b\u{301}\" c") == ["search", "a b\u{301}", "c"])
  }

  @Test func environmentErrorsSayWhereTheyCameFrom() {
    #expect(
      errorMessage([], env: ["SECTIONNAV_OPTS": "--bogus"])
        == "unknown option '--bogus' (in SECTIONNAV_OPTS)")
    #expect(
      errorMessage([], env: ["SECTIONNAV_OPTS": "data.json"])
        == "unexpected argument 'data.json' (in SECTIONNAV_OPTS)")
    #expect(
      errorMessage([], env: ["SECTIONNAV_OPTS": "--print '{item}"])
        == "unterminated single quote in SECTIONNAV_OPTS")
    #expect(
      errorMessage([], env: ["SECTIONNAV_OPTS": "--print \"{item}"])
        == "unterminated double quote in SECTIONNAV_OPTS")
  }

  @Test func usageErrorMessages() {
    #expect(errorMessage(["--foo"]) == "unknown option '--foo'")
    #expect(errorMessage(["--=x"]) == "unknown option '--=x'")
    #expect(errorMessage(["-x"]) == "unknown option '-x'")
    #expect(errorMessage(["--foo=1"]) == "unknown option '--foo'")
    #expect(errorMessage(["--size"]) == "missing value for --size")
    #expect(errorMessage(["--check=yes"]) == "option '--check' takes no value")
    #expect(
      errorMessage(["--index", "x"])
        == "invalid value 'x' for --index (expected initials, titles or alphabet)")
    #expect(
      errorMessage(["--demo", "cats"])
        == "invalid value 'cats' for --demo (expected devices, numbers, grid, contacts-ja, contacts-sv or contacts-zh)")
    #expect(
      errorMessage(["--color", "sometimes"])
        == "invalid value 'sometimes' for --color (expected auto, always or never)")
    #expect(
      errorMessage(["--indicators", "x"])
        == "invalid value 'x' for --indicators (expected always, auto or never)")
    #expect(
      errorMessage(["--index-anchor", "bottom"])
        == "invalid value 'bottom' for --index-anchor (expected top or center)")
    #expect(
      errorMessage(["--colors", "thumb=purplish"])
        == "bad colour 'thumb=purplish': unknown colour 'purplish'")
    #expect(
      errorMessage(["--print", "{name}"])
        == "unknown placeholder '{name}' in --print format (expected {section}, {item} (or {}), {index} or {json})")
    #expect(errorMessage(["a.json", "b.json"]) == "unexpected argument 'b.json'")
    #expect(errorMessage(["--delimiter", ""]) == "empty value for --delimiter")
    #expect(errorMessage(["--script="]) == "empty value for --script")
  }

  @Test(arguments: [
    "0x0", "99999x99999", "80x", "x24", "80", "80x24x1", "-5x10", "1001x10", "10x0",
    "+80x24", "80 x24", "",
  ])
  func badSizes(_ size: String) {
    #expect(errorMessage(["--size", size]) == "invalid size '\(size)' (expected WxH, 1…1000 each)")
  }

  @Test func sizeBoundsAreInclusive() throws {
    let small = try parse("--size", "1x1")
    #expect(small.width == 1 && small.height == 1)
    let large = try parse("--size", "1000x1000")
    #expect(large.width == 1000 && large.height == 1000)
  }

  @Test func usageErrorDescriptionIsWhatTheUserSees() {
    #expect(
      UsageError("unknown option '--foo'").description
        == "sectionnav: error: unknown option '--foo'\nTry 'sectionnav --help'.")
    #expect(UsageError("x").failure.status == .failure)
  }

  @Test func versionNamesTheProgram() {
    #expect(Version.string == "sectionnav \(Version.number)")
    #expect(Version.number.split(separator: ".").count == 3)
  }

  @Test func helpFitsEightyColumns() {
    let help = HelpText.render()
    #expect(help.hasPrefix("Usage: sectionnav [OPTIONS] [FILE]\n"))
    for line in help.split(separator: "\n") {
      #expect(line.count <= 80, "too long: \(line)")
    }
    for heading in ["Environment:", "Exit status:", "SECTIONNAV_OPTS", "NO_COLOR", "XDG_STATE_HOME", "130", "143"] {
      #expect(help.contains(heading))
    }
  }

  @Test func helpListsTheAllowedValuesAndDefaults() {
    let help = HelpText.render().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("initials, titles or alphabet; default: initials"))
    #expect(help.contains("devices, numbers, grid, contacts-ja, contacts-sv or contacts-zh; default: devices"))
    #expect(help.contains("default: 80x24"))
  }
}

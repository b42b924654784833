import Testing

@testable import SectionNavCore

/// How a run starts (`Session`): decided from the options alone, so these
/// rules need no terminal and no file.
@Suite struct SessionTests {
  static func config(_ arguments: [String]) throws -> Configuration {
    try OptionParser.parse(arguments: arguments, environment: [:])
  }

  static func settings(_ arguments: [String], outputIsTerminal: Bool = true) throws -> AppSettings {
    Session.settings(try config(arguments), labels: [:], outputIsTerminal: outputIsTerminal, environment: [:])
  }

  /// Captured output means a choice is wanted (`item=$(sectionnav …)`), unless
  /// `--browse` says otherwise or a script runs; a picker ranks by default.
  @Test func capturedOutputPicks() throws {
    #expect(try Self.settings(["data.json"], outputIsTerminal: false).pick)
    #expect(try Self.settings(["data.json"], outputIsTerminal: false).sort)
    #expect(try !Self.settings(["data.json"]).pick)
    #expect(try !Self.settings(["data.json"]).sort)
    #expect(try !Self.settings(["--browse", "data.json"], outputIsTerminal: false).pick)
    #expect(try !Self.settings(["--script", "s.nav", "data.json"], outputIsTerminal: false).pick)
    #expect(try Self.settings(["--pick", "data.json"]).pick)
  }

  /// Index labels make the index show titles; without them, initials.
  @Test func labelsChooseTheIndexMode() throws {
    let config = try Self.config(["data.json"])
    let labelled = Session.settings(config, labels: ["A": "Alpha"], outputIsTerminal: true, environment: [:])
    #expect(labelled.indexMode == .titles)
    #expect(try Self.settings(["data.json"]).indexMode == .initials)
  }

  /// Only a terminal run of a file or stream shows data as it arrives, and
  /// only a large file is indexed in the background, `--lines` too.
  @Test func whatLoadsAsItArrives() throws {
    #expect(Session.loadsAsItArrives(try Self.config(["data.json"])))
    for whole in [
      ["--check", "data.json"], ["--script", "s.nav", "data.json"], ["--filter-print", "a", "data.json"], [],
    ] {
      #expect(!Session.loadsAsItArrives(try Self.config(whole)), "\(whole)")
    }
    let file = try Self.config(["data.json"])
    #expect(Session.indexesInBackground(count: 8 << 20, file))
    #expect(!Session.indexesInBackground(count: (8 << 20) - 1, file))
    #expect(Session.indexesInBackground(count: 8 << 20, try Self.config(["--lines", "data.txt"])))
  }

  /// `--query` and `--filter` become the first event; nothing else does.
  @Test func theStartingFilterIsTheFirstEvent() throws {
    #expect(Session.firstEvents(try Self.config(["data.json"])).isEmpty)
    #expect(
      Session.firstEvents(try Self.config(["--query", "ab", "data.json"])) == [
        .startFilter(query: "ab", openLine: false)
      ])
    #expect(
      Session.firstEvents(try Self.config(["--filter", "data.json"])) == [.startFilter(query: "", openLine: true)])
  }

  /// Without FILE, standard input is the data when it is not a terminal and
  /// nothing else was asked for; `--lines` from a terminal is an error, not the demo.
  @Test func standardInputIsTheDataWhenNoFileIsGiven() throws {
    func file(_ arguments: [String], terminal: Bool) throws -> String? {
      try Session.withInput(try Self.config(arguments), standardInputIsTerminal: terminal).file
    }
    #expect(try file([], terminal: false) == "-")
    #expect(try file([], terminal: true) == nil)
    #expect(try file(["--lines"], terminal: false) == "-")
    #expect(try file(["--path", ".items"], terminal: false) == "-")
    #expect(try file(["--path", ".items"], terminal: true) == nil)
    #expect(try file(["data.json"], terminal: false) == "data.json")
    #expect(try file(["--script", "s.nav"], terminal: false) == nil)
    #expect(try file(["--version"], terminal: false) == nil)
    #expect(throws: Failure("--lines needs a FILE or lines on standard input (it is a terminal)")) {
      try file(["--lines"], terminal: true)
    }
  }

  /// `--help`, `--shell` and `--version` read no data: their text is the
  /// whole output, `--help` first when several are given.
  @Test func runsThatOnlyPrintAText() throws {
    #expect(Session.textOnly(try Self.config(["--version"])) == Version.string + "\n")
    #expect(Session.textOnly(try Self.config(["--help", "--version"])) == HelpText.render())
    #expect(Session.textOnly(try Self.config(["data.json"])) == nil)
  }

  /// Standard input cannot be both the data and the script.
  @Test func theDataAndTheScriptCannotBothBeStandardInput() throws {
    #expect(throws: Failure("the data and the script cannot both come from standard input")) {
      try Session.checkInputs(try Self.config(["--script", "-", "-"]))
    }
    #expect(throws: Never.self) { try Session.checkInputs(try Self.config(["--script", "-", "data.json"])) }
  }
}

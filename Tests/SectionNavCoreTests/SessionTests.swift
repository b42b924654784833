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
  /// only a large file that is not `--lines` is indexed in the background.
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
    #expect(!Session.indexesInBackground(count: 8 << 20, try Self.config(["--lines", "data.txt"])))
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
}

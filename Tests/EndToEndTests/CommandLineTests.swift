import Foundation
import Testing

/// Options and bad input at the command line: one clear error line, exit 2,
/// nothing on standard output.
@Suite struct CommandLineTests {
  @Test(arguments: [
    ["--frobnicate"], ["--size"], ["--size", "0x0"], ["--size", "99999x99999"], ["--size", "80x"],
    ["--index", "sideways"], ["--colors", "thumb=purplish"], ["--demo", "nope"], ["a.json", "b.json"],
    ["--print", "{nope}"], ["Fixtures/does-not-exist.json"], ["Fixtures"],
  ])
  func badCommandLineIsOneErrorAndExitTwo(arguments: [String]) throws {
    let r = try Binary.run(arguments + ["--check"])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("sectionnav: error: "), "\(r.stderr)")
    #expect(!r.stderr.contains("Fatal error"))
  }

  @Test func helpAndVersionExitZero() throws {
    let help = try Binary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--index-labels"))
    let version = try Binary.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("sectionnav "))
  }

  @Test func optionsFromTheEnvironmentYieldToTheCommandLine() throws {
    let script = "state\n"
    let fromEnv = try Binary.run(
      ["--demo", "numbers", "--script", "-"], input: script, environment: ["SECTIONNAV_OPTS": "--size 50x10"])
    #expect(fromEnv.stdout.contains("\"size\":{\"width\":50,\"height\":10}"))
    let overridden = try Binary.run(
      ["--demo", "numbers", "--size", "60x12", "--script", "-"], input: script,
      environment: ["SECTIONNAV_OPTS": "--size 50x10"])
    #expect(overridden.stdout.contains("\"size\":{\"width\":60,\"height\":12}"))
  }

  @Test func checkCountsSectionsAndItems() throws {
    let r = try Binary.run(["--check", "-"], input: #"{"b": [1, 2], "a": [], "b": ["x"]}"#)
    #expect(r.status == 0)
    #expect(r.stdout == "2 sections, 3 items\n")
  }

  @Test func invalidJSONAndWrongShapeNameTheSpot() throws {
    let syntax = try Binary.run(["--check", "-"], input: "{\"a\": [1,\n  2,,3]}")
    #expect(syntax.status == 2)
    #expect(syntax.stderr.hasPrefix("<stdin>:2:5: error: invalid JSON: "), "\(syntax.stderr)")
    #expect(syntax.stdout.isEmpty)
    let shape = try Binary.run(["--check", "-"], input: "{\"a\": [1],\n \"b\": 7}")
    #expect(shape.status == 2)
    #expect(shape.stderr.hasPrefix("<stdin>:2:7: error: not sectioned data: "), "\(shape.stderr)")
  }

  /// Standard input is data or nothing: `--script -` is the only way to
  /// make it a script (the interactive side is in `TmuxHostileTests`).
  @Test func scriptFromStandardInputOnlyWithScriptDash() throws {
    let r = try Binary.run(["--size", "40x6", "Fixtures/numbers.json", "--script", "-"], input: "state\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("\"size\":{\"width\":40,\"height\":6}"))
  }

  /// Standard input by another name is still standard input: the script
  /// read it whole and the run showed nothing, exit 0.
  @Test func theDataAndTheScriptFromStandardInputByAnyName() throws {
    for args in [["--script", "/dev/stdin", "-"], ["--script", "-", "/dev/stdin"]] {
      let r = try Binary.run(args, input: "{\"A\": [\"x\"]}")
      #expect(r.status == 2, "\(args)")
      #expect(r.stderr.contains("cannot both come from standard input"), "\(args): \(r.stderr)")
    }
  }

  /// A script's standard input is never data unless FILE is `-`: line and
  /// item options without FILE are an error instead of reading it (a
  /// harness whose pipe stays open waited for it) or of showing the demo.
  @Test func dataOptionsWithoutFileInAScriptRunAreAnError() throws {
    for (args, input) in [(["--lines"], "a\nb\n"), (["--csv"], "a,b\n"), (["--group-by", "x"], "{}")] {
      let r = try Binary.run(args + ["--script", "/dev/null"], input: input)
      #expect(r.status == 2, "\(args)")
      #expect(r.stderr.contains("needs a FILE in a --script run"), "\(args): \(r.stderr)")
    }
    let dash = try Binary.run(["--lines", "--script", "-"], input: "print\n")
    #expect(dash.status == 2 && dash.stderr.contains("--lines needs a FILE in a --script run"), "\(dash.stderr)")
    let file = try Binary.run(["--lines", "-", "--size", "20x3", "--script", "/dev/null"], input: "a\n")
    #expect(file.status == 0, "\(file.stderr)")
  }

  @Test func closedStandardInputIsNamedWhenDataShouldComeFromIt() throws {
    // Also where no `-` was given (it said "nothing to read from '-'").
    for args in [["--check", "-"], ["--lines", "--check"], ["--lines", "-", "--check"], ["--filter-print", "a"]] {
      let r = try Binary.run(args, redirections: "<&-")
      #expect(r.status == 2)
      #expect(r.stderr == "sectionnav: error: standard input is closed: there is no data to read\n", "\(args)")
    }
    let script = try Binary.run(["--demo", "numbers", "--script", "-"], redirections: "<&-")
    #expect(script.status == 2)
    #expect(script.stderr == "sectionnav: error: standard input is closed: nothing to read from '-'\n")
  }
}

import Foundation
import TestScratch
import Testing

/// Options that conflict, or that do not apply to the input as it will be
/// read, are usage errors naming them — never silently ignored, never "the
/// last one wins" (issue 26 #11, issue 24 #8).
@Suite struct OptionCombinationTests {
  static let sectioned = #"{"A": ["x", "y"], "B": ["z"]}"#

  @Test(arguments: [
    (["--skip-bad"], ".json", "--skip-bad applies to JSON Lines, not to a JSON document (from the file name"),
    (["--skip-bad"], ".csv", "--skip-bad applies to JSON Lines, not to CSV or TSV (from the file name"),
    (["--csv", "--skip-bad"], ".txt", "--skip-bad applies to JSON Lines, not to CSV or TSV"),
    (["--lines", "--skip-bad"], ".txt", "--skip-bad applies to JSON Lines, not to --lines"),
    (["--csv", "--jsonl"], ".json", "--csv and --jsonl cannot be used together: choose one input format"),
    (["--tsv", "--csv"], ".json", "--tsv and --csv cannot be used together: choose one input format"),
    (["--delimiter", ","], ".json", "--delimiter applies to --lines (CSV and TSV have their own separators)"),
    (["--no-header"], ".json", "--no-header applies to CSV and TSV, not to JSON (from the file name"),
    (["--jsonl", "--no-header"], ".json", "--no-header applies to CSV and TSV, not to JSON Lines"),
    (["--lines", "--no-header"], ".txt", "--no-header applies to CSV and TSV, not to --lines"),
    (["--lines", "--item-field", "a"], ".txt", "--item-field reads fields of objects or CSV columns; --lines items"),
    (["--lines", "--item-format", "{a}"], ".txt", "--item-format reads fields of objects or CSV columns; --lines"),
    (
      ["--lines", "--delimiter", "\\n"], ".txt",
      "--delimiter cannot hold a line break: each line is one item (--read0 items may hold one)"
    ),
    (["--lines", "--delimiter", "a\r"], ".txt", "--delimiter cannot hold a line break"),
    (["--read0", "--jsonl"], ".txt", "--read0 and --jsonl cannot be used together: choose one input format"),
    (["--path", ".a", "--read0"], ".txt", "--read0 applies to --lines (NUL-ended items)"),
    (["--path", ".a"], ".csv", "--path selects inside JSON; CSV and TSV have no paths (from the file name"),
    (["--filter-print", "x"], ".json", "--check and --filter-print cannot be used together"),
    (["--filter-print", "x", "--script", "s.nav"], ".json", "--check and --filter-print and --script cannot be used"),
  ])
  func inapplicableOrConflictingOptionsAreUsageErrors(options: [String], suffix: String, message: String) throws {
    let path = Scratch.file(Self.sectioned, suffix: suffix)
    defer { Scratch.remove(path) }
    let r = try Binary.run(options + ["--check", path])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("sectionnav: error: " + message), "\(r.stderr)")
  }

  /// On standard input such an option is not checked against a file
  /// name: the message names the default it met instead.
  @Test func anInapplicableOptionOnStandardInputNamesNoFile() throws {
    let r = try Binary.run(["--no-header", "--check"], input: "a,b\n1,2\n")
    #expect(r.status == 2)
    #expect(
      r.stderr.hasPrefix(
        "sectionnav: error: --no-header applies to CSV and TSV, not to JSON (standard input is JSON unless "
          + "--jsonl, --csv or --tsv says otherwise)\n"), "\(r.stderr)")
  }

  /// `--filter-print` and `--script` together, without `--check`.
  /// One key however it is spelled (`a`, `.a`, `."a"`, `.["a"]`) shows
  /// the same rows: an object without it whole, a null one as `null` (the
  /// jq spellings went through a one-field template and showed both as
  /// nothing). A key with a dot, `."a.b"`, is that key, not a nested field.
  @Test(arguments: ["a", ".a", #"."a""#, #".["a"]"#])
  func everySpellingOfAKeyShowsItAlike(field: String) throws {
    let path = Scratch.file(#"[{"a":1,"n":"x"},{"n":"y"},{"a":null,"n":"z"},{"a.b":2}]"#, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run([path, "--item-field", field, "--filter-print", "", "--print", "[{item}]", "--no-sort"])
    #expect(r.stdout == "[1]\n[{\"n\":\"y\"}]\n[null]\n[{\"a.b\":2}]\n", "\(r.stderr)")
    // A key holding a dot is one key too, shown by the same rule.
    let dotted = try Binary.run([
      path, "--item-field", #"."a.b""#, "--filter-print", "", "--print", "[{item}]", "--no-sort",
    ])
    #expect(
      dotted.stdout == "[{\"a\":1,\"n\":\"x\"}]\n[{\"n\":\"y\"}]\n[{\"a\":null,\"n\":\"z\"}]\n[2]\n",
      "\(dotted.stderr)")
  }

  @Test func filterPrintAndScriptTogetherAreAUsageError() throws {
    let path = Scratch.file(Self.sectioned, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run(["--filter-print", "x", "--script", "-", path], input: "print\n")
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("sectionnav: error: --filter-print and --script cannot be used together"))
  }

  /// What still works: `--skip-bad` with JSON Lines (named or piped), a
  /// later source overriding an earlier one's format.
  @Test func applicableCombinationsStillWork() throws {
    let jsonl = Scratch.file("1\nx\n2\n", suffix: ".jsonl")
    defer { Scratch.remove(jsonl) }
    let named = try Binary.run(["--skip-bad", "--check", jsonl])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.stdout == "1 sections, 2 items\n")
    let piped = try Binary.run(["--skip-bad", "--check", "-"], input: "1\nx\n2\n")
    #expect(piped.stdout == "1 sections, 2 items\n", "\(piped.stderr)")
    let json = Scratch.file(Self.sectioned, suffix: ".json")
    defer { Scratch.remove(json) }
    let forced = try Binary.run(["--jsonl", "--skip-bad", "--check", json])
    #expect(forced.stdout == "1 sections, 1 items\n", "\(forced.stderr)")
    // SECTIONNAV_OPTS says CSV, the command line JSON Lines: the command line wins.
    let layered = try Binary.run(
      ["--jsonl", "--skip-bad", "--check", jsonl], environment: ["SECTIONNAV_OPTS": "--csv"])
    #expect(layered.stdout == "1 sections, 2 items\n", "\(layered.stderr)")
  }
}

import Foundation
import TestScratch
import Testing

/// Error messages quote file names, script lines, option values and data;
/// none of that reaches the terminal raw: ESC, BEL, NUL, other controls and
/// bidi overrides are shown as visible stand-ins (␛, ␇, ␀, U+FFFD).
@Suite struct ErrorMessageTests {
  /// No byte that could drive a terminal or reorder the text around it.
  static func expectClean(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bad = stderr.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    }
    #expect(
      bad.isEmpty, "raw \(bad.map { String($0.value, radix: 16) }) in \(stderr.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(!stderr.isEmpty, sourceLocation: sourceLocation)
  }

  @Test func scriptLine() throws {
    let r = try Binary.run(["--demo", "numbers", "--script", "-"], input: "key \u{1B}]0;owned\u{07}\u{0}x\n")
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("␛]0;owned␇␀x"), "\(r.stderr)")
  }

  /// A message quotes what it refuses, cut at 1024 characters: a 200 k
  /// character script line made a line of that size on standard error.
  @Test func aHugeScriptLineIsCutInItsMessage() throws {
    let line = "goto \"" + String(repeating: "a", count: 200_000) + "\"\n"
    let r = try Binary.run(["--demo", "numbers", "--script", "-"], input: line)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("<stdin>:1: error: no section named 'aaa"), "\(r.stderr.prefix(80))")
    #expect(r.stderr.hasSuffix("a…\n") && r.stderr.count < 1100, "\(r.stderr.count)")
  }

  /// Invisible characters in quoted data are named: a column `\u{FEFF}g`
  /// read as `"g"` in the message beside the `g` it was not; a combining
  /// mark first in a quote sits on ◌ instead of on the quote.
  @Test func invisibleCharactersInQuotedDataAreNamed() throws {
    let r = try Binary.run(
      ["--csv", "--check", "--group-by", "g", "-"], input: "\u{FEFF}\u{FEFF}g,\u{200B}b,\u{301}c\n1,2,3\n")
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains(#"(columns: "<U+FEFF>g", "<U+200B>b", "◌\#u{301}c")"#), "\(r.stderr)")
  }

  @Test func fileName() throws {
    let r = try Binary.run(["--check", "no-such-\u{1B}[2J-\u{202E}file"])
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("no-such-␛[2J-"), "\(r.stderr)")
  }

  /// fzf's `--filter QUERY` and `--multi MAX` typed here, where they take
  /// no value: the word after is FILE, read as ever when it exists
  /// (whatever waits on standard input: `while read f; do sectionnav -m
  /// "$f"; done < list` leaves the list to the loop), and a missing one's
  /// message says what to use — only when the word follows the flag itself,
  /// not an option's value that looks like it (`--prompt -m FILE`).
  @Test(arguments: ["--filter", "--multi", "-m"])
  func fzfsValuesAfterFilterAndMultiAreExplained(option: String) throws {
    let hint = option == "--filter" ? "--filter-print QUERY prints the matches" : "marks are not limited"
    let path = Scratch.file(#"{"A": ["x"]}"#, suffix: ".json")
    defer { Scratch.remove(path) }
    let file = try Binary.run([option, path, "--check"], input: "1\n2\n")
    #expect(file.stdout == "1 sections, 1 items\n", "\(file.stderr)")
    let missing = try Binary.run([option, "no-such-query", "--check"], input: "1\n")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no-such-query: No such file or directory"), "\(missing.stderr)")
    #expect(missing.stderr.contains(hint), "\(missing.stderr)")
    let value = try Binary.run(["--prompt", option, "no-such-query", "--check"])
    #expect(value.status == 2 && !value.stderr.contains(hint), "\(value.stderr)")
    let plain = try Binary.run(["--check", "no-such-query"])
    #expect(plain.status == 2 && !plain.stderr.contains(hint), "\(plain.stderr)")
  }

  @Test func optionValue() throws {
    let r = try Binary.run(["--demo", "\u{1B}[31mred\u{07}"])
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("␛[31mred␇"), "\(r.stderr)")
  }

  @Test func environmentOptions() throws {
    let r = try Binary.run(["--check", "Fixtures/contacts.json"], environment: ["SECTIONNAV_OPTS": "--bogus\u{1B}[5m"])
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("--bogus␛[5m"), "\(r.stderr)")
  }

  @Test func titleInALabelsFile() throws {
    let labels = Scratch.file(#"{"\u202Eevil\u001b[31m": 7}"#, suffix: ".json")
    defer { Scratch.remove(labels) }
    let s = try Binary.run(["Fixtures/contacts.json", "--index-labels", labels, "--script", "-"], input: "state\n")
    #expect(s.status == 2)
    Self.expectClean(s.stderr)
    #expect(s.stderr.contains("evil␛[31m"), "\(s.stderr)")
  }

  /// A character that draws as nothing (U+FEFF, U+200B, a lone combining
  /// mark) is named by its code point alone, never put between quotes
  /// where it would stand unseen; one that draws is shown beside its code.
  @Test(arguments: [
    ("[1,\u{FEFF}2]", "unexpected U+FEFF, expected a value"),
    ("[1,\u{200B}2]", "unexpected U+200B, expected a value"),
    ("[1,\u{301}2]", "unexpected U+0301, expected a value"),
    ("[1,\u{A0}2]", "unexpected U+00A0, expected a value"),
    ("[1,é]", "unexpected 'é' (U+00E9), expected a value"),
  ])
  func unseenCharactersAreNamedByCode(text: String, message: String) throws {
    let path = Scratch.file(text, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run(["--check", path])
    #expect(r.status == 2)
    #expect(r.stderr == "\(path):1:4: error: invalid JSON: \(message)\n")
  }

  /// JSON Lines that start with a byte order mark are refused as a JSON
  /// text that does is: the mark named, from a file and a pipe alike.
  @Test func jsonLinesAfterAByteOrderMark() throws {
    let text = "\u{FEFF}{\"a\":1}\n{\"a\":2}\n"
    let path = Scratch.file(text, suffix: ".jsonl")
    defer { Scratch.remove(path) }
    let expected =
      "1:1: error: invalid JSON: byte order mark before the JSON text (save the file as UTF-8 without BOM)\n"
    let file = try Binary.run(["--check", path])
    #expect(file.status == 2)
    #expect(file.stderr == "\(path):\(expected)")
    let piped = try Binary.run(["--jsonl", "--check", "-"], input: text)
    #expect(piped.status == 2)
    #expect(piped.stderr == "<stdin>:\(expected)")
  }

  /// UTF-16 input (Excel's "Unicode Text", PowerShell's `>`) is named as
  /// such in every format, from a file and a pipe: CSV and TSV read it as
  /// UTF-8 with a NUL every other byte, JSON said "unexpected byte 0xFF".
  @Test(arguments: ["--tsv", "--csv", "--lines", "--jsonl", "--read0", ""])
  func utf16InputIsNamed(format: String) throws {
    let text = "name\tcity\nAnn\tOslo\n"
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let path = Scratch.file(bytes, suffix: ".txt")
    defer { Scratch.remove(path) }
    let options = format.isEmpty ? [] : [format]
    let file = try Binary.run(options + ["--check", path])
    #expect(file.status == 2)
    #expect(file.stderr.hasPrefix("\(path):1:1: error: "), "\(file.stderr)")
    #expect(
      file.stderr.hasSuffix(
        ": UTF-16 text (a UTF-16 byte-order mark): sectionnav reads UTF-8 (iconv -f UTF-16 -t UTF-8 converts it)\n"),
      "\(file.stderr)")
    // Big-endian, through a pipe.
    let piped = try Binary.run(options + ["--check", "-"], shell: #"printf '\376\377\0{' | "$0" "$@""#)
    #expect(piped.status == 2)
    #expect(piped.stderr.contains("UTF-16 text (a UTF-16 byte-order mark)"), "\(piped.stderr)")
  }

  /// A FILE is read as JSON unless its name says CSV, TSV or JSON Lines:
  /// plain text named so (`list.txt`, as `ls > list.txt` makes) fails at
  /// its first byte with the option that reads it; a file named `.json`
  /// is JSON by its name, and is told nothing more.
  @Test func plainTextInAFileNamesLines() throws {
    let text = Scratch.file("Firefox\nFiles\n", suffix: ".txt")
    let json = Scratch.file("Firefox\nFiles\n", suffix: ".json")
    defer {
      Scratch.remove(text)
      Scratch.remove(json)
    }
    let r = try Binary.run(["--check", text])
    #expect(r.status == 2)
    #expect(
      r.stderr
        == "\(text):1:1: error: invalid JSON: unexpected 'F', expected a value (a FILE not named .json, .jsonl, .csv or .tsv is read as JSON; --lines reads lines)\n"
    )
    let lines = try Binary.run(["--lines", "--check", text])
    #expect(lines.stdout == "1 sections, 2 items\n", "\(lines.stderr)")
    let named = try Binary.run(["--check", json])
    #expect(named.stderr == "\(json):1:1: error: invalid JSON: unexpected 'F', expected a value\n")
  }
}

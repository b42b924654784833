import Foundation
import TestScratch
import Testing

/// An output mode that cannot represent a chosen item fails with exit 2 and a
/// message, and writes nothing else in its place (issue 26 #1): a NUL inside
/// an item under `--print0` would make `xargs -0 rm` act on its two halves.
@Suite struct UnprintableChoiceTests {
  static let files = #"{"files": ["notes.txt\u0000keep.txt", "a.txt", "b.txt"]}"#
  static let message =
    "sectionnav: error: --print0 cannot print item 1 of section 'files': it holds a NUL byte "
    + "(--print json escapes it as \\u0000)\n"

  @Test(arguments: [["--filter-print", "txt"], ["--filter-print", "notes"], ["--sort", "--filter-print", "txt"]])
  func filterPrintWithANULItemPrintsNothing(arguments: [String]) throws {
    let path = Scratch.file(Self.files, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run(["--print0"] + arguments + [path])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty, "\(r.stdout.debugDescription)")
    #expect(r.stderr == Self.message)
  }

  /// A NUL in the title `{section}` prints is named as the title's, not the item's.
  @Test func aNULInTheTitleIsSaidToBeThere() throws {
    let path = Scratch.file(#"{"S\u0000T": ["a"]}"#, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run(["--print0", "--print", "{section}", "--filter-print", "", path])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasSuffix(": the section's title holds a NUL byte\n"), "\(r.stderr)")
  }

  @Test func filterPrintWithoutANULSurvivorPrintsAsBefore() throws {
    let path = Scratch.file(Self.files, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run(["--print0", "--filter-print", "a.txt | b.txt", path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "a.txt\0b.txt\0")
    // Escaped, it is representable.
    let json = try Binary.run(["--print0", "--print", "json", "--filter-print", "notes", path])
    #expect(json.stdout == "\"notes.txt\\u0000keep.txt\"\0")
  }

  @Test(arguments: [
    (["--print0"], "key Enter\n"),
    (["--print0", "--print", "{section}/{item}"], "key Enter\n"),
    (["--print0", "--multi"], "key j\nkey m\nkey k\nkey k\nkey m\nkey Enter\n"),
  ])
  func enterOnANULItemPrintsNothing(options: [String], script: String) throws {
    let path = Scratch.file(Self.files, suffix: ".json")
    defer { Scratch.remove(path) }
    let r = try Binary.run(options + ["--script", "-", path], input: script)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty, "\(r.stdout.debugDescription)")
    #expect(r.stderr == Self.message)
  }
}

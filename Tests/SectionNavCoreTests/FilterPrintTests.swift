import Testing

@testable import SectionNavCore

/// What `--filter-print` writes (`FilterResult.print`): the survivors, one
/// per line; exit 1 when none; under `--print0` an item holding a NUL fails
/// the run before a byte is written.
@Suite struct FilterPrintTests {
  static func printed(_ items: [String], query: String, chosen: Chosen) throws(Failure) -> (String, ExitCode) {
    let list = SectionedList([(title: "A", items: items)])
    var written: [UInt8] = []
    let status = try FilterJob.complete(query: FilterQuery(query), list: list, sort: false, parts: 1).print(chosen) {
      written += $0
    }
    return (String(decoding: written, as: UTF8.self), status)
  }

  @Test func theSurvivorsOnePerLine() throws {
    let chosen = Chosen(format: .standard)
    #expect(
      try Self.printed(["apple", "banana", "grape"], query: "ap", chosen: chosen) == ("apple\ngrape\n", .success))
    #expect(try Self.printed(["apple"], query: "zz", chosen: chosen) == ("", .notChosen))
  }

  @Test func aNULUnderPrint0FailsBeforeAnythingIsWritten() throws {
    let chosen = Chosen(format: .standard, terminator: "\0")
    let list = SectionedList([(title: "A", items: ["apple", "ap\u{0}ple"])])
    let result = FilterJob.complete(query: FilterQuery("ap"), list: list, sort: false, parts: 1)
    var written: [UInt8] = []
    #expect(throws: Chosen.holdsNUL(list, section: 0, item: 1)) { try result.print(chosen) { written += $0 } }
    #expect(written.isEmpty)
    #expect(try Self.printed(["apple", "maple"], query: "ap", chosen: chosen) == ("apple\0maple\0", .success))
  }
}

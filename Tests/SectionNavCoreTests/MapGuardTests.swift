import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

@Suite struct MapGuardTests {
  @Test func aFileThatShrinksUnderItsMappingReadsAsZerosInsteadOfCrashing() throws {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let text = "{\"A\": [\"" + String(repeating: "x", count: page * 4) + "\"]}"
    let url = URL(fileURLWithPath: Scratch.file(text, suffix: ".json"))
    defer { Scratch.remove(url.path) }
    let buffer = try DataSource.read(path: url.path)
    #expect(buffer.count == text.utf8.count)
    // Another program truncates the file while we have it mapped.
    #expect(truncate(url.path, 0) == 0)
    // Without the guard this read would raise SIGBUS and kill the test runner.
    let last = buffer.bytes[buffer.count - 1]
    #expect(last == 0)
    #expect(DataSource.mappedFileChanged)
    #expect(throws: LoadError.self) { try JSONIndexer.load(buffer) }
  }
}

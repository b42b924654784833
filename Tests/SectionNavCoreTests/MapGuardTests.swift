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

  /// A cut inside the last page raises no SIGBUS (the rest of the page reads
  /// as zeros), so the guard cannot see it; the file is just shorter.
  @Test func aCutInsideTheLastPageIsSeenAsShrinking() throws {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let text = "{\"A\": [\"" + String(repeating: "x", count: page + 500) + "\"]}"
    let path = Scratch.file(text, suffix: ".json")
    defer { Scratch.remove(path) }
    let buffer = try DataSource.read(path: path)
    #expect(!DataSource.isShorter(path: path, than: buffer.count))
    #expect(truncate(path, off_t(page + 100)) == 0)
    #expect(buffer.bytes[page + 200] == 0)
    #expect(DataSource.isShorter(path: path, than: buffer.count))
  }

  /// An editor saving a shorter file by renaming it over the mapped one
  /// leaves the mapping whole: that is no shrink (the old check, by size
  /// at the path alone, warned of one).
  @Test func aShorterFileRenamedOverTheMappedOneIsNoShrink() throws {
    let path = Scratch.file(String(repeating: "x", count: 10_000), suffix: ".txt")
    defer { Scratch.remove(path) }
    let buffer = try DataSource.read(path: path)
    let identity = DataSource.identity(path: path)
    let other = Scratch.file("kiwi\n", suffix: ".txt")
    #expect(rename(other, path) == 0)
    #expect(!DataSource.isShorter(path: path, than: buffer.count, identity: identity))
    #expect(buffer.bytes[9_999] == UInt8(ascii: "x"))
    // The same file cut in place still is one.
    let cut = try DataSource.read(path: path)
    let cutIdentity = DataSource.identity(path: path)
    #expect(truncate(path, 2) == 0)
    #expect(DataSource.isShorter(path: path, than: cut.count, identity: cutIdentity))
  }
}

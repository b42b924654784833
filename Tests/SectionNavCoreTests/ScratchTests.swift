import Foundation
import TestScratch
import Testing

/// The run's temporary files stay under one root that tests clean as they go
/// (the root itself is checked empty and removed at exit).
@Suite struct ScratchTests {
  @Test func filesAndDirectoriesLiveUnderTheRunsRootAndGoAway() throws {
    let dir = Scratch.directory("check")
    let file = Scratch.file("x", suffix: ".json")
    #expect(dir.hasPrefix(Scratch.root + "/") && file.hasPrefix(Scratch.root + "/"))
    #expect(file.hasSuffix(".json"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    FileManager.default.createFile(atPath: dir + "/nested", contents: Data("y".utf8))
    Scratch.remove(dir)
    Scratch.remove(file)
    #expect(!FileManager.default.fileExists(atPath: dir))
    #expect(!FileManager.default.fileExists(atPath: file))
  }
}

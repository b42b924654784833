import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

@Suite struct DataSourceTests {
  func temporaryFile(_ contents: String) throws -> String {
    Scratch.file(contents, suffix: ".json")
  }

  @Test func aFileIsReadWhole() throws {
    let path = try temporaryFile(#"{"Fruit": ["apple", "pear"]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let buffer = try DataSource.read(path: path)
    #expect(buffer.count == 28)
    let list = try JSONIndexer.load(buffer)
    #expect(contents(list) == [["Fruit", "apple", "pear"]])
  }

  @Test func anEmptyFileIsAnEmptyBuffer() throws {
    let path = try temporaryFile("")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try DataSource.read(path: path).count == 0)
    #expect(loadError("")?.kind == .invalidJSON)
  }

  @Test func missingFilesDirectoriesAndBadPathsAreOneLineErrors() {
    let missing = #expect(throws: DataSourceError.self) { try DataSource.read(path: "/no/such/file.json") }
    #expect(missing?.description == "/no/such/file.json: No such file or directory")
    let directory = #expect(throws: DataSourceError.self) { try DataSource.read(path: "/tmp") }
    #expect(directory?.description == "/tmp: Is a directory")
    let notDirectory = #expect(throws: DataSourceError.self) { try DataSource.read(path: "/etc/hostname/x") }
    #expect(notDirectory?.reason == "Not a directory")
  }

  @Test func pipesAreReadToTheEnd() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let payload = Array(repeating: UInt8(ascii: "x"), count: 300_000)
    let writeEnd = fds[1]
    let writer = Thread {
      payload.withUnsafeBytes { raw in
        var done = 0
        while done < raw.count {
          let n = write(writeEnd, raw.baseAddress! + done, raw.count - done)
          if n <= 0 { break }
          done += n
        }
      }
      close(writeEnd)
    }
    writer.start()
    let buffer = try DataSource.read(fd: fds[0], name: "pipe")
    close(fds[0])
    #expect(buffer.count == payload.count)
    #expect(buffer.slice(0, 3) == [0x78, 0x78, 0x78])
  }
}

import Foundation
import TestScratch
import Testing

/// A data file cut on disk while the program has it mapped: any cut, page
/// aligned or not, is reported as "the file shrank", never as the NUL bytes
/// the lost range reads as.
@Suite(.timeLimit(.minutes(3)))
struct ShrinkTests {
  /// The program started with `arguments`, its output and errors on pipes
  /// the test reads while it runs.
  static func start(_ arguments: [String]) throws -> (Process, out: Pipe, err: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = arguments
    let (out, err) = (Pipe(), Pipe())
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return (process, out, err)
  }

  /// The script comes through a FIFO, so the test knows the data is loaded
  /// (the program opens the script only after loading) before it cuts the
  /// file inside its last page — no SIGBUS, the tail just reads as zeros.
  @Test func scriptAfterACutInsideTheLastPageFailsWithTheShrankMessage() throws {
    let dir = Scratch.directory("shrink")
    defer { Scratch.remove(dir) }
    let data = dir + "/data.json"
    let text = #"{"A": [""# + String(repeating: "x", count: 5000) + #"", "last item"]}"#
    #expect(FileManager.default.createFile(atPath: data, contents: Data(text.utf8)))
    let fifo = dir + "/script.nav"
    #expect(mkfifo(fifo, 0o600) == 0)
    let (process, out, err) = try Self.start([data, "--script", fifo])
    // Blocks until the program opens the script, i.e. after it loaded the data.
    let writer = open(fifo, O_WRONLY)
    #expect(writer >= 0)
    #expect(truncate(data, 4200) == 0)  // 4096 + 104: inside the second page
    let script = Array("key j\nkey Enter\n".utf8)
    _ = script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
    close(writer)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(stdout.isEmpty, "printed \(stdout.count) bytes of a cut file")
    #expect(stderr == "sectionnav: error: \(data): the file shrank while it was being read\n")
  }

  /// `--filter-print` cut while it prints (its output pipe full, so the
  /// program waits in a write after the filter ran): the items past the cut
  /// were printed as NUL bytes with status 0; now the run ends with the
  /// shrank error and status 2.
  @Test func filterPrintCutWhilePrintingFailsWithTheShrankMessage() throws {
    let dir = Scratch.directory("shrink")
    defer { Scratch.remove(dir) }
    let data = dir + "/data.txt"
    let line = String(repeating: "x", count: 99) + "\n"
    #expect(FileManager.default.createFile(atPath: data, contents: Data(String(repeating: line, count: 20_000).utf8)))
    let (process, out, err) = try Self.start(["--lines", "--no-sort", "--filter-print", "x", data])
    // The first output comes once the data is loaded and filtered; 2 MB
    // cannot all fit in the pipe, so the program is still printing.
    let first = out.fileHandleForReading.readData(ofLength: 1)
    #expect(first.count == 1)
    #expect(truncate(data, 4200) == 0)
    let rest = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2, "\(rest.count) bytes after the cut")
    #expect(stderr == "sectionnav: error: \(data): the file shrank while it was being read\n")
  }
}

import Testing

@testable import SectionNavCore

/// `--lines` input from a stream whose line never ends is refused at
/// `TextCheck.maximumLine`, not read to the memory cap (issue 26 #10).
@Suite struct TextCheckTests {
  @Test func anEndlessStreamLineIsRefusedAtTheLimit() throws {
    var bytes = [UInt8](repeating: UInt8(ascii: "y"), count: TextCheck.maximumLine + 10)
    bytes[5] = 0x0A
    let buffer = ByteBuffer(bytes)
    var check = TextCheck()
    try check.advance(buffer, count: TextCheck.maximumLine, stream: true)
    let error = #expect(throws: LoadError.self) { try check.advance(buffer, count: bytes.count, stream: true) }
    #expect(error?.kind == .notText)
    #expect(error?.line == 2 && error?.column == 1)
    // A file's line is bounded by the file: no cap.
    var file = TextCheck()
    #expect(throws: Never.self) { try file.advance(buffer, count: bytes.count, stream: false) }
  }

  /// `--read0`: a NUL ends an item, no sign of binary data; an item with
  /// none for 64 MiB is refused as an endless line is (a line feed ends nothing).
  @Test func nulEndedItemsAreTextAndAnEndlessItemIsRefused() throws {
    var bytes = [UInt8](repeating: UInt8(ascii: "y"), count: TextCheck.maximumLine + 10)
    bytes[5] = 0
    bytes[9] = 0x0A
    let buffer = ByteBuffer(bytes)
    var lines = TextCheck()
    #expect(throws: LoadError.self) { try lines.advance(buffer, count: 100, stream: true) }
    var check = TextCheck(lineEnd: .nul)
    try check.advance(buffer, count: TextCheck.maximumLine, stream: true)
    let error = #expect(throws: LoadError.self) { try check.advance(buffer, count: bytes.count, stream: true) }
    #expect(error?.kind == .notText)
    #expect(error?.message.contains("an item longer than 64 MiB without a NUL") == true, "\(error?.message ?? "")")
  }
}

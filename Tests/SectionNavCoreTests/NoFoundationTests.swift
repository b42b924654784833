import Foundation
import Testing

/// The program's modules import no Foundation: linked statically, its
/// CoreFoundation and ICU (or FoundationEssentials alone) would add 2–5 MB
/// to the memory of every run, and a pipe of 60 MB must load in 1.5× its size.
/// (Tests and the benchmark may use it.)
@Suite struct NoFoundationTests {
  @Test func theProgramsSourcesImportNoFoundation() throws {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("sectionnav-bench/") }
    #expect(files.count > 100)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      // `import Foundation`, `import FoundationEssentials`, `import struct Foundation.Date`, …
      let imports = text.split(separator: "\n").filter { line in
        let words = line.split(separator: " ")
        return words.contains("import") && words.contains { $0.hasPrefix("Foundation") }
      }
      #expect(imports.isEmpty, "\(file): \(imports)")
    }
  }
}

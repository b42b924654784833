import Foundation
import Testing

@testable import SectionNavCore

/// Loads JSON text with the indexer.
func load(_ json: String, _ options: LoadOptions = LoadOptions()) throws(LoadError) -> SectionedList {
  try JSONIndexer.load(Array(json.utf8), options: options)
}

/// The error loading `json` fails with, or nil when it loads.
func loadError(_ json: String, _ options: LoadOptions = LoadOptions()) -> LoadError? {
  loadError(Array(json.utf8), options)
}

func loadError(_ bytes: [UInt8], _ options: LoadOptions = LoadOptions()) -> LoadError? {
  do {
    _ = try JSONIndexer.load(bytes, options: options)
    return nil
  } catch {
    return error
  }
}

/// Each section as `[title, item, item, …]` — what a user sees, in order.
func contents(_ list: SectionedList) -> [[String]] {
  (0..<list.sectionCount).map { s in
    [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
  }
}

/// The repository root (this file is `<repo>/Tests/SectionNavCoreTests/…`).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// `<repo>/Fixtures/NAME`.
func fixtureURL(_ name: String) -> URL {
  repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(name)
}

/// The JSONTestSuite parsing corpus, kept beside the checkout in `../shared`
/// (CI has it; a fresh clone does not).
let conformanceDirectory = repositoryRoot.deletingLastPathComponent()
  .appendingPathComponent("shared/conformance/JSONTestSuite/test_parsing")

/// Whether the corpus is there; tests that need it are skipped, with the reason shown, when not.
let jsonTestSuitePresent = FileManager.default.fileExists(atPath: conformanceDirectory.path)

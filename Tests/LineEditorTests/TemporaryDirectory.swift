import Foundation
import TestScratch

/// A fresh directory under the test run's scratch root, removed when the test is done with it.
final class TemporaryDirectory {
  let path: String

  init() {
    path = Scratch.directory("lineeditor")
  }

  deinit { Scratch.remove(path) }

  /// Environment that puts prompt history under this directory.
  var environment: [String: String] { ["XDG_STATE_HOME": path, "HOME": "/nonexistent"] }

  func contents(of directory: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
  }
}

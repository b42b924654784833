import Foundation

/// A fresh directory under /tmp, removed when the test is done with it.
final class TemporaryDirectory {
  let path: String

  init() {
    var template = Array("/tmp/sectionnav-lineeditor-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Environment that puts prompt history under this directory.
  var environment: [String: String] { ["XDG_STATE_HOME": path, "HOME": "/nonexistent"] }

  func contents(of directory: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
  }
}

import Foundation
import Testing

@testable import LineEditor

extension LibeditSuites {
  /// How the prompt keeps its history file, and what happens when it cannot.
  @Suite struct LineEditorHistoryTests {
    @Test func unwritableStateDirectoryWarnsOnceAndTheSessionGoesOn() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      // Root ignores permission bits, but nobody can make a directory under a file.
      #expect(FileManager.default.createFile(atPath: temp.path + "/file", contents: Data("x".utf8)))
      let editor = LineEditor(
        program: "sectionnav", historyName: "commands",
        environment: ["XDG_STATE_HOME": temp.path + "/file/state"],
        inputFD: pty.slave, outputFD: pty.slave)
      var warnings: [String] = []
      editor.onWarning = { warnings.append($0) }
      #expect(warnings.isEmpty)

      #expect(try pty.readLine(editor, typing: ["goto iPad\r"]) == "goto iPad")
      #expect(try pty.readLine(editor, typing: ["print\r"]) == "print")
      #expect(warnings.count == 1)
      #expect(
        warnings.first?.hasPrefix("cannot create history directory \(temp.path)/file/state") == true)
      #expect(editor.warning == warnings.first)
      // History still works within the session.
      #expect(try pty.readLine(editor, typing: ["\u{1b}[A\u{1b}[A", "\r"]) == "goto iPad")
    }

    @Test func warningRaisedBeforeAHandlerIsSetIsStillDelivered() {
      let editor = LineEditor(
        program: "sectionnav", historyName: "commands", environment: [:],
        inputFD: -1, outputFD: -1)
      var warnings: [String] = []
      editor.onWarning = { warnings.append($0) }
      #expect(warnings.count == 1)
      #expect(editor.historyPath == nil)
    }

    @Test func aSecondSessionSeesTheFirstSessionsLines() throws {
      let pty = try PseudoTerminal()
      let temp = TemporaryDirectory()
      do {
        let first = LineEditor(
          program: "sectionnav", historyName: "search", environment: temp.environment,
          inputFD: pty.slave, outputFD: pty.slave)
        #expect(try pty.readLine(first, typing: ["iPad\r"]) == "iPad")
        #expect(try pty.readLine(first, typing: ["Mac\r"]) == "Mac")
      }
      let second = LineEditor(
        program: "sectionnav", historyName: "search", environment: temp.environment,
        inputFD: pty.slave, outputFD: pty.slave)
      #expect(second.history.entries == ["iPad", "Mac"])
      #expect(second.warning == nil)
      // Searches and commands keep separate files.
      #expect(temp.contents(of: temp.path + "/sectionnav") == ["search_history"])
    }
  }
}

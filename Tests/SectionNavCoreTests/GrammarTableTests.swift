import Foundation
import Testing

@testable import SectionNavCore

/// The key table and the command grammar are each one table that dispatch,
/// completion and help all read.
@Suite struct GrammarTableTests {
  @Test func everyBoundKeyNameMeansThatKeyAndNoKeyIsBoundTwice() throws {
    var seen: [KeyEvent: Action] = [:]
    for binding in KeyBindings.table {
      for key in binding.keys {
        // The name help shows reads back as the same key (a typo would have
        // stopped the program while the table was built).
        #expect(try KeyNames.parse(KeyNames.name(of: key)) == key)
        #expect(
          seen[key] == nil,
          "\(KeyNames.name(of: key)) bound to \(seen[key].map { "\($0)" } ?? "") and \(binding.action)")
        seen[key] = binding.action
      }
    }
    #expect(KeyBindings.action(for: KeyEvent(.escape)) == .quit)
    #expect(KeyBindings.action(for: KeyEvent(.char("q"))) == .quit)
  }

  @Test func everyCommandIsOfferedAndListedInHelp() {
    let help = KeyBindings.helpLines.joined(separator: "\n")
    for spec in CommandGrammar.table {
      #expect(CommandCompletion.commands.contains(spec.name) != spec.scriptOnly, "\(spec.name)")
      #expect(help.contains("  \(spec.name)") != spec.scriptOnly, "\(spec.name) in help")
      #expect(CommandGrammar.spec(named: spec.name)?.name == spec.name)
    }
  }

  @Test func theReadmeDocumentsEveryCommand() throws {
    let readme = try DocsConsistencyTests.read("README.md")
    guard let start = readme.range(of: "## Script mode"), let end = readme.range(of: "### A walk-through") else {
      Issue.record("README has no script mode section")
      return
    }
    let section = readme[start.upperBound..<end.lowerBound]
    for spec in CommandGrammar.table {
      #expect(section.contains("`\(spec.name)"), "README: \(spec.name)")
    }
  }

  @Test func scriptOnlyCommandsAreRefusedAtThePrompt() {
    var s = AppState(list: TestData.numbers, width: 40, height: 12)
    for line in ["hold", "settle", "simulate shrank"] {
      #expect(s.handle(.lineEdited(.command, line, warning: nil)).isEmpty)
      #expect(s.message?.hasSuffix("works in scripts only") == true, "\(line): \(s.message ?? "")")
    }
  }
}

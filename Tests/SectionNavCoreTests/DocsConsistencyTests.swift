import Foundation
import Testing

@testable import SectionNavCore

/// The man page, the help and the completions must list every option of the
/// one option table, so documentation cannot fall behind the parser.
@Suite struct DocsConsistencyTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  static let optionNames = OptionTable.options.filter { $0.kind != .positional }.map(\.name)

  @Test func everyOptionIsInTheHelp() {
    let help = HelpText.render()
    for option in OptionTable.options {
      #expect(help.contains(HelpText.synopsis(option)), "\(option.name) missing from --help")
    }
    #expect(help.contains("-h, --help"))
  }

  /// The man page's table of the two modes is `ModeKeys`, row for row, and `--help` prints it.
  @Test func bothModesKeyTableIsTheOneInTheManPageAndHelp() throws {
    let man = try Self.read("docs/sectionnav.1").replacingOccurrences(of: "\\-", with: "-")
    let help = HelpText.render()
    for row in ModeKeys.rows {
      #expect(man.contains("\(row.keys)\t\(row.browse)\t\(row.pick)\n"), "man page lacks the keys row \(row.keys)")
      #expect(help.contains("  " + row.keys), "--help lacks the keys row \(row.keys)")
    }
  }

  @Test func everyOptionIsInTheManPage() throws {
    // roff writes '-' as '\-'.
    let man = try Self.read("docs/sectionnav.1").replacingOccurrences(of: "\\-", with: "-")
    // The tag lines of the OPTIONS list: the line after each `.TP`.
    let lines = man.split(separator: "\n", omittingEmptySubsequences: false)
    let tags = zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.map { $0.1 + " " }
    for name in Self.optionNames {
      #expect(
        tags.contains { $0.contains(name + " ") || $0.contains(name + "\"") },
        "\(name) has no entry in docs/sectionnav.1")
    }
    #expect(tags.contains { $0.contains("-h \", \" --help") })
    #expect(man.contains("\"\(Version.string)\""), "man page version differs from Version.string")
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "MOUSE", "SCRIPT COMMANDS",
      "ENVIRONMENT", "EXIT STATUS", "EXAMPLES",
    ] {
      #expect(man.contains(".SH \(section)\n"), "no \(section) section")
    }
    for variable in ["SECTIONNAV_OPTS", "NO_COLOR", "XDG_STATE_HOME"] { #expect(man.contains(variable)) }
  }

  @Test func everyExitStatusIsInTheHelpAndTheManPage() throws {
    let help = HelpText.render()
    let man = try Self.read("docs/sectionnav.1")
    guard let exitSection = man.range(of: ".SH EXIT STATUS") else {
      Issue.record("no EXIT STATUS section")
      return
    }
    let section = man[exitSection.upperBound...].prefix { _ in true }.split(separator: ".SH ").first ?? ""
    for code in ExitCode.allCases {
      #expect(help.contains("  \(code.rawValue)  "), "--help lacks exit status \(code.rawValue)")
      #expect(section.contains(".B \(code.rawValue)\n"), "the man page lacks exit status \(code.rawValue)")
    }
  }

  @Test func everyOptionIsInEveryCompletion() throws {
    let bash = try Self.read("docs/completions/sectionnav.bash")
    let zsh = try Self.read("docs/completions/_sectionnav")
    let fish = try Self.read("docs/completions/sectionnav.fish")
    for name in Self.optionNames {
      #expect(bash.contains(name), "\(name) missing from the bash completion")
      #expect(
        zsh.contains(name + "[") || zsh.contains(name + "=[") || zsh.contains(name + "}"),
        "\(name) missing from the zsh completion")
      #expect(fish.contains("-l \(name.dropFirst(2)) "), "\(name) missing from the fish completion")
    }
  }

  /// `--shell` prints the files of docs/shell and docs/completions as they
  /// are: regenerate with `scripts/gen_shell_scripts` after editing them.
  @Test func embeddedShellScriptsAreTheDocsFiles() throws {
    let pairs = [
      ("docs/shell/widget.bash", ShellScripts.bashWidget), ("docs/shell/widget.zsh", ShellScripts.zshWidget),
      ("docs/shell/widget.fish", ShellScripts.fishWidget),
      ("docs/completions/sectionnav.bash", ShellScripts.bashCompletion),
      ("docs/completions/_sectionnav", ShellScripts.zshCompletion),
      ("docs/completions/sectionnav.fish", ShellScripts.fishCompletion),
    ]
    for (path, embedded) in pairs {
      #expect(
        try Self.read(path) == embedded + "\n",
        "\(path) differs from ShellScriptTexts.swift: run scripts/gen_shell_scripts")
    }
  }

  @Test func completionsOfferTheAllowedValues() throws {
    let files = try ["sectionnav.bash", "_sectionnav", "sectionnav.fish"].map {
      try Self.read("docs/completions/\($0)")
    }
    for option in OptionTable.options where !option.allowed.isEmpty {
      let words = option.allowed.joined(separator: " ")
      for file in files { #expect(file.contains(words), "\(option.name): '\(words)' not offered") }
    }
  }

  /// Runs the real bash completion function the way bash would.
  private func bashComplete(_ words: [String]) throws -> [String] {
    let script = Self.root.appendingPathComponent("docs/completions/sectionnav.bash").path
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source '\(script)'; complete -p sectionnav >/dev/null || exit 3
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _sectionnav
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", "-c", program]
    process.currentDirectoryURL = Self.root
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesDemoNames() throws {
    #expect(try bashComplete(["sectionnav", "--demo", ""]) == Demos.names)
    #expect(try bashComplete(["sectionnav", "--demo", "=", "n"]) == ["numbers"])
  }

  @Test func bashCompletesValuesAndOptions() throws {
    #expect(try bashComplete(["sectionnav", "--index", ""]) == ["initials", "titles", "alphabet"])
    #expect(try bashComplete(["sectionnav", "--color", "n"]) == ["never"])
    #expect(Set(try bashComplete(["sectionnav", "--index-"])) == ["--index-labels", "--index-anchor"])
    #expect(try bashComplete(["sectionnav", "Package.sw"]) == ["Package.swift"])
  }
}

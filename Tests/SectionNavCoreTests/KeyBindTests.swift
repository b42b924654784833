import Foundation
import Testing

@testable import SectionNavCore

/// `--bind KEY:ACTION+ACTION…` as fzf users write it.
@Suite struct KeyBindTests {
  static func message(_ spec: String) -> String? {
    do {
      _ = try KeyBind.parse(spec)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func keysInFzfAndScriptSpelling() throws {
    let cases: [(String, KeyEvent)] = [
      ("ctrl-r", KeyEvent(.ctrl("r"))), ("C-r", KeyEvent(.ctrl("r"))), ("alt-x", KeyEvent(.char("x"), modifiers: .alt)),
      ("M-x", KeyEvent(.char("x"), modifiers: .alt)), ("f5", KeyEvent(.function(5))), ("F5", KeyEvent(.function(5))),
      ("x", KeyEvent(.char("x"))), ("enter", KeyEvent(.enter)), ("btab", KeyEvent(.backTab)),
      ("shift-up", KeyEvent(.up, modifiers: .shift)), ("S-Down", KeyEvent(.down, modifiers: .shift)),
      ("pgdn", KeyEvent(.pageDown)), ("PgDn", KeyEvent(.pageDown)), ("space", KeyEvent(.char(" "))),
      ("alt-enter", KeyEvent(.enter, modifiers: .alt)), (":", KeyEvent(.char(":"))),
    ]
    for (name, key) in cases {
      #expect(try KeyBind.parse("\(name):accept").first?.key == key, "\(name)")
    }
  }

  @Test func actionsChainWithPlusAndBindsSeparateWithCommas() throws {
    let binds = try KeyBind.parse("ctrl-r:reload(cat a+b.txt)+first,f5:toggle-preview,ctrl-o:execute:less {item}")
    #expect(binds.count == 3)
    #expect(binds[0].actions == [.reload(CommandTemplate("cat a+b.txt")), .action(.firstRow)])
    #expect(binds[0].text == "reload(cat a+b.txt)+first")
    #expect(binds[1].actions == [.togglePreview])
    // After ':' the argument runs to the end, commas and all.
    #expect(binds[2].actions == [.execute(CommandTemplate("less {item}"))])
  }

  @Test func bracketsChooseTheArgumentsEnd() throws {
    #expect(
      try KeyBind.parse("x:execute(echo (a))+abort")[0].actions == [
        .execute(CommandTemplate("echo (a)")), .action(.quit),
      ])
    #expect(try KeyBind.parse("x:execute[echo )]")[0].actions == [.execute(CommandTemplate("echo )"))])
    #expect(try KeyBind.parse("x:execute-silent{touch f}")[0].actions == [.executeSilent(CommandTemplate("touch f"))])
    #expect(
      try KeyBind.parse("x:print({section}: {item})")[0].actions == [.print(try PrintFormat("{section}: {item}"))])
  }

  @Test func everyListActionIsBindableByName() throws {
    for binding in KeyBindings.table {
      let name = BindAction.name(of: binding.action)
      #expect(try KeyBind.parse("x:\(name)")[0].actions == [.action(binding.action)], "\(name)")
    }
    #expect(BindAction.name(of: .halfPageDown) == "half-page-down")
    #expect(try KeyBind.parse("x:accept+abort")[0].actions == [.action(.choose), .action(.quit)])
    #expect(try KeyBind.parse("x:preview-down+toggle-mark")[0].actions == [.previewDown, .toggleMark])
  }

  @Test func helpShowsTheBindingsInEffect() throws {
    var settings = AppSettings()
    settings.binds = try KeyBind.parse("j:page-down,ctrl-r:reload(ls)") + KeyBind.parse("ctrl-r:abort")
    settings.preview = CommandTemplate("cat {item}")
    let lines = AppState(list: SectionedList([(title: "A", items: ["a"])]), settings: settings).helpLines
    // j left the table's row; the last binding of C-r wins; the preview keys are listed.
    #expect(lines.contains { $0.hasPrefix("  Down ") && $0.hasSuffix("cursor down") })
    #expect(!lines.contains { $0.hasPrefix("  j ") && $0.hasSuffix("cursor down") })
    let bindings = try #require(lines.firstIndex(of: "--bind"))
    #expect(
      Array(lines[(bindings + 1)...].prefix(2)).map { $0.split(separator: " ").joined(separator: " ") } == [
        "j page-down", "C-r abort",
      ])
    #expect(lines.contains { $0.hasPrefix("  p ") && $0.contains("preview") })
    #expect(lines.contains { $0.hasPrefix("  S-Down ") })
  }

  @Test func badSpecsNameTheToken() {
    #expect(Self.message("ctrl-r") == "invalid --bind 'ctrl-r': expected KEY:ACTION")
    #expect(Self.message("ctrl-:accept") == "invalid --bind 'ctrl-:accept': unknown key 'ctrl-'")
    #expect(Self.message("hyper-x:accept") == "invalid --bind 'hyper-x:accept': unknown key 'hyper-x'")
    #expect(
      Self.message("x:frobnicate")
        == "invalid --bind 'x:frobnicate': unknown action 'frobnicate' (see 'sectionnav --help' for the names)")
    #expect(
      Self.message("x:accept+")
        == "invalid --bind 'x:accept+': unknown action '' (see 'sectionnav --help' for the names)")
    #expect(Self.message("x:execute(less") == "invalid --bind 'x:execute(less': 'execute(' has no closing ')'")
    #expect(Self.message("x:reload") == "invalid --bind 'x:reload': 'reload' needs an argument, e.g. reload(…)")
    #expect(Self.message("x:execute()") == "invalid --bind 'x:execute()': empty command for 'execute'")
    #expect(
      Self.message("x:print({nope})")
        == "invalid --bind 'x:print({nope})': unknown placeholder '{nope}' in --print format "
        + "(expected {section}, {item}, {index} or {json})")
    #expect(Self.message("x:accept;y") == "invalid --bind 'x:accept;y': unexpected ';y'")
  }
}

/// Placeholders in `--preview` and `execute`/`reload` commands.
@Suite struct CommandTemplateTests {
  @Test func placeholdersAreSingleQuotedWords() {
    let t = CommandTemplate("show {item} in {section} #{index} {json} {}")
    #expect(
      t.render(section: "it's", item: "a b; rm -rf ~", index: 3, json: #"{"x":1}"#)
        == #"show 'a b; rm -rf ~' in 'it'\''s' #3 '{"x":1}' 'a b; rm -rf ~'"#)
  }

  @Test func otherBracesAreTheCommandsOwn() {
    let t = CommandTemplate("awk '{print $1}' <<< {item}; echo ${item} {a,b} {")
    #expect(t.render(section: "", item: "x", index: 0, json: "") == "awk '{print $1}' <<< 'x'; echo ${item} {a,b} {")
  }

  @Test func nulCannotReachTheShell() {
    #expect(CommandTemplate.quote("a\0b") == "'ab'")
  }

  @Test func aQuoteBeforeACombiningMarkStaysInsideTheWord() throws {
    // To `String`, `'` + U+0301 is one Character that is not `'`; to the shell it is a quote.
    let item = "it'\u{301}s $(echo injected) 'x'\u{301}"
    let sh = Process()
    sh.executableURL = URL(fileURLWithPath: "/bin/sh")
    sh.arguments = ["-c", "printf %s " + CommandTemplate.quote(item)]
    let output = Pipe()
    sh.standardOutput = output
    try sh.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    sh.waitUntilExit()
    #expect(String(decoding: printed, as: UTF8.self) == item)
  }
}

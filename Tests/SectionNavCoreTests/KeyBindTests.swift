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
      // The byte Ctrl-Space sends (NUL) decodes as it.
      ("ctrl-space", KeyEvent(Key.control(0))), ("C-Space", KeyEvent(Key.control(0))),
      // fzf's: C-/ is the byte C-_ sends; Alt with a control key.
      ("ctrl-/", KeyEvent(.ctrl("_"))), ("ctrl-alt-x", KeyEvent(.ctrl("x"), modifiers: .alt)),
      // fzf's modifiers on cursor keys, in any order (xterm reports Ctrl-Up as `CSI 1;5A`).
      ("ctrl-up", KeyEvent(.up, modifiers: .control)), ("C-Up", KeyEvent(.up, modifiers: .control)),
      ("ctrl-alt-left", KeyEvent(.left, modifiers: [.control, .alt])),
      ("shift-ctrl-home", KeyEvent(.home, modifiers: [.control, .shift])),
      ("alt-shift-page-down", KeyEvent(.pageDown, modifiers: [.alt, .shift])),
      ("ctrl-delete", KeyEvent(.delete, modifiers: .control)),
      ("M-C-S-End", KeyEvent(.end, modifiers: [.control, .shift, .alt])),
      ("S-Enter", KeyEvent(.enter, modifiers: .shift)), ("M-Up", KeyEvent(.up, modifiers: .alt)),
    ]
    for (name, key) in cases {
      #expect(try KeyBind.parse("\(name):accept").first?.key == key, "\(name)")
    }
    // Help names the modifiers, so Ctrl-Up is not listed as Up.
    #expect(KeyNames.name(of: KeyEvent(.up, modifiers: .control)) == "C-Up")
    #expect(KeyNames.name(of: KeyEvent(.home, modifiers: [.control, .shift, .alt])) == "M-C-S-Home")
  }

  @Test func actionsChainWithPlusAndBindsSeparateWithCommas() throws {
    let binds = try KeyBind.parse("ctrl-r:reload(cat a+b.txt)+first,f5:toggle-preview,ctrl-o:execute:less {item}")
    #expect(binds.count == 3)
    #expect(binds[0].actions == [.reload(try CommandTemplate("cat a+b.txt")), .action(.firstRow)])
    #expect(binds[0].text == "reload(cat a+b.txt)+first")
    #expect(binds[1].actions == [.togglePreview])
    // After ':' the argument runs to the end, commas and all.
    #expect(binds[2].actions == [.execute(try CommandTemplate("less {item}"))])
  }

  @Test func bracketsChooseTheArgumentsEnd() throws {
    #expect(
      try KeyBind.parse("x:execute(echo (a))+abort")[0].actions == [
        .execute(try CommandTemplate("echo (a)")), .action(.quit),
      ])
    #expect(try KeyBind.parse("x:execute[echo )]")[0].actions == [.execute(try CommandTemplate("echo )"))])
    #expect(
      try KeyBind.parse("x:execute-silent{touch f}")[0].actions == [.executeSilent(try CommandTemplate("touch f"))])
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
    settings.preview = try CommandTemplate("cat {item}")
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

  /// `ctrl-h` is the BS byte and `ctrl-c` ends the run, unless bound, as in
  /// fzf: both bindings were accepted and never fired (C-h read as
  /// Backspace, C-c ended the run before the bindings were asked).
  @Test func ctrlHAndCtrlCCanBeBound() throws {
    #expect(Key.control(0x08) == .ctrl("h") && Key.control(0x7F) == .backspace)
    var settings = AppSettings()
    settings.binds = try KeyBind.parse("ctrl-h:last-row,ctrl-c:first")
    var state = AppState(list: TestData.numbers, settings: settings, width: 40, height: 12)
    _ = try state.run("key C-h")
    #expect(state.cursor?.section == 19 && state.cursor?.item == 9)
    let effects = try state.run("key C-c")
    #expect(state.cursor?.section == 0 && state.cursor?.item == 0)
    #expect(!effects.contains { if case .interrupt = $0 { true } else { false } })
    // Unbound, C-h edits as Backspace does and C-c interrupts.
    var plain = AppState(list: TestData.numbers, width: 40, height: 12)
    _ = try plain.run("key &")
    _ = try plain.run("type s1")
    _ = try plain.run("key C-h")
    #expect(plain.filtering.requested == "s")
    _ = try plain.run("key Esc")
    #expect(try plain.run("key C-c").contains { if case .interrupt = $0 { true } else { false } })
  }

  @Test func badSpecsNameTheToken() {
    #expect(Self.message("ctrl-r") == "invalid --bind 'ctrl-r': expected KEY:ACTION")
    #expect(Self.message("ctrl-:accept") == "invalid --bind 'ctrl-:accept': unknown key 'ctrl-'")
    #expect(Self.message("hyper-x:accept") == "invalid --bind 'hyper-x:accept': unknown key 'hyper-x'")
    // fzf's events not fired are named as such (an fzf config's `focus:…` said "unknown key").
    #expect(
      Self.message("focus:reload(ls)")
        == "invalid --bind 'focus:reload(ls)': 'focus' is an fzf event sectionnav does not fire "
        + "(it fires start, load and change)")
    // fzf takes no modifier twice, and none on insert.
    #expect(Self.message("ctrl-ctrl-up:up") == "invalid --bind 'ctrl-ctrl-up:up': unknown key 'ctrl-ctrl-up'")
    #expect(Self.message("ctrl-insert:up") == "invalid --bind 'ctrl-insert:up': unknown key 'ctrl-insert'")
    // Named as written, not by the part after `alt-`.
    #expect(Self.message("alt-shift-x:up") == "invalid --bind 'alt-shift-x:up': unknown key 'alt-shift-x'")
    #expect(Self.message("ctrl-alt-%:up") == "invalid --bind 'ctrl-alt-%:up': unknown key 'ctrl-alt-%'")
    // An unknown action lists the names (`--help` names only some).
    let unknown = Self.message("x:frobnicate") ?? ""
    #expect(
      unknown.hasPrefix("invalid --bind 'x:frobnicate': unknown action 'frobnicate' (the actions: abort, accept, "))
    #expect(
      unknown.contains(", execute(…), ") && unknown.contains(", select-all, ") && unknown.contains(", page-down, "))
    #expect(
      Self.message("x:accept+")?.hasPrefix(
        "invalid --bind 'x:accept+': unknown action '' (the actions: abort, accept, ")
        == true)
    #expect(Self.message("x:execute(less") == "invalid --bind 'x:execute(less': 'execute(' has no closing ')'")
    #expect(Self.message("x:reload") == "invalid --bind 'x:reload': 'reload' needs an argument, e.g. reload(…)")
    #expect(Self.message("x:execute()") == "invalid --bind 'x:execute()': empty command for 'execute'")
    #expect(
      Self.message("x:print({nope})")
        == "invalid --bind 'x:print({nope})': unknown placeholder '{nope}' in --print format "
        + "(expected {section}, {item} (or {}), {index} or {json})")
    #expect(Self.message("x:accept;y") == "invalid --bind 'x:accept;y': unexpected ';y'")
  }
}

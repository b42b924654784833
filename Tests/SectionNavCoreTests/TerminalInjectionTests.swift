import Foundation
import Testing

@testable import SectionNavCore

/// Data and typed input must never drive the terminal (README.md, "Hostile input"): every
/// C0 control, DEL, every C1 control, the bidi controls and ESC-led sequences
/// (CSI, OSC title, OSC 52 clipboard, DCS) are fed through every text surface
/// the core draws, and the rendered `plainLines()` and `ansiLines()` must
/// contain none of them raw — `ansiLines()` only the frame's own SGR codes
/// (`ESC [ digits/; m`) — while showing the payload's visible stand-in.
@Suite struct TerminalInjectionTests {
  /// Every scalar that must not reach the terminal raw.
  static let forbidden: [Unicode.Scalar] = {
    var values: [UInt32] = Array(0..<0x20) + [0x7F] + Array(0x80...0x9F)
    values += [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
    values += [0x200E, 0x200F, 0x061C, 0x2028, 0x2029]
    return values.map { Unicode.Scalar($0)! }
  }()

  static let sequences = [
    "\u{1B}[31m", "\u{1B}[2J\u{1B}[H", "\u{1B}]0;title\u{07}", "\u{1B}]52;c;aGVsbG8=\u{07}",
    "\u{1B}]8;;http://example.com\u{1B}\\", "\u{1B}P$q\u{1B}\\", "\u{9B}31m", "\u{9D}0;t\u{9C}", "\u{1B}c",
  ]

  /// Each forbidden scalar between two letters, then each escape sequence.
  static let payloads: [String] = {
    let single: [String] = forbidden.map { "x" + String(Character($0)) + "y" }
    return single + sequences.map { "x" + $0 + "y" }
  }()

  // MARK: Checking a frame

  static func isForbidden(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// The `ansiLines()` row with its SGR codes removed, or nil when it holds
  /// an ESC that does not start `ESC [ digits/; m`.
  static func strippingSGR(_ line: String) -> String? {
    var out = String.UnicodeScalarView()
    var scalars = Array(line.unicodeScalars)[...]
    while let s = scalars.first {
      guard s == "\u{1B}" else {
        out.append(s)
        scalars = scalars.dropFirst()
        continue
      }
      scalars = scalars.dropFirst()
      guard scalars.first == "[" else { return nil }
      scalars = scalars.dropFirst()
      while let p = scalars.first, ("0"..."9").contains(p) || p == ";" { scalars = scalars.dropFirst() }
      guard scalars.first == "m" else { return nil }
      scalars = scalars.dropFirst()
    }
    return String(out)
  }

  /// Checks the frame of `state` and that `shown` (the expected visible text)
  /// appears in it; returns the plain lines for further checks.
  @discardableResult
  static func check(
    _ state: AppState, _ surface: String, payload: String, shows shown: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    let frame = state.render()
    let plain = frame.plainLines()
    let ansi = frame.ansiLines()
    let what = "\(surface), payload \(payload.debugDescription)"
    for (row, line) in plain.enumerated() {
      let raw = line.unicodeScalars.filter(isForbidden)
      #expect(
        raw.isEmpty, "\(what): plain row \(row) holds \(raw.map { $0.escaped(asASCII: true) })",
        sourceLocation: sourceLocation)
    }
    for (row, line) in ansi.enumerated() {
      guard let text = strippingSGR(line) else {
        Issue.record(
          "\(what): ansi row \(row) holds an escape other than SGR: \(line.debugDescription)",
          sourceLocation: sourceLocation)
        continue
      }
      let raw = text.unicodeScalars.filter(isForbidden)
      #expect(
        raw.isEmpty, "\(what): ansi row \(row) holds \(raw.map { $0.escaped(asASCII: true) })",
        sourceLocation: sourceLocation)
      #expect(
        text.hasPrefix(plain[row]), "\(what): ansi row \(row) is not the plain row", sourceLocation: sourceLocation)
    }
    let expected = shown ?? TextSanitizer.visible(payload)
    #expect(
      plain.contains { $0.contains(expected) }, "\(what): \(expected.debugDescription) not shown",
      sourceLocation: sourceLocation)
    return plain
  }

  static func list(title: String, item: String = "plain item") -> SectionedList {
    SectionedList([(title: "Alpha", items: ["a1", "a2"]), (title: title, items: [item, "other"])])
  }

  static func settings(_ mode: SectionIndex.Mode = .initials, labels: IndexLabels = [:]) -> AppSettings {
    var s = AppSettings()
    s.indexMode = mode
    s.indexLabels = labels
    return s
  }

  // MARK: Surfaces

  @Test func theSanitizerCoversEveryPayload() {
    for p in Self.payloads {
      #expect(!TextSanitizer.visible(p).unicodeScalars.contains(where: Self.isForbidden), "\(p.debugDescription)")
    }
  }

  @Test func listItemRows() {
    for p in Self.payloads {
      let s = AppState(list: Self.list(title: "Beta", item: p), width: 80, height: 12)
      Self.check(s, "item row", payload: p)
      var moved = s
      _ = moved.handle(.key(KeyEvent(.char("j"))))
      _ = moved.handle(.key(KeyEvent(.char("j"))))  // the cursor row is styled: other SGR around the text
      Self.check(moved, "item row under the cursor", payload: p)
    }
  }

  @Test func sectionHeaderRowsPinnedHeaderAndStatusTitle() {
    for p in Self.payloads {
      let s = AppState(list: Self.list(title: p), width: 80, height: 12)
      let plain = Self.check(s, "section header row", payload: p)
      // Rows: pinned header Alpha (its own header row under it), a1, a2, then this section's header.
      #expect(plain[3].hasPrefix(TextSanitizer.visible(p)), "header row of \(p.debugDescription)")
      let first = SectionedList([(title: p, items: ["i1"]), (title: "Alpha", items: ["a1"])])
      let pinned = Self.check(AppState(list: first, width: 80, height: 12), "pinned header and status", payload: p)
      #expect(pinned[0].hasPrefix(TextSanitizer.visible(p)), "pinned header of \(p.debugDescription)")
      #expect(pinned[11].contains(" " + TextSanitizer.visible(p) + " "), "status title of \(p.debugDescription)")
    }
  }

  /// The text of the index column on the line of entry `e`.
  static func indexLabel(_ s: AppState, entry e: Int) -> String {
    let frame = s.render()
    let row = s.layout.listTop + s.indexLayout.top + e
    let cells = (s.layout.indexColumn..<(s.layout.indexColumn + s.layout.indexWidth)).map { frame[$0, row].text }
    return cells.joined().trimmingPrefix(while: { $0 == " " }).description
  }

  @Test func indexLabelsInTitlesMode() {
    for p in Self.payloads {
      let s = AppState(list: Self.list(title: p), settings: Self.settings(.titles), width: 80, height: 12)
      let label = TextSanitizer.visible(SectionIndex.shortLabel(p))
      Self.check(s, "index label (titles)", payload: p, shows: label)
      #expect(Self.indexLabel(s, entry: 1) == label, "index label of \(p.debugDescription)")
    }
  }

  /// A label as the column draws it: longer than 8 cells, cut to 7 and `…`
  /// (the payloads' visible forms are one cell a character).
  static func cut(_ label: String) -> String {
    label.count > 8 ? String(label.prefix(7)) + "…" : label
  }

  @Test func customIndexLabels() {
    for p in Self.payloads {
      let settings = Self.settings(.titles, labels: ["Beta": p, "Alpha": "A" + p])
      let s = AppState(list: Self.list(title: "Beta"), settings: settings, width: 80, height: 12)
      Self.check(s, "custom index label", payload: p, shows: Self.cut(TextSanitizer.visible(p)))
      #expect(
        Self.indexLabel(s, entry: 0) == Self.cut("A" + TextSanitizer.visible(p)),
        "custom label of \(p.debugDescription)")
      #expect(
        Self.indexLabel(s, entry: 1) == Self.cut(TextSanitizer.visible(p)), "custom label of \(p.debugDescription)")
    }
  }

  @Test func dragBubble() {
    for p in Self.payloads {
      var s = AppState(list: Self.list(title: p), settings: Self.settings(.titles), width: 80, height: 12)
      let column = s.layout.indexColumn + s.layout.indexWidth  // 1-based: the label's last cell
      let entryRow = 1 + s.layout.listTop + s.indexLayout.top + 1  // 1-based screen row of entry 1
      _ = s.handle(.mouse(MouseEvent(.press, column: column, row: entryRow)))
      _ = s.handle(.mouse(MouseEvent(.motion, column: column, row: entryRow + 1)))
      #expect(s.drag == .index)
      let bubble = " " + TextSanitizer.visible(p) + " "
      let plain = Self.check(s, "drag bubble", payload: p, shows: bubble)
      // Padded: with everything on screen no indicator ends the row.
      #expect(
        (plain[entryRow] + String(repeating: " ", count: 80)).contains(bubble + " "),
        "bubble row of \(p.debugDescription): \(plain[entryRow])")
    }
  }

  @Test func statusLineErrorMessagesEchoingInput() {
    for p in Self.payloads {
      var s = AppState(list: Self.list(title: "Beta"), width: 120, height: 12)
      // Double-quoted with `\\` and `\"` escapes, as the command grammar wants.
      let quoted = "\"" + p.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
      _ = s.send(.lineEdited(.command, "goto \(quoted)", warning: nil))
      Self.check(s, "status: no section named", payload: p, shows: "no section named '\(TextSanitizer.visible(p))'")
      _ = s.send(.lineEdited(.command, "goto Beta \(quoted)", warning: nil))
      Self.check(s, "status: no item", payload: p, shows: "no item '\(TextSanitizer.visible(p))'")
      _ = s.send(.lineEdited(.command, "search \"zz\(quoted.dropFirst())", warning: nil))
      Self.check(s, "status: no match", payload: p, shows: "no match for 'zz\(TextSanitizer.visible(p))'")
      // An unknown command or key name is echoed as typed (up to the first space).
      let word = String(p.split(whereSeparator: \.isWhitespace).first ?? "")
      if word.unicodeScalars.contains(where: Self.isForbidden) {
        _ = s.send(.lineEdited(.command, "key M-\(word)", warning: nil))
        Self.check(s, "status: unknown key", payload: p, shows: "unknown key '\(TextSanitizer.visible(word))'")
        _ = s.send(.lineEdited(.command, word, warning: nil))
        Self.check(s, "status: unknown command", payload: p, shows: "unknown command '\(TextSanitizer.visible(word))'")
      }
      // `state` at the prompt shows its JSON (with the section title) in the status line.
      _ = s.send(.lineEdited(.command, "goto Beta", warning: nil))
      var t = AppState(list: Self.list(title: p), width: 200, height: 12)
      _ = t.handle(.command(.goto(section: p, item: nil, alignment: .top)))
      _ = t.send(.lineEdited(.command, "state", warning: nil))
      Self.check(t, "status: state JSON", payload: p, shows: "\"section\":")
    }
  }

  @Test func indexTypeAheadAndEntryKeyMessages() {
    for p in Self.payloads {
      var s = AppState(list: Self.list(title: "Beta"), width: 120, height: 12)
      _ = s.handle(.key(KeyEvent(.tab)))
      _ = s.handle(.paste("zz" + p))
      Self.check(s, "status: type-ahead", payload: p, shows: "zz" + TextSanitizer.visible(p))
      var t = AppState(list: Self.list(title: "Beta"), width: 120, height: 12)
      let c = Character(p.unicodeScalars.dropFirst().first!)
      _ = t.handle(.key(KeyEvent(.char("'"))))
      _ = t.handle(.key(KeyEvent(.char(c))))
      Self.check(t, "status: no index entry", payload: p, shows: TextSanitizer.visible(String(c)))
    }
  }

  @Test func searchHighlights() {
    for p in Self.payloads {
      var s = AppState(list: Self.list(title: "Beta", item: "before " + p + " after"), width: 80, height: 12)
      // A tab typed in a query is a space (the filter's grammar, as in fzf):
      // `x`, `y` as two terms then.
      _ = s.send(.command(.search(p.replacing("\t", with: " "))))
      #expect(s.message?.hasPrefix("match 1/") == true, "search for \(p.debugDescription): \(s.message ?? "")")
      Self.check(s, "search highlight", payload: p)
      var t = AppState(list: Self.list(title: p), width: 80, height: 12)
      _ = t.send(.lineEdited(.search, p, warning: nil))
      Self.check(t, "search highlight in a header", payload: p)
    }
  }

  @Test func builtInPromptLine() {
    for p in Self.payloads {
      for lead in [":", "/"] {
        var s = AppState(list: Self.list(title: "Beta"), width: 80, height: 12)
        _ = s.handle(.key(KeyEvent(.char(Character(lead)))))
        for c in p { _ = s.handle(.key(KeyEvent(.char(c)))) }
        let plain = Self.check(s, "prompt \(lead) typed", payload: p)
        #expect(plain[11].hasPrefix(lead + TextSanitizer.visible(p)), "prompt line: \(plain[11].debugDescription)")
        var pasted = AppState(list: Self.list(title: "Beta"), width: 80, height: 12)
        _ = pasted.handle(.key(KeyEvent(.char(Character(lead)))))
        _ = pasted.handle(.paste(p))
        Self.check(
          pasted, "prompt \(lead) pasted", payload: p, shows: lead + TextSanitizer.visible(p.filter { !$0.isNewline }))
      }
    }
  }

  @Test func printOutputIsTheCheckedFrame() throws {
    for p in Self.payloads {
      var s = AppState(list: Self.list(title: p, item: p), width: 80, height: 12)
      for ansi in [false, true] {
        guard case .output(let text)? = s.send(.command(.print(ansi: ansi))).first else {
          Issue.record("print gave no output")
          continue
        }
        for line in text.split(separator: "\n") {
          let body = ansi ? Self.strippingSGR(String(line)) : String(line)
          #expect(
            body != nil && !body!.unicodeScalars.contains(where: Self.isForbidden),
            "print \(ansi) of \(p.debugDescription)")
        }
      }
    }
  }

  /// `state` is JSON a script may print to a terminal: every payload in a
  /// title, the cursor item and the filter query comes out escaped, and
  /// reads back as the same text.
  @Test func stateEscapesWhatATerminalMustNotGet() throws {
    func state(_ s: inout AppState) throws -> [String: Any] {
      guard case .output(let text)? = s.send(.command(.state)).first else { throw CommandError("state gave no output") }
      #expect(!text.dropLast().unicodeScalars.contains(where: Self.isForbidden), "\(text.debugDescription)")
      return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
    for p in Self.payloads {
      var s = AppState(list: Self.list(title: p, item: p), width: 80, height: 12)
      _ = s.send(.command(.filter("x")))
      let cursor = try #require(try state(&s)["cursor"] as? [String: Any])
      #expect(cursor["item"] as? String == p && cursor["section"] as? String == p, "\(p.debugDescription)")
      _ = s.send(.command(.filter(p)))
      #expect((try state(&s)["filter"] as? [String: Any])?["query"] as? String == p, "\(p.debugDescription)")
    }
  }
}

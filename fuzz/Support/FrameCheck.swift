import SectionNavCore

/// The terminal-safety and geometry invariants every rendered frame must keep
/// (SPEC section 3). A violation crashes the fuzzer with a description, so
/// libFuzzer records the input as a crash artifact.
enum FrameCheck {
  /// Scalars that must never reach the terminal raw: C0 (ESC only as part of
  /// the frame's own SGR sequences), DEL, C1, bidi controls, line separators.
  static func isForbidden(_ v: UInt32) -> Bool {
    switch v {
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: return true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: return true
    default: return false
    }
  }

  static func fail(_ what: String, row: Int, _ line: String, _ context: String) -> Never {
    fatalError("frame check: \(what) in row \(row) of \(context): \(line.debugDescription)")
  }

  /// Renders `state` and checks the frame and both of its text forms.
  static func verify(_ state: AppState) {
    let frame = state.render()
    let context = "\(frame.width)x\(frame.height) frame"
    precondition(frame.width == state.width && frame.height == state.height, "frame size != state size")
    precondition(frame.cells.count == frame.width * frame.height, "cell count != width × height")
    let plain = frame.plainLines()
    let ansi = frame.ansiLines()
    precondition(plain.count == frame.height && ansi.count == frame.height, "line count != height")

    for row in 0..<frame.height {
      // Cells: a grapheme of width 1 or 2 (a zero-width stand-in such as a lone
      // medial jamo may follow it on its dotted circle), a wide one followed by
      // its continuation.
      var full = ""
      var column = 0
      var graphemes: [Character] = []
      while column < frame.width {
        let cell = frame[column, row]
        if cell.text.utf8.count == 1, let b = cell.text.utf8.first, b >= 0x20 && b < 0x7F {
          // Fast path: printable ASCII.
          full += cell.text
          graphemes.append(Character(cell.text))
          column += 1
          continue
        }
        if cell.isContinuation { fail("orphan continuation cell at column \(column + 1)", row: row, "", context) }
        let parts = Array(cell.text)
        let w = CellWidth.of(parts[0])
        guard w == 1 || w == 2, parts.dropFirst().allSatisfy({ CellWidth.of($0) == 0 }) else {
          fail("cell at column \(column + 1) is not one grapheme of width 1 or 2", row: row, cell.text, context)
        }
        if w == 2 {
          guard column + 1 < frame.width, frame[column + 1, row].isContinuation else {
            fail("wide cell at column \(column + 1) without continuation", row: row, cell.text, context)
          }
        }
        full += cell.text
        graphemes += parts
        column += w
      }
      // The row as text: its graphemes are the cells' (nothing merges across
      // cells) and its width is exactly W.
      if Array(full) != graphemes {
        fail("graphemes of neighbouring cells fuse (\(graphemes.count) clusters in the cells, \(full.count) in the row)",
          row: row, full, context)
      }
      let width = CellWidth.of(full)
      if width != frame.width { fail("display width \(width) != \(frame.width)", row: row, full, context) }
      for s in full.unicodeScalars where isForbidden(s.value) {
        fail("raw control U+\(hex(s.value)) in the cells", row: row, full, context)
      }

      // plainLines: the row right-trimmed, nothing else.
      let p = plain[row]
      guard full.hasPrefix(p), full.dropFirst(p.count).allSatisfy({ $0 == " " }) else {
        fail("plain line is not the right-trimmed row", row: row, p, context)
      }
      for s in p.unicodeScalars where isForbidden(s.value) {
        fail("raw control U+\(hex(s.value)) in plainLines", row: row, p, context)
      }

      // ansiLines: the same text with only `ESC [ digits/; m` between cells.
      let a = ansi[row]
      var stripped = String.UnicodeScalarView()
      var scalars = Array(a.unicodeScalars)[...]
      while let s = scalars.first {
        if s.value == 0x1B {
          guard scalars.count >= 3, scalars[scalars.startIndex + 1] == "[" else {
            fail("ESC not followed by '['", row: row, a, context)
          }
          var i = scalars.startIndex + 2
          while i < scalars.endIndex, (0x30...0x39).contains(scalars[i].value) || scalars[i] == ";" { i += 1 }
          guard i < scalars.endIndex, scalars[i] == "m" else {
            fail("escape sequence other than SGR", row: row, a, context)
          }
          scalars = scalars[(i + 1)...]
          continue
        }
        if isForbidden(s.value) { fail("raw control U+\(hex(s.value)) in ansiLines", row: row, a, context) }
        stripped.append(s)
        scalars = scalars.dropFirst()
      }
      let text = String(stripped)
      guard full.hasPrefix(text), full.dropFirst(text.count).allSatisfy({ $0 == " " }) else {
        fail("ansi line without its SGR codes is not the row", row: row, a, context)
      }
    }
  }

  static func hex(_ v: UInt32) -> String {
    let h = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - h.count)) + h
  }
}

import SectionNavCore

/// The terminal-safety and geometry invariants every rendered frame must keep
/// (README.md, "Hostile input"). A violation crashes the fuzzer with a description, so
/// libFuzzer records the input as a crash artifact.
///
/// - Cells: each holds a grapheme of width 1 or 2 (a zero-width stand-in may
///   follow it on its dotted circle), a wide one is followed by its
///   continuation, and the widths add up to exactly W.
/// - The row as text breaks into exactly the cells' grapheme clusters, so a
///   terminal that clusters graphemes draws it in W cells too.
/// - `plainLines()` is the row right-trimmed; `ansiLines()` is the row with
///   only `ESC [ digits/; m` codes added (and trailing plain spaces trimmed).
/// - No C0 (ESC only in those SGR codes), DEL, C1, bidi control (U+202A–U+202E,
///   U+2066–U+2069, LRM, RLM, ALM) or line/paragraph separator anywhere.
enum FrameCheck {
  static func fail(_ what: String, row: Int, _ line: String, _ context: String) -> Never {
    fatalError("frame check: \(what) in row \(row) of \(context): \(line.debugDescription)")
  }

  /// The length of a forbidden UTF-8 sequence starting at `bytes[i]`, or 0.
  static func forbiddenLength(_ bytes: [UInt8], at i: Int) -> Int {
    let b = bytes[i]
    if b < 0x20 || b == 0x7F { return 1 }
    if b < 0x80 { return 0 }
    let b1 = i + 1 < bytes.count ? bytes[i + 1] : 0
    let b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
    switch (b, b1) {
    case (0xC2, 0x80...0x9F): return 2  // C1
    case (0xD8, 0x9C): return 2  // U+061C ALM
    case (0xE2, 0x80):  // U+200E/F, U+2028/9, U+202A–E
      return [0x8E, 0x8F, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE].contains(b2) ? 3 : 0
    case (0xE2, 0x81):  // U+2066–9
      return (0xA6...0xA9).contains(b2) ? 3 : 0
    default: return 0
    }
  }

  static func checkNoForbidden(_ bytes: [UInt8], _ what: String, row: Int, _ line: String, _ context: String) {
    for i in bytes.indices where forbiddenLength(bytes, at: i) > 0 {
      fail(
        "raw control \(bytes[i..<(i + forbiddenLength(bytes, at: i))].map { hex($0) }) in \(what)", row: row, line,
        context)
    }
  }

  /// Whether `line` is `full` with trailing spaces removed (compared as bytes).
  static func isRightTrimmed(_ line: [UInt8], of full: [UInt8]) -> Bool {
    guard line.count <= full.count, full[..<line.count].elementsEqual(line) else { return false }
    return full[line.count...].allSatisfy { $0 == 0x20 }
  }

  /// Renders `state` and checks the frame and both of its text forms.
  static func verify(_ state: AppState) {
    let frame = state.render()
    let context = "\(frame.width)x\(frame.height) frame"
    require(frame.width == state.width && frame.height == state.height, "frame size != state size")
    require(frame.cells.count == frame.width * frame.height, "cell count != width × height")
    let plain = frame.plainLines()
    let ansi = frame.ansiLines()
    require(plain.count == frame.height && ansi.count == frame.height, "line count != height")

    for row in 0..<frame.height {
      var full = ""
      var graphemes: [Character] = []
      var ascii = true
      var column = 0
      while column < frame.width {
        let cell = frame[column, row]
        if cell.text.utf8.count == 1, let b = cell.text.utf8.first, b >= 0x20 && b < 0x7F {
          full += cell.text
          graphemes.append(Character(cell.text))
          column += 1
          continue
        }
        ascii = false
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
      // Nothing fuses across cells (so the row is W cells wide as text too),
      // but the pieces of a cluster wider than two cells (`TextSanitizer.pieces`):
      // five bytes can be three cells (`f` and a skin tone, no emoji sequence).
      let clusters = Array(full).flatMap { g in
        g.utf8.count > 1 && CellWidth.of(g) > 2 ? TextSanitizer.pieces(g).map { Character($0.text) } : [g]
      }
      if !ascii && clusters != graphemes {
        fail(
          "graphemes of neighbouring cells fuse (\(graphemes.count) clusters in the cells, \(full.count) in the row)",
          row: row, full, context)
      }
      let fullBytes = Array(full.utf8)
      checkNoForbidden(fullBytes, "the cells", row: row, full, context)

      let p = Array(plain[row].utf8)
      guard isRightTrimmed(p, of: fullBytes) else {
        fail("plain line is not the right-trimmed row", row: row, plain[row], context)
      }

      // ansiLines: the same text with only `ESC [ digits/; m` between cells.
      let a = Array(ansi[row].utf8)
      var stripped: [UInt8] = []
      stripped.reserveCapacity(a.count)
      var i = 0
      while i < a.count {
        if a[i] == 0x1B {
          guard i + 1 < a.count, a[i + 1] == UInt8(ascii: "[") else {
            fail("ESC not followed by '['", row: row, ansi[row], context)
          }
          var j = i + 2
          while j < a.count, (0x30...0x39).contains(a[j]) || a[j] == UInt8(ascii: ";") { j += 1 }
          guard j < a.count, a[j] == UInt8(ascii: "m") else {
            fail("escape sequence other than SGR", row: row, ansi[row], context)
          }
          i = j + 1
          continue
        }
        stripped.append(a[i])
        i += 1
      }
      checkNoForbidden(stripped, "ansiLines", row: row, ansi[row], context)
      guard isRightTrimmed(stripped, of: fullBytes) else {
        fail("ansi line without its SGR codes is not the row", row: row, ansi[row], context)
      }
    }
  }

  static func hex(_ v: UInt8) -> String {
    let h = String(v, radix: 16, uppercase: true)
    return h.count < 2 ? "0" + h : h
  }
}

import SectionNavCore

/// A strict little terminal that understands exactly the sequences the
/// writer may send and records anything else as a failure — so tests can
/// check what a user would *see* after the bytes arrive, not just the bytes.
struct ScreenModel {
  let width: Int
  let height: Int
  var cells: [Cell]
  var column = 0
  var row = 0
  var style = Style.plain
  var top = 0
  var bottom: Int
  var synchronized = false
  var failures: [String] = []
  /// Draws a cluster of uncertain width (`Cell.widthUncertain`) as its
  /// scalars' widths add up, as tmux 3.3 does (`👍🏽` in four cells).
  var olderWidthTable = false

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = Array(repeating: Cell("?"), count: width * height)  // unknown garbage
    bottom = height - 1
  }

  /// Whether the screen shows exactly `frame`.
  func shows(_ frame: Frame) -> Bool {
    frame.width == width && frame.height == height && frame.cells == cells
  }

  /// The first differing cell, for a readable failure.
  func firstDifference(from frame: Frame) -> String? {
    for r in 0..<height {
      for c in 0..<width where cells[r * width + c] != frame.cells[r * width + c] {
        return "(\(c),\(r)): screen \(cells[r * width + c]) frame \(frame.cells[r * width + c])"
      }
    }
    return nil
  }

  mutating func apply(_ bytes: [UInt8]) {
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x1B {
        i = escape(bytes, i)
      } else if b < 0x20 || b == 0x7F {
        failures.append("raw control byte \(b)")
        i += 1
      } else {
        // One grapheme: gather following scalars that join it.
        var end = i + 1
        while end < bytes.count, bytes[end] >= 0x80, bytes[end] < 0xC0 { end += 1 }
        var text = String(decoding: bytes[i..<end], as: UTF8.self)
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] != 0x7F {
          var next = end + 1
          while next < bytes.count, bytes[next] >= 0x80, bytes[next] < 0xC0 { next += 1 }
          let joined = text + String(decoding: bytes[end..<next], as: UTF8.self)
          if joined.count != 1 { break }
          text = joined
          end = next
        }
        put(text)
        i = end
      }
    }
  }

  private mutating func put(_ text: String) {
    guard column < width else {
      failures.append("text \(text) written in the pending-wrap column")
      return
    }
    var w = max(1, CellWidth.of(Character(text)))
    if olderWidthTable && Cell(text).widthUncertain {
      w = text.unicodeScalars.reduce(0) { $0 + max(0, CellWidth.of(Character($1))) }
      for c in column..<min(width, column + w) { clearHalves(at: c) }
      cells[row * width + column] = Cell(text, style: style)
      for c in (column + 1)..<min(width, column + w) { cells[row * width + c] = Cell("", style: style) }
      column = min(width, column + w)
      return
    }
    if w == 2, column + 1 >= width {
      failures.append("wide \(text) at the last column")
      return
    }
    clearHalves(at: column)
    if w == 2 { clearHalves(at: column + 1) }
    cells[row * width + column] = Cell(text, style: style)
    if w == 2 { cells[row * width + column + 1] = Cell("", style: style) }
    column += w
  }

  /// Overwriting one half of a wide grapheme blanks the other half, as xterm does.
  private mutating func clearHalves(at c: Int) {
    let here = cells[row * width + c]
    if here.isContinuation, c > 0 { cells[row * width + c - 1].text = " " }
    if !here.isContinuation, c + 1 < width, cells[row * width + c + 1].isContinuation {
      cells[row * width + c + 1].text = " "
    }
  }

  private mutating func escape(_ bytes: [UInt8], _ start: Int) -> Int {
    guard start + 1 < bytes.count else {
      failures.append("truncated escape")
      return bytes.count
    }
    switch bytes[start + 1] {
    case 0x44:  // IND
      if row == bottom { scroll(up: 1) } else if row < height - 1 { row += 1 }
      return start + 2
    case 0x4D:  // RI
      if row == top { scroll(up: -1) } else if row > 0 { row -= 1 }
      return start + 2
    case 0x5B:
      break
    default:
      failures.append("unknown escape \(bytes[start + 1])")
      return start + 2
    }
    var j = start + 2
    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
    guard j < bytes.count else {
      failures.append("truncated CSI")
      return bytes.count
    }
    let body = String(decoding: bytes[(start + 2)..<j], as: UTF8.self)
    csi(body, Character(Unicode.Scalar(bytes[j])))
    return j + 1
  }

  private mutating func csi(_ body: String, _ final: Character) {
    if body.hasPrefix("?") {
      if body == "?2026" && (final == "h" || final == "l") {
        if synchronized == (final == "h") { failures.append("unbalanced synchronized update") }
        synchronized = final == "h"
      } else {
        failures.append("unexpected mode \(body)\(final)")
      }
      return
    }
    let params = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func p(_ k: Int, _ d: Int) -> Int { k < params.count ? (params[k] ?? d) : d }
    switch final {
    case "H":
      row = min(height - 1, p(0, 1) - 1)
      column = min(width - 1, p(1, 1) - 1)
    case "A": row = max(0, row - p(0, 1))
    case "B": row = min(height - 1, row + p(0, 1))
    case "C": column = min(width - 1, column + p(0, 1))
    case "D": column = max(0, min(column, width - 1) - p(0, 1))
    case "E":
      row = min(height - 1, row + p(0, 1))
      column = 0
    case "G": column = min(width - 1, p(0, 1) - 1)
    case "J":
      if body == "2" {
        cells = Array(
          repeating: Cell(" ", style: Style(background: style.background)), count: width * height)
      } else {
        failures.append("unexpected erase \(body)J")
      }
    case "K" where body == "2":
      for c in 0..<width { cells[row * width + c] = Cell(" ", style: Style(background: style.background)) }
    case "r":
      top = p(0, 1) - 1
      bottom = p(1, height) - 1
      row = 0
      column = 0
    case "m":
      sgr(params)
    default:
      failures.append("unexpected CSI \(body)\(final)")
    }
  }

  private mutating func scroll(up n: Int) {
    let blank = Cell(" ", style: Style(background: style.background))
    let region = Array(cells[(top * width)..<((bottom + 1) * width)])
    let rows = bottom - top + 1
    for r in 0..<rows {
      let source = r + n
      for c in 0..<width {
        cells[(top + r) * width + c] =
          source >= 0 && source < rows ? region[source * width + c] : blank
      }
    }
  }

  private mutating func sgr(_ raw: [Int?]) {
    var params = raw.map { $0 ?? 0 }
    if params.isEmpty { params = [0] }
    var k = 0
    func color() -> Color? {
      guard k + 1 < params.count else { return nil }
      if params[k + 1] == 5, k + 2 < params.count {
        k += 2
        return .indexed(UInt8(params[k]))
      }
      if params[k + 1] == 2, k + 4 < params.count {
        k += 4
        return .rgb(UInt8(params[k - 2]), UInt8(params[k - 1]), UInt8(params[k]))
      }
      return nil
    }
    while k < params.count {
      let n = params[k]
      switch n {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 3: style.italic = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 22:
        style.bold = false
        style.dim = false
      case 23: style.italic = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 30...37: style.foreground = .basic(UInt8(n - 30))
      case 90...97: style.foreground = .basic(UInt8(n - 90 + 8))
      case 39: style.foreground = nil
      case 40...47: style.background = .basic(UInt8(n - 40))
      case 100...107: style.background = .basic(UInt8(n - 100 + 8))
      case 49: style.background = nil
      case 38: style.foreground = color()
      case 48: style.background = color()
      default: failures.append("unexpected SGR \(n)")
      }
      k += 1
    }
  }
}

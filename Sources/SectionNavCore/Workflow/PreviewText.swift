/// The output of a preview command, made safe for the screen: SGR colours
/// and attributes (`ESC [ … m`) are kept as cell styles, every other escape
/// or control sequence (cursor movement, erase, titles, hyperlinks, mode
/// changes) is dropped, tabs become spaces to the next multiple of 8, and any
/// other control character is left for `Frame.put`, which draws it as a
/// visible stand-in. Lines are split on LF (a CR before it is dropped; a CR
/// within a line puts what follows over the line's start, as a terminal does).
public struct PreviewText: Sendable, Equatable {
  /// A stretch of text in one style.
  public struct Run: Sendable, Equatable {
    public var text: String
    public var style: Style
  }

  public var lines: [[Run]]
  /// The output was longer than `maxLines`/`maxBytes` and was cut.
  public var truncated: Bool

  /// Enough for any screen; keeps a command that prints forever bounded.
  public static let maxLines = 10_000
  public static let maxBytes = 1 << 20

  public init(lines: [[Run]] = [], truncated: Bool = false) {
    self.lines = lines
    self.truncated = truncated
  }

  /// Parses `bytes` (invalid UTF-8 becomes U+FFFD). With `colors` false the
  /// styles are dropped too (`--color never`, `NO_COLOR`).
  public init(_ bytes: some Collection<UInt8>, colors: Bool) {
    var lines: [[Run]] = []
    // The line so far, a scalar and its style at each place; `column` is
    // where the next one goes (a CR puts it back to 0, to write over).
    var scalars: [Unicode.Scalar] = []
    var styles: [Style] = []
    var column = 0
    var style = Style.plain
    var truncated = bytes.count > Self.maxBytes
    let decoded = String(decoding: bytes.prefix(Self.maxBytes), as: UTF8.self)
    var input = decoded.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil

    func put(_ s: Unicode.Scalar) {
      if column < scalars.count {
        scalars[column] = s
        styles[column] = style
      } else {
        scalars.append(s)
        styles.append(style)
      }
      column += 1
    }
    /// The line as runs of one style.
    func runs() -> [Run] {
      var line: [Run] = []
      var text = String.UnicodeScalarView()
      for (k, s) in scalars.enumerated() {
        if k > 0 && styles[k] != styles[k - 1] {
          line.append(Run(text: String(text), style: styles[k - 1]))
          text = String.UnicodeScalarView()
        }
        text.append(s)
      }
      if !text.isEmpty { line.append(Run(text: String(text), style: styles[scalars.count - 1])) }
      return line
    }
    func next() -> Unicode.Scalar? {
      if let p = pending {
        pending = nil
        return p
      }
      return input.next()
    }

    while let s = next() {
      switch s.value {
      case 0x0A:
        lines.append(runs())
        scalars = []
        styles = []
        column = 0
        if lines.count >= Self.maxLines {
          truncated = truncated || input.next() != nil
          self.init(lines: lines, truncated: truncated)
          return
        }
      case 0x0D:
        // Before LF (or at the end; CRs in a row count as one) a CR is
        // dropped; within a line it puts the next text over the line's
        // start, as progress output (`50%\r100%`) reads on a terminal.
        var after = next()
        while after?.value == 0x0D { after = next() }
        guard let after else { break }
        pending = after
        if after.value != 0x0A { column = 0 }
      case 0x09:
        for _ in 0..<8 - column % 8 { put(" ") }
      case 0x1B, 0x9B:
        // CSI: ESC [ (or the C1 form), parameters and intermediates, one final byte.
        var isCSI = s.value == 0x9B
        if !isCSI {
          guard let introducer = next() else { break }
          switch introducer {
          case "[": isCSI = true
          case "]", "P", "X", "^", "_":
            // OSC, DCS, SOS, PM, APC: a string ended by BEL or ESC \.
            while let c = next() {
              if c.value == 0x07 || c.value == 0x9C { break }
              if c.value == 0x1B {
                if let d = next(), d != "\\" { pending = d }
                break
              }
            }
          default:
            // A two-character escape (ESC 7, ESC c, ESC ( B …): drop it and
            // an intermediate's final character.
            if (0x20...0x2F).contains(introducer.value) { _ = next() }
          }
        }
        guard isCSI else { break }
        var parameters = ""
        var final: Unicode.Scalar? = nil
        while let c = next() {
          if (0x40...0x7E).contains(c.value) {
            final = c
            break
          }
          if !(0x20...0x3F).contains(c.value) {
            pending = c  // malformed: stop the sequence here
            break
          }
          parameters.unicodeScalars.append(c)
        }
        if final == "m" && colors { style = Self.apply(sgr: parameters, to: style) }
      default:
        put(s)
      }
    }
    if !scalars.isEmpty { lines.append(runs()) }
    self.init(lines: lines, truncated: truncated)
  }

  /// `style` after the SGR parameters `parameters` (`1;31`, `38;5;208`,
  /// `38:2::255:0:0`, empty = reset). Unknown parameters are ignored.
  static func apply(sgr parameters: String, to style: Style) -> Style {
    if parameters.contains(where: { !($0.isASCII && ($0.isNumber || $0 == ";" || $0 == ":")) }) { return style }
    var style = style
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { part in
      part.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    }
    var i = 0
    func color(_ sub: [Int], _ from: inout Int) -> Color? {
      // Either 38;5;N / 38;2;R;G;B (semicolons) or 38:5:N / 38:2::R:G:B (colons).
      var values: [Int]
      if sub.count > 1 {
        values = Array(sub.dropFirst())
        if values.first == 2 && values.count == 5 { values.remove(at: 1) }  // colour-space id
      } else {
        values = []
        var j = from + 1
        if j < numbers.count, let mode = numbers[j].first {
          values.append(mode)
          let count = mode == 5 ? 1 : mode == 2 ? 3 : 0
          for _ in 0..<count {
            j += 1
            if j < numbers.count { values.append(numbers[j].first ?? 0) }
          }
          from = j
        }
      }
      func byte(_ n: Int) -> UInt8 { UInt8(clamping: n) }
      if values.first == 5, values.count >= 2 { return .indexed(byte(values[1])) }
      if values.first == 2, values.count >= 4 { return .rgb(byte(values[1]), byte(values[2]), byte(values[3])) }
      return nil
    }
    while i < numbers.count {
      let sub = numbers[i]
      let n = sub.first ?? 0
      switch n {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 3: style.italic = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 22: style.bold = false; style.dim = false
      case 23: style.italic = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 30...37: style.foreground = .basic(UInt8(n - 30))
      case 39: style.foreground = nil
      case 40...47: style.background = .basic(UInt8(n - 40))
      case 49: style.background = nil
      case 90...97: style.foreground = .basic(UInt8(n - 90 + 8))
      case 100...107: style.background = .basic(UInt8(n - 100 + 8))
      case 38: style.foreground = color(sub, &i) ?? style.foreground
      case 48: style.background = color(sub, &i) ?? style.background
      // The underline colour (not drawn): its arguments are skipped, not read as attributes.
      case 58: _ = color(sub, &i)
      default: break
      }
      i += 1
    }
    return style
  }

  /// Draws lines `top…` into `frame` in the pane's rectangle.
  public func draw(into frame: inout Frame, pane: PreviewSplit.Pane, top: Int) {
    for r in 0..<pane.height {
      let index = top + r
      guard index >= 0, index < lines.count else { break }
      var column = pane.column
      for run in lines[index] {
        let left = pane.column + pane.width - column
        guard left > 0 else { break }
        column += frame.put(run.text, column: column, row: pane.row + r, maxWidth: left, style: run.style)
      }
    }
  }
}

extension Color {
  /// SGR parameters selecting this colour as foreground or background.
  public func sgrParameters(background: Bool) -> String {
    switch self {
    case .basic(let n):
      let n = Int(n % 16)
      if n < 8 { return String((background ? 40 : 30) + n) }
      return String((background ? 100 : 90) + n - 8)
    case .indexed(let n):
      return "\(background ? 48 : 38);5;\(n)"
    case .rgb(let r, let g, let b):
      return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
    }
  }
}

extension Style {
  /// The one list of SGR codes: parameters that set this style on top of a
  /// reset (`1` bold … `7` reverse, then the colours).
  public var sgrParameters: [String] {
    var params: [String] = []
    if bold { params.append("1") }
    if dim { params.append("2") }
    if italic { params.append("3") }
    if underline { params.append("4") }
    if reverse { params.append("7") }
    if let fg = foreground { params.append(fg.sgrParameters(background: false)) }
    if let bg = background { params.append(bg.sgrParameters(background: true)) }
    return params
  }

  /// A complete SGR sequence that resets and then sets this style, so the
  /// result never depends on the previous state.
  public var sgr: String { SGR.sequence(["0"] + sgrParameters) }
}

/// SGR sequences as text: the core's only escape bytes (for `print ansi`;
/// the terminal's own modes are in TerminalIO's `ControlSequences`).
public enum SGR {
  /// `CSI params m`.
  public static func sequence(_ params: [String]) -> String { "\u{1B}[" + params.joined(separator: ";") + "m" }
  /// Back to plain text.
  public static let reset = "\u{1B}[0m"
}

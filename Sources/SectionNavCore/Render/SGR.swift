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
  /// A complete SGR sequence that resets and then sets this style, so the
  /// result never depends on the previous state.
  public var sgr: String {
    var params = ["0"]
    if bold { params.append("1") }
    if dim { params.append("2") }
    if italic { params.append("3") }
    if underline { params.append("4") }
    if reverse { params.append("7") }
    if let fg = foreground { params.append(fg.sgrParameters(background: false)) }
    if let bg = background { params.append(bg.sgrParameters(background: true)) }
    return "\u{1B}[" + params.joined(separator: ";") + "m"
  }
}

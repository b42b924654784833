/// A terminal colour as the user can name it in `--colors`: one of the 16 basic
/// colours, a 256-colour palette index, or 24-bit RGB.
public enum Color: Hashable, Sendable {
  /// 0–15: black, red, green, yellow, blue, magenta, cyan, white, then the bright ones.
  case basic(UInt8)
  /// 0–255 palette index.
  case indexed(UInt8)
  case rgb(UInt8, UInt8, UInt8)
}

/// Colour and attributes of one cell. Value type so frames compare cheaply for diffing.
public struct Style: Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var bold = false
  public var dim = false
  public var italic = false
  public var underline = false
  public var reverse = false

  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
    italic: Bool = false, underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.reverse = reverse
  }

  public static let plain = Style()
  public var isPlain: Bool { self == .plain }
}

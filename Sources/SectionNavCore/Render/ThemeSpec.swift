/// One `--colors` spec, parsed: per-element changes to the theme.
///
/// Grammar: comma-separated `ELEMENT=VALUE[+VALUE…]`, where ELEMENT is a
/// `Theme.Element` raw value (thumb, track, index, index-current, header,
/// bubble, status, cursor, match, pinned) and each VALUE is
/// - a colour, which sets the foreground: a name (`black` `red` `green`
///   `yellow` `blue` `magenta` `cyan` `white`, `bright-red`… `bright-white`,
///   `gray`/`grey` = `bright-black`), a palette number 0–255, `#rrggbb`, or
///   `default` (the terminal's own colour);
/// - `fg:COLOUR` (the same, explicitly) or `bg:COLOUR` (the background);
/// - an attribute: `bold`, `dim`, `italic`, `underline`, `reverse`;
/// - `plain`: start from nothing instead of the element's current style.
///
/// A spec changes only what it names: a colour replaces that colour, and the
/// attributes named (if any) replace the element's attributes, so
/// `header=red` keeps the header bold while `header=underline` makes it
/// underlined instead of bold. Names are case-insensitive; blanks around
/// items and values are ignored. Without colour (`--color never`, `NO_COLOR`)
/// only the attributes of a spec apply.
public struct ThemeSpec: Sendable, Equatable {
  public enum Attribute: String, CaseIterable, Sendable {
    case bold, dim, italic, underline, reverse
  }

  /// The change one `ELEMENT=VALUE…` item makes.
  public struct Change: Sendable, Equatable {
    public var element: Theme.Element
    public var plain = false
    /// nil: keep; `.some(nil)`: the terminal's default colour.
    public var foreground: Color??
    public var background: Color??
    /// nil when the item names no attribute.
    public var attributes: Set<Attribute>?

    public init(element: Theme.Element) {
      self.element = element
    }

    /// `style` with this change applied; colours only when `colors` is true.
    public func applied(to style: Style, colors: Bool) -> Style {
      var s = plain ? Style.plain : style
      if colors {
        if let foreground { s.foreground = foreground }
        if let background { s.background = background }
      } else {
        s.foreground = nil
        s.background = nil
      }
      if let attributes {
        s.bold = attributes.contains(.bold)
        s.dim = attributes.contains(.dim)
        s.italic = attributes.contains(.italic)
        s.underline = attributes.contains(.underline)
        s.reverse = attributes.contains(.reverse)
      }
      return s
    }
  }

  public var changes: [Change]

  public init(_ spec: String) throws(UsageError) {
    changes = []
    for rawItem in spec.split(separator: ",", omittingEmptySubsequences: false) {
      let item = rawItem.trimmingBlanks()
      if item.isEmpty { continue }
      do {
        changes.append(try Self.change(item))
      } catch {
        throw UsageError("bad colour '\(item)': \(error.message)")
      }
    }
  }

  /// `theme` with every change applied in order.
  public func applied(to theme: Theme) -> Theme {
    var result = theme
    for change in changes {
      result.styles[change.element] = change.applied(
        to: result[change.element], colors: theme.colorEnabled)
    }
    return result
  }

  static func change(_ item: String) throws(UsageError) -> Change {
    guard let equals = item.firstIndex(of: "=") else {
      throw UsageError("expected ELEMENT=VALUE")
    }
    let name = item[..<equals].trimmingBlanks().lowercased()
    guard let element = Theme.Element(rawValue: name) else {
      let names = OptionTable.listing(Theme.Element.allCases.map(\.rawValue))
      throw UsageError("unknown element '\(name)' (expected \(names))")
    }
    var change = Change(element: element)
    let values = item[item.index(after: equals)...].split(
      separator: "+", omittingEmptySubsequences: false)
    for rawValue in values {
      let value = rawValue.trimmingBlanks().lowercased()
      if value.isEmpty { throw UsageError("missing value") }
      if value == "plain" {
        change.plain = true
      } else if let attribute = Attribute(rawValue: value) {
        change.attributes = (change.attributes ?? []).union([attribute])
      } else if value.hasPrefix("bg:") {
        change.background = .some(try color(String(value.dropFirst(3))))
      } else if value.hasPrefix("fg:") {
        change.foreground = .some(try color(String(value.dropFirst(3))))
      } else {
        change.foreground = .some(try color(value))
      }
    }
    return change
  }

  static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// A colour token; nil for `default`.
  static func color(_ token: String) throws(UsageError) -> Color? {
    if token == "default" { return nil }
    if token == "gray" || token == "grey" { return .basic(8) }
    if let n = colorNames.firstIndex(of: token) { return .basic(UInt8(n)) }
    if token.hasPrefix("bright-"), let n = colorNames.firstIndex(of: String(token.dropFirst(7))) {
      return .basic(UInt8(n + 8))
    }
    if token.hasPrefix("#") {
      let hex = token.dropFirst()
      guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else {
        throw UsageError("bad RGB colour '\(token)' (expected #rrggbb)")
      }
      return .rgb(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }
    if !token.isEmpty, token.allSatisfy({ $0.isASCII && $0.isNumber }) {
      // Leading zeros are fine (`0255` is 255), as with fzf and tput.
      guard let n = Int(token), n <= 255 else {
        throw UsageError("colour number '\(token)' out of range (0–255)")
      }
      return .indexed(UInt8(n))
    }
    if Attribute(rawValue: token) != nil || token == "plain" {
      throw UsageError("'\(token)' is an attribute, not a colour")
    }
    throw UsageError("unknown colour '\(token)'")
  }
}

extension Theme {
  /// The theme to draw with. Colour is off under `never`, and under `auto`
  /// when `NO_COLOR` is non-empty, `TERM` is `dumb` or the output is not a
  /// terminal; `always` keeps it on even with `NO_COLOR`. The specs
  /// (`--colors`, in order) then change the chosen theme element by element.
  public static func resolve(
    colorWhen: Configuration.ColorWhen, specs: [ThemeSpec], environment: [String: String],
    isTerminal: Bool
  ) -> Theme {
    let color: Bool
    switch colorWhen {
    case .never: color = false
    case .always: color = true
    case .auto:
      color = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
    var theme = color ? standard : monochrome
    for spec in specs { theme = spec.applied(to: theme) }
    return theme
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  func trimmingBlanks() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !isBlank($0) }) else { return "" }
    let end = lastIndex(where: { !isBlank($0) })!
    return String(self[start...end])
  }
}

/// The style of every element the compositor draws, so `--colors`,
/// `--color never` and `NO_COLOR` change appearance in one place.
public struct Theme: Sendable, Equatable {
  /// The themable elements, named as in `--colors`.
  public enum Element: String, CaseIterable, Sendable {
    case thumb, track, index, indexCurrent = "index-current", header, bubble, status, cursor, match
    case pinned
  }

  public var styles: [Element: Style]
  /// False under `--color never`/`NO_COLOR`: everything plain except attributes
  /// that carry meaning without colour (reverse for the cursor and thumb).
  public var colorEnabled: Bool

  public init(styles: [Element: Style], colorEnabled: Bool = true) {
    self.styles = styles
    self.colorEnabled = colorEnabled
  }

  public subscript(_ element: Element) -> Style { styles[element] ?? .plain }

  /// The look with colour: quiet track, visible thumb, bold headers.
  public static let standard = Theme(styles: [
    .thumb: Style(foreground: .basic(7)),
    .track: Style(foreground: .basic(8)),
    .index: Style(foreground: .basic(6)),
    .indexCurrent: Style(foreground: .basic(3), bold: true, reverse: true),
    .header: Style(foreground: .basic(4), bold: true),
    .pinned: Style(foreground: .basic(4), bold: true, underline: true),
    .bubble: Style(foreground: .basic(0), background: .basic(3), bold: true),
    .status: Style(reverse: true),
    .cursor: Style(bold: true, reverse: true),
    .match: Style(foreground: .basic(0), background: .basic(3)),
  ])

  /// Attributes only: what `--color never` and `NO_COLOR` draw with.
  public static let monochrome = Theme(
    styles: [
      .indexCurrent: Style(bold: true, reverse: true),
      .header: Style(bold: true),
      .pinned: Style(bold: true, underline: true),
      .bubble: Style(reverse: true),
      .status: Style(reverse: true),
      .cursor: Style(reverse: true),
      .match: Style(underline: true),
    ], colorEnabled: false)
}

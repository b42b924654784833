/// The parts of the configuration the core needs, decided once at start.
public struct AppSettings: Sendable, Equatable {
  public var indexMode: SectionIndex.Mode = .initials
  public var indexLabels: [String: String] = [:]
  public var indexAnchor: Command.Alignment = .top
  public var indicators: Configuration.IndicatorMode = .always
  public var smooth = false
  public var theme: Theme = .standard
  /// Quitting without choosing ends with `.quit(chosen: false)`; the front end maps it to exit 1.
  public var pick = false
  /// `--multi`: Tab (filter line) and `m` (list) mark items; Enter prints all marked.
  public var multi = false
  /// `--sort`: a filter ranks items by score within sections, sections by their best item.
  public var sort = false
  /// `--literal`: no diacritic folding when matching.
  public var literal = false
  /// How messages name the data source ("devices.json", "<stdin>", "demo:devices").
  public var sourceName = "the data"
  public init() {}
}

/// fzf's layout options: where the prompt (status) line sits and the
/// `--header` line beside it. The list always reads top down — sections and
/// the index read that way — so fzf's bottom-up `default` is drawn as
/// `reverse-list` (README, "Pick mode").
public struct PickChrome: Sendable, Equatable {
  /// `--layout`; `--reverse` is `.reverse`.
  public enum Layout: String, CaseIterable, Sendable {
    case `default`, reverse, reverseList = "reverse-list"
  }

  /// The prompt line at the top, the header under it (`--layout=reverse`);
  /// else both at the bottom, the header just above the prompt.
  public var promptOnTop = false
  /// `--header TEXT`, made visible and one line; nil without one.
  public var header: String?

  public init(layout: Layout = .default, header: String? = nil) {
    promptOnTop = layout == .reverse
    self.header = header.map { TextSanitizer.visible($0) }
  }
}

extension AppState {
  /// Whether the screen would still change with time alone: a `--smooth`
  /// jump under way, indicators about to hide, a type-ahead about to start
  /// over, a preview waiting out its delay. The terminal runner sends
  /// `tick`s only while this holds, so an idle screen sleeps until a key, a
  /// signal or a background job wakes it (no system call meanwhile); the
  /// first `tick` after the sleep carries the whole time slept.
  public var waitsForTime: Bool {
    if view.viewport.animation != nil { return true }
    if settings.indicators == .auto, clock - time.lastScroll < Self.indicatorsShown {
      return true
    }
    if case .indexFocus(let t) = mode, !t.text.isEmpty { return true }
    return previewWaits
  }

  /// How long `--indicators auto` shows them after the view scrolled (ms).
  static let indicatorsShown = 1500

  /// The cursor rests on an item whose preview has neither run nor started.
  private var previewWaits: Bool {
    guard settings.preview != nil, previewSplit.pane != nil, let wanted = workflow.wanted else { return false }
    return wanted != workflow.shown && jobs.preview?.key != wanted
  }
}

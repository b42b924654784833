extension AppState {
  /// fzf's `--header TEXT`: one line beside the prompt line, between it and
  /// the list (`ScreenLayout.headerRow`), cut at the screen's width, indented
  /// as items are (fzf's look).
  func drawHeaderLine(into frame: inout Frame) {
    guard let row = layout.headerRow, let text = settings.chrome.header else { return }
    frame.put(
      String(repeating: " ", count: ScreenLayout.itemIndent) + text, column: 0, row: row, maxWidth: width, style: .plain
    )
  }
}

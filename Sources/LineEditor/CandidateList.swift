import SectionNavCore

/// Lays out completion candidates below the prompt the way shells do: columns
/// filled top to bottom, as many as fit the terminal width. Candidates come
/// from data (section titles), so control characters are shown, never sent.
enum CandidateList {
  static func format(_ candidates: [String], width: Int) -> String {
    guard !candidates.isEmpty else { return "" }
    let shown = candidates.map { TextSanitizer.visible($0) }
    let widths = shown.map { TextSanitizer.width($0) }
    let gap = 2
    let columnWidth = (widths.max() ?? 0) + gap
    let columns = max(1, min(shown.count, (max(1, width) + gap) / columnWidth))
    let rows = (shown.count + columns - 1) / columns
    var text = ""
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        let index = column * rows + row
        guard index < shown.count else { break }
        if !line.isEmpty {
          let previous = index - rows
          line += String(repeating: " ", count: columnWidth - widths[previous])
        }
        line += shown[index]
      }
      text += line + "\n"
    }
    return text
  }
}

/// Wide two-dimensional content — the `grid` demo, for scrolling both ways:
/// 30 blocks of 20 rows, each row a line of 24 labelled cells (about 270
/// cells wide) with some CJK and emoji cells mixed in to exercise wide
/// characters at the horizontal edges.
enum DemoGrid {
  static let blocks = 30
  static let rowsPerBlock = 20
  static let columns = 24

  /// Cells of width 8 that are not plain ASCII.
  static let wideCells = ["東京タワ", "日本語版", "🚀 start", "🍎 apple", "한국어판", "北京 🐼 "]

  static var sections: [(title: String, items: [String])] {
    (1...blocks).map { block in
      let rows = (1...rowsPerBlock).map { r -> String in
        let row = (block - 1) * rowsPerBlock + r
        var cells: [String] = []
        for c in 1...columns {
          if (row * 7 + c * 3) % 17 == 0 {
            cells.append(wideCells[(row + c) % wideCells.count])
          } else {
            cells.append("R\(pad(row, 3))C\(pad(c, 2)) ")
          }
        }
        return "Row \(pad(row, 3)) │ " + cells.joined(separator: " │ ") + " │"
      }
      return (title: "Block \(block)", items: rows)
    }
  }

  static func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }
}

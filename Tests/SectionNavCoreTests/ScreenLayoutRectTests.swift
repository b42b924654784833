import Testing

@testable import SectionNavCore

/// The layout's areas are the one geometry both drawing and mouse
/// hit-testing use: they never overlap and stay inside the screen.
@Suite struct ScreenLayoutRectTests {
  @Test(arguments: [(80, 24, 2, 200), (80, 24, 0, 10), (3, 3, 2, 50), (1, 1, 2, 5), (40, 2, 8, 100), (0, 0, 1, 1)])
  func areasAreDisjointAndOnScreen(size: (Int, Int, Int, Int)) {
    let layout = ScreenLayout(width: size.0, height: size.1, indexLabelWidth: size.2, contentWidth: size.3)
    let areas = [
      layout.list, layout.index, layout.verticalTrack, layout.horizontalTrackArea, layout.pinned, layout.status,
    ]
    for row in -1...layout.height {
      for column in -1...layout.width {
        let holders = areas.filter { $0.contains(column: column, row: row) }
        #expect(holders.count <= 1, "cell \(column),\(row) in \(holders)")
        if !holders.isEmpty {
          #expect(column >= 0 && column < layout.width && row >= 0 && row < layout.height)
        }
      }
    }
  }

  @Test func aClickOnEachAreaDoesWhatThatAreaDoes() throws {
    var s = AppState(list: TestData.numbers, width: 40, height: 12)
    let layout = s.layout
    // The vertical track scrolls, the index jumps, the list moves the cursor.
    _ = try s.run("click \(layout.verticalTrack.x + 1) \(layout.verticalTrack.y + layout.verticalTrack.height)")
    #expect(s.offsetY == s.maxOffsetY)
    _ = try s.run("click \(layout.index.x + 1) \(layout.index.y + 1)")
    #expect(s.topSection == 0)
    _ = try s.run("click 1 \(layout.list.y + 3)")
    #expect(s.cursorRow == s.drawnRows.lowerBound + 2)  // the row drawn there
  }
}

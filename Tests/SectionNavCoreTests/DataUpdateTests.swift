import Testing

@testable import SectionNavCore

/// Background indexing: snapshots grow the list under the user; the final,
/// sorted list keeps the cursor's item on the same screen line.
@Suite struct DataUpdateTests {
  static func list(_ titles: [String], items: Int = 5) -> SectionedList {
    SectionedList(titles.map { t in (title: t, items: (0..<items).map { "\(t)-\($0)" }) })
  }

  @Test func snapshotsKeepTheViewAndShowProgress() throws {
    var s = AppState(list: SectionedList([]), width: 40, height: 10)
    _ = s.handle(.data(DataUpdate(list: Self.list(["Zulu", "Alpha"]), progress: 0.2)))
    #expect(s.cursor! == (0, 0))
    #expect(s.render().plainLines().last!.contains("indexing 20%"))
    _ = try s.run("key j j")
    let before = s.cursorRow
    _ = s.handle(.data(DataUpdate(list: Self.list(["Zulu", "Alpha", "Mike"]), progress: 0.6)))
    #expect(s.cursorRow == before)
    #expect(s.rowMap.totalRows == 18)
  }

  @Test func finalSortedListKeepsTheCursorItemOnItsLine() throws {
    var s = AppState(list: Self.list(["Zulu", "Alpha", "Mike"], items: 20), width: 40, height: 12)
    _ = try s.run("goto Mike 7")
    let line = s.cursorRow! - s.offsetY
    let sorted = Self.list(["Zulu", "Alpha", "Mike"], items: 20).sortedByTitle()
    _ = s.handle(.data(DataUpdate(list: sorted, progress: nil)))
    #expect(s.list.title(s.cursor!.section) == "Mike")
    #expect(s.cursor!.item == 7)
    #expect(s.cursorRow! - s.offsetY == line)
    #expect(!s.render().plainLines().last!.contains("indexing"))
  }
}

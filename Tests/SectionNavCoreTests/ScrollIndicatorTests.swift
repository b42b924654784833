import Testing

@testable import SectionNavCore

@Suite struct ScrollIndicatorTests {
  @Test func thumbAtOffsetZeroMiddleAndMax() {
    let top = ScrollIndicator(track: 20, viewport: 20, content: 200, offset: 0)
    #expect(top.thumbCells == (0, 2))
    let bottom = ScrollIndicator(track: 20, viewport: 20, content: 200, offset: 180)
    #expect(bottom.thumbCells.start + bottom.thumbCells.length == 20)
    let middle = ScrollIndicator(track: 20, viewport: 20, content: 200, offset: 90)
    #expect(middle.thumbCells.start == 9)
  }

  @Test func contentShorterThanViewportFillsTrack() {
    let s = ScrollIndicator(track: 10, viewport: 10, content: 4, offset: 0)
    #expect(s.thumbCells == (0, 10))
    #expect(s.thumbEighths == (0, 80))
  }

  @Test func hugeContentKeepsOneCellThumb() {
    let s = ScrollIndicator(track: 22, viewport: 22, content: 10_000_000, offset: 5_000_000)
    #expect(s.thumbCells.length == 1)
    #expect(s.thumbEighths.length == 8)
    let end = ScrollIndicator(track: 22, viewport: 22, content: 10_000_000, offset: 10_000_000 - 22)
    #expect(end.thumbCells.start == 21)
    #expect(end.thumbEighths.start + end.thumbEighths.length == 22 * 8)
  }

  @Test func oneRowTrackAndZeroTrack() {
    #expect(ScrollIndicator(track: 1, viewport: 1, content: 100, offset: 50).thumbCells == (0, 1))
    #expect(ScrollIndicator(track: 0, viewport: 0, content: 100, offset: 50).thumbCells == (0, 0))
    #expect(ScrollIndicator.offset(forCell: 0, track: 1, maxOffset: 99) == 0)
  }

  @Test func dragMappingEndsAndMiddle() {
    #expect(ScrollIndicator.offset(forCell: 0, track: 21, maxOffset: 300) == 0)
    #expect(ScrollIndicator.offset(forCell: 20, track: 21, maxOffset: 300) == 300)
    #expect(ScrollIndicator.offset(forCell: 10, track: 21, maxOffset: 300) == 150)
    #expect(ScrollIndicator.offset(forCell: -5, track: 21, maxOffset: 300) == 0)
    #expect(ScrollIndicator.offset(forCell: 99, track: 21, maxOffset: 300) == 300)
    #expect(ScrollIndicator.offset(forCell: 5, track: 21, maxOffset: 0) == 0)
  }
}

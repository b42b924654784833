import Testing

@testable import LineEditor

/// The list printed below the prompt when Tab finds several words.
@Suite struct CandidateListTests {
  @Test func fillsColumnsTopToBottomWithinTheWidth() {
    let words = ["top", "center", "bottom", "up", "down"]
    #expect(CandidateList.format(words, width: 22) == "top     bottom  down\ncenter  up\n")
    #expect(CandidateList.format(words, width: 21) == "top     up\ncenter  down\nbottom\n")
  }

  @Test func narrowTerminalGivesOneColumn() {
    #expect(CandidateList.format(["scroll", "scroll-to"], width: 5) == "scroll\nscroll-to\n")
  }

  @Test func controlCharactersFromDataAreShownNotSent() {
    let list = CandidateList.format(["evil\u{1b}[2J", "ok"], width: 80)
    #expect(!list.contains("\u{1b}"))
    #expect(list.hasPrefix("evil\u{241B}[2J"))
  }

  @Test func wideCharactersAreMeasuredInCells() {
    #expect(CandidateList.format(["日本", "ab"], width: 80) == "日本  ab\n")
  }
}

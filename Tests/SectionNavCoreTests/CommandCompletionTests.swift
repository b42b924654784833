import SectionNavCore
import Testing

/// Tab at the `:` prompt: what gets inserted and what gets listed.
@Suite struct CommandCompletionTests {
  let titles = ["iPhone", "iPad", "Apple Watch", "Apple Watch Ultra", "Mac", "Say \"Hi\"", "a\\b"]

  func complete(_ line: String, cursor: Int? = nil) -> Completion {
    CommandCompletion.complete(line: line, cursor: cursor ?? line.count, titles: titles)
  }

  @Test func uniqueCommandIsInsertedWithTrailingSpace() {
    #expect(
      complete("go") == Completion(replaceFrom: 0, candidates: ["goto"], replacement: "goto "))
    #expect(complete("GO").replacement == "goto ")
    #expect(complete("  res").replaceFrom == 2)
  }

  @Test func commandWithoutArgumentsGetsNoSpace() {
    #expect(complete("qu").replacement == "quit")
    #expect(complete("sta").replacement == "state")
  }

  @Test func severalCommandsAreListedAndTheirCommonPrefixInserted() {
    let sc = complete("sc")
    #expect(sc.candidates == ["scroll", "scroll-to"])
    #expect(sc.replacement == "scroll")
    let p = complete("p")
    #expect(p.candidates == ["press", "previous", "print"])
    #expect(p.replacement == "pr")
    // Nothing longer to insert: the list is all Tab offers.
    #expect(complete("scroll").replacement == nil)
    #expect(complete("").candidates == CommandCompletion.commands)
  }

  @Test func unknownWordOffersNothing() {
    let completion = complete("xyz")
    #expect(completion.candidates.isEmpty)
    #expect(completion.replacement == nil)
    #expect(complete("frobnicate ").candidates.isEmpty)
    #expect(complete("# go").candidates.isEmpty)
  }

  @Test func gotoCompletesSectionTitlesCaseInsensitively() {
    #expect(
      complete("goto ip")
        == Completion(replaceFrom: 5, candidates: ["iPhone", "iPad"], replacement: "iP"))
    #expect(complete("goto iph").replacement == "iPhone ")
    #expect(complete("goto ").candidates == titles)
  }

  @Test func titlesWithSpacesAreQuoted() {
    let apple = complete("goto app")
    #expect(apple.candidates == ["Apple Watch", "Apple Watch Ultra"])
    #expect(apple.replacement == "\"Apple Watch")
    #expect(complete("goto apple watch u", cursor: 10).replaceFrom == 5)
    #expect(complete("goto \"Apple Watch U").replacement == "\"Apple Watch Ultra\" ")
    #expect(complete("goto \"Apple W").replaceFrom == 5)
  }

  @Test func quotesAndBackslashesInTitlesAreEscaped() {
    #expect(complete("goto sa").replacement == "\"Say \\\"Hi\\\"\" ")
    #expect(complete("goto \"Say \\\"H").candidates == ["Say \"Hi\""])
    #expect(complete("goto a\\").replacement == "\"a\\\\b\" ")
  }

  @Test func afterATitleComeAlignments() {
    #expect(
      complete("goto iPad c")
        == Completion(replaceFrom: 10, candidates: ["center"], replacement: "center"))
    #expect(complete("goto \"Apple Watch\" ").candidates == ["top", "center", "bottom"])
    #expect(complete("goto iPad 3 b").replacement == "bottom")
    #expect(complete("goto iPad top ").candidates.isEmpty)
  }

  @Test func scrollCompletesEdges() {
    #expect(complete("scroll ").candidates == ["top", "center", "bottom"])
    #expect(complete("scroll T").replacement == "top")
    #expect(complete("scroll-to ").candidates.isEmpty)
  }

  @Test func keyCompletesKeyNames() {
    #expect(complete("key pg").candidates == ["PgUp", "PgDn"])
    #expect(complete("key pg").replacement == "Pg")
    #expect(complete("key Down ent").replacement == "Enter ")
    let control = complete("key C-")
    #expect(control.candidates.count == 26)
    #expect(control.candidates.first == "C-a")
    #expect(complete("key c-z").replacement == "C-z ")
    #expect(complete("key bac").replacement == "Backspace ")
  }

  @Test func wheelAndPrintArguments() {
    #expect(complete("wheel d").replacement == "down ")
    #expect(complete("wheel ").candidates == ["up", "down", "left", "right"])
    #expect(complete("print a").replacement == "ansi")
    #expect(complete("print ansi ").candidates.isEmpty)
  }

  @Test func onlyTextBeforeTheCursorCounts() {
    let completion = complete("go iPad", cursor: 2)
    #expect(completion.candidates == ["goto"])
    #expect(completion.replaceFrom == 0)
  }
}

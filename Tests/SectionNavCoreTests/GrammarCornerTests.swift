import Testing

@testable import SectionNavCore

/// Corners of the script grammar and the option values: each does what its
/// message or a terminal user would expect.
@Suite struct GrammarCornerTests {
  private func message(_ line: String) -> String? {
    do {
      _ = try CommandParser.parse(line)
      return nil
    } catch {
      return error.message
    }
  }

  /// The message says 0–1, so 2 is an error rather than quietly 1.
  @Test func scrollToOutsideZeroToOneIsRejected() throws {
    #expect(message("scroll-to 0 2") == "bad fraction '2' (expected a number from 0 to 1)")
    #expect(message("scroll-to -0.1 0") == "bad fraction '-0.1' (expected a number from 0 to 1)")
    #expect(try CommandParser.parse("scroll-to 0 1") == .scrollTo(x: 0, y: 1))
  }

  /// Numbers are decimal digits everywhere: `+5`, hex floats and
  /// exponents were taken by some commands (`tick +5`, `scroll-to 0x1p-1
  /// 0`) and refused by others (`resize +5x+5`); a `+1` item is its text.
  @Test func numbersAreDecimalDigitsEverywhere() throws {
    for line in ["tick +5", "click +1 +1", "wheel up +3", "scroll-to 0x1p-1 0", "scroll-to 1e-1 0", "tick 1e3"] {
      #expect(message(line) != nil, "\(line) was accepted")
    }
    #expect(try CommandParser.parse("scroll-to .5 1.") == .scrollTo(x: 0.5, y: 1))
    #expect(try CommandParser.parse("goto Mac +1") == .goto(section: "Mac", item: .text("+1"), alignment: .top))
    #expect(try CommandParser.parse("key C-M-x") == CommandParser.parse("key M-C-x"))
  }

  @Test func helpTakesNoArguments() throws {
    #expect(message("help x") == "help takes no arguments")
    #expect(try CommandParser.parse("help") == .help)
  }

  /// `key C-x` means the byte a terminal sends for the chord, read the way
  /// the input decoder reads it.
  @Test(arguments: [
    ("C-m", Key.enter), ("C-j", .ctrl("j")), ("C-[", .escape), ("C-h", .ctrl("h")), ("C-i", .tab),
    ("C-?", .backspace), ("C-M", .enter), ("C-d", .ctrl("d")), ("C-@", .ctrl("@")), ("C-]", .ctrl("]")),
  ])
  func controlChordsAreTheTerminalsKeys(name: String, key: Key) throws {
    #expect(try CommandParser.parse("key \(name)") == .key([KeyEvent(key)]))
  }

  /// Leading zeros in a palette number are fine, as with fzf and tput.
  @Test func paletteNumbersMayHaveLeadingZeros() throws {
    let theme = Theme.resolve(
      colorWhen: .always, specs: [try ThemeSpec("thumb=0255,track=007")], environment: [:], isTerminal: true)
    #expect(theme[.thumb].foreground == .indexed(255))
    #expect(theme[.track].foreground == .indexed(7))
    #expect(throws: UsageError.self) { try ThemeSpec("thumb=0256") }
  }

  @Test func printFormatWritesLiteralBraces() throws {
    let format = try PrintFormat(#"\{section\}={section} \{\}"#)
    #expect(format.render(section: "S", item: "i", index: 0, json: "") == "{section}=S {}")
  }
}

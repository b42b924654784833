import Testing

@testable import SectionNavCore

@Suite struct ThemeSpecTests {
  private func resolve(
    _ when: Configuration.ColorWhen, noColor: String? = nil, terminal: Bool = true,
    specs: [String] = []
  ) throws -> Theme {
    var env: [String: String] = [:]
    if let noColor { env["NO_COLOR"] = noColor }
    return Theme.resolve(colorWhen: when, specs: try specs.map(ThemeSpec.init), environment: env, isTerminal: terminal)
  }

  private func message(_ spec: String) -> String? {
    do { _ = try ThemeSpec(spec); return nil } catch { return error.message }
  }

  @Test(arguments: [true, false], [nil, "", "1"] as [String?])
  func neverIsAlwaysMonochrome(terminal: Bool, noColor: String?) throws {
    #expect(try resolve(.never, noColor: noColor, terminal: terminal) == .monochrome)
  }

  @Test(arguments: [true, false], [nil, "", "1"] as [String?])
  func alwaysIsAlwaysColour(terminal: Bool, noColor: String?) throws {
    #expect(try resolve(.always, noColor: noColor, terminal: terminal) == .standard)
  }

  @Test func autoNeedsATerminalAndNoNoColor() throws {
    #expect(try resolve(.auto, terminal: true) == .standard)
    #expect(try resolve(.auto, noColor: "", terminal: true) == .standard)  // empty NO_COLOR is unset
    #expect(try resolve(.auto, noColor: "1", terminal: true) == .monochrome)
    #expect(try resolve(.auto, terminal: false) == .monochrome)
    #expect(try resolve(.auto, noColor: "1", terminal: false) == .monochrome)
    let dumb = try Theme.resolve(
      colorWhen: .auto, specs: [], environment: ["TERM": "dumb"], isTerminal: true)
    #expect(dumb == .monochrome)
  }

  @Test func colourNamesNumbersAndRGB() throws {
    let t = try resolve(
      .always, specs: ["thumb=red,track=8,index=bright-blue,index-current=#FF8800,status=default"])
    #expect(t[.thumb].foreground == .basic(1))
    #expect(t[.track].foreground == .indexed(8))
    #expect(t[.index].foreground == .basic(12))
    #expect(t[.indexCurrent].foreground == .rgb(255, 136, 0))
    #expect(t[.status].foreground == nil)
  }

  @Test func backgroundAndAttributes() throws {
    let t = try resolve(.always, specs: ["bubble=black+bg:#ff8800", "match=underline+italic"])
    #expect(t[.bubble].foreground == .basic(0))
    #expect(t[.bubble].background == .rgb(255, 136, 0))
    #expect(t[.bubble].bold)  // attributes not named are kept
    #expect(t[.match].underline && t[.match].italic && !t[.match].bold)
  }

  @Test func aSpecChangesOnlyWhatItNames() throws {
    let red = try resolve(.always, specs: ["header=red"])
    #expect(red[.header] == Style(foreground: .basic(1), bold: true))
    let underline = try resolve(.always, specs: ["header=underline"])
    #expect(underline[.header] == Style(foreground: .basic(4), underline: true))
    let plain = try resolve(.always, specs: ["cursor=plain+underline"])
    #expect(plain[.cursor] == Style(underline: true))
    #expect(plain[.thumb] == Theme.standard[.thumb])
  }

  @Test func laterSpecsWin() throws {
    let t = try resolve(.always, specs: ["thumb=red", "thumb=green,track=blue", " track = 3 "])
    #expect(t[.thumb].foreground == .basic(2))
    #expect(t[.track].foreground == .indexed(3))
  }

  @Test func withoutColourOnlyAttributesApply() throws {
    let t = try resolve(.never, specs: ["header=red+underline", "bubble=bg:blue"])
    #expect(t[.header] == Style(underline: true))
    #expect(t[.bubble] == Theme.monochrome[.bubble])
    #expect(!t.colorEnabled)
    for style in t.styles.values {
      #expect(style.foreground == nil && style.background == nil)
    }
  }

  @Test func namesAreCaseInsensitive() throws {
    let t = try resolve(.always, specs: ["Thumb=RED+Bold"])
    #expect(t[.thumb] == Style(foreground: .basic(1), bold: true))
  }

  @Test func everyElementCanBeNamed() throws {
    for element in Theme.Element.allCases {
      let t = try resolve(.always, specs: ["\(element.rawValue)=magenta"])
      #expect(t[element].foreground == .basic(5))
    }
  }

  @Test func errorsNameTheBadToken() {
    #expect(message("thumb=purplish") == "bad colour 'thumb=purplish': unknown colour 'purplish'")
    #expect(
      message("thumb=red,scrollbar=blue")
        == "bad colour 'scrollbar=blue': unknown element 'scrollbar' (expected thumb, track, index, "
        + "index-current, header, bubble, status, cursor, match or pinned)")
    #expect(message("thumb") == "bad colour 'thumb': expected ELEMENT=VALUE")
    #expect(message("thumb=") == "bad colour 'thumb=': missing value")
    #expect(message("thumb=red+") == "bad colour 'thumb=red+': missing value")
    #expect(message("track=256") == "bad colour 'track=256': colour number '256' out of range (0–255)")
    #expect(message("bubble=#ff88") == "bad colour 'bubble=#ff88': bad RGB colour '#ff88' (expected #rrggbb)")
    #expect(message("bubble=#gg8800") == "bad colour 'bubble=#gg8800': bad RGB colour '#gg8800' (expected #rrggbb)")
    #expect(message("bubble=bg:bold") == "bad colour 'bubble=bg:bold': 'bold' is an attribute, not a colour")
    #expect(message("bubble=bg:") == "bad colour 'bubble=bg:': unknown colour ''")
  }

  @Test func emptySpecsChangeNothing() throws {
    #expect(try resolve(.always, specs: ["", " , ,"]) == .standard)
  }

  @Test func badSpecsAreRefusedWhenParsed() {
    #expect(throws: UsageError.self) { try OptionParser.parse(arguments: ["--colors", "x=y"], environment: [:]) }
  }
}

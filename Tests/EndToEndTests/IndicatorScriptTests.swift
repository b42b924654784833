import Foundation
import Testing

/// The scroll-indicator fixtures, asserted as properties: absolute, linear
/// drag mapping on both axes, the other axis untouched, auto-hide, colours.
@Suite struct IndicatorScriptTests {
  static func offsets(_ fixture: String, _ args: [String]) throws -> [(x: Int, y: Int, rows: Int)] {
    let r = try Binary.run(args + ["--script", "Fixtures/\(fixture).nav"])
    #expect(r.status == 0, "\(r.stderr)")
    return Binary.states(r.stdout).map {
      let o = $0["offset"] as! [String: Int]
      return (o["x"]!, o["y"]!, $0["rows"] as! Int)
    }
  }

  @Test func verticalThumbDragMapsTrackOntoWholeRange() throws {
    let states = try Self.offsets("indicator-drag-vertical", ["--size", "80x24"])
    let track = 22  // rows 2–23
    let maxY = states[0].rows - track
    let down = states.prefix(track).map(\.y)
    let up = states.suffix(track).map(\.y)
    #expect(down.first == 0 && down.last == maxY)
    #expect(down == down.sorted())
    for (line, y) in down.enumerated() {
      #expect(y == Int((Double(line * maxY) / Double(track - 1)).rounded()))
    }
    #expect(up.last == 0)
    #expect(up == up.sorted(by: >))
    #expect(states.allSatisfy { $0.x == 0 })
  }

  @Test func horizontalThumbDragKeepsTheVerticalOffset() throws {
    let states = try Self.offsets("indicator-drag-horizontal", ["--demo", "grid", "--size", "80x24"])
    let right = states.prefix(79).map(\.x)
    #expect(right.first == 0)
    #expect(right == right.sorted())
    #expect(right.last! > 100)
    let left = states.suffix(79).map(\.x)
    #expect(left.last == 0)
    #expect(left == left.sorted(by: >))
    #expect(Set(states.map(\.y)).count == 1, "the vertical offset never changes")
  }

  @Test func scrollToHalfAndAutoHide() throws {
    let r = try Binary.run([
      "--script", "Fixtures/indicator-auto-scroll-to.nav", "--demo", "grid", "--size", "60x16", "--indicators", "auto",
    ])
    let state = try #require(Binary.states(r.stdout).first)
    let rows = state["rows"] as! Int
    let offset = state["offset"] as! [String: Int]
    #expect(offset["y"] == Int((Double(rows - 13) / 2).rounded()))
    #expect(offset["x"]! > 0)
    let frames = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
    let frame = { (i: Int) in Array(frames[(i * 16)..<(i * 16 + 16)]) }
    let thumb = { (lines: [String]) in lines.contains { $0.hasSuffix("█") || $0.contains("██") } }
    #expect(thumb(frame(0)))  // just scrolled
    #expect(thumb(frame(1)))  // 1 s later
    #expect(!thumb(frame(2)) && !frame(2).contains { $0.hasSuffix("│") })  // 2 s: hidden
    #expect(thumb(frame(3)))  // scrolled again
  }

  @Test func colorsReachThumbCellsAndNoColorRemovesThem() throws {
    let args = [
      "--demo", "numbers", "--size", "30x8", "--color", "always", "--colors", "thumb=red,track=8", "--script", "-",
    ]
    let colored = try Binary.run(args, input: "print ansi\n")
    #expect(colored.stdout.contains("\u{1B}[0;31m█"), "red thumb")
    #expect(colored.stdout.contains("\u{1B}[0;38;5;8m│"), "grey track")
    // NO_COLOR does not override an explicit --color always...
    let forced = try Binary.run(args, input: "print ansi\n", environment: ["NO_COLOR": "1"])
    #expect(forced.stdout.contains("\u{1B}[0;31m█"))
    // ...but removes colour under the default --color auto.
    let auto = try Binary.run(
      ["--demo", "numbers", "--size", "30x8", "--colors", "thumb=red", "--script", "-"], input: "print ansi\n",
      environment: ["NO_COLOR": "1"])
    #expect(!auto.stdout.contains("31m"))
    #expect(!auto.stdout.contains("38;5"))
    #expect(auto.stdout.contains("█"), "the thumb is still drawn, as a full block")
  }
}

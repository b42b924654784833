import Foundation
import TestScratch
import Testing

/// The filter in a real terminal: typing narrows a real list live, Tab marks,
/// Enter prints exactly the marked items, and the terminal is restored.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxFilterTests {
  /// The programs in /usr/bin, one per line (a list every machine has).
  static var programs: String {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/bin")) ?? []
    return names.filter { !$0.contains("\n") }.sorted().joined(separator: "\n") + "\n"
  }

  @Test func multiSelectPrintsExactlyTheMarkedItems() async throws {
    let listing = Self.programs
    // What the same query keeps, in the order the list shows it.
    let file = Scratch.file(listing, suffix: ".txt")
    defer { Scratch.remove(file) }
    let survivors = try Binary.run(["--lines", "--no-sort", "--filter-print", "grep", file])
    let matched = survivors.stdout.split(separator: "\n").map(String.init)
    try #require(matched.count >= 2, "/usr/bin has fewer than two programs matching 'grep'")

    let s = try TmuxSession(
      "sectionnav --lines --no-sort --multi programs.txt > out", files: ["programs.txt": listing])
    defer { s.close() }
    // Output to a file: pick mode, its line open from the start (data order here).
    try await s.waitFor("the open filter line") { $0.status.hasPrefix("> ▏") }
    try s.sendLiteral("grep")
    let filtered = try await s.waitFor("the filtered list") {
      $0.status.hasPrefix("> grep▏") && $0.status.contains(" \(matched.count)/") && !$0.status.contains("filtering")
    }
    #expect(filtered.row(2) == "> " + matched[0] || filtered.row(2).hasPrefix("> " + matched[0] + " "))
    try s.sendKeys("Tab", "Tab")
    try await s.waitForStatus("(2 marked)")
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == matched[0] + "\n" + matched[1] + "\n")
    try TmuxTest.expectRestored(s)
  }

  /// Esc leaves the filter on and gives the keys back to the list; a second Esc clears it.
  @Test func escapeKeepsThenClearsTheFilter() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("&")
    try await s.waitFor("the filter line") { $0.status.hasPrefix("&▏") }
    try s.sendLiteral("^19$")
    let narrowed = try await s.waitForStatus(" 1/200")
    #expect(narrowed.row(2).hasPrefix("> 19"))
    try s.sendKeys("Escape")
    try await s.waitForStatus("&^19$ 1/200")
    try s.sendKeys("Escape")
    let cleared = try await s.waitFor("the full list") { $0.status.contains("/200") && !$0.status.contains("&") }
    #expect(cleared.contains("> 0 "))  // never moved: the first row
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }
}

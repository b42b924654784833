import Foundation
import Testing

/// fzf's `--select-1`/`-1` and `--exit-0`/`-0`: one match, or none, for the
/// starting query ends the run before any screen opens (so here, with no
/// terminal at all) — with fzf's output and status, and fzf's own when
/// `scripts/setup` installed it.
@Suite struct PickShortcutTests {
  static let list = "apple\napricot\nbanana\n"

  @Test(arguments: [
    (["-1", "-q", "ban"], "banana\n", Int32(0)),
    (["--select-1", "--query", "ban"], "banana\n", 0),
    (["-0", "-q", "zzz"], "", 1),
    (["--exit-0", "-1", "-q", "zzz"], "", 1),
  ])
  func oneOrNoMatchEndsWithoutAScreen(arguments: [String], output: String, status: Int32) throws {
    let ours = try Binary.run(arguments, input: Self.list)
    #expect(ours.stdout == output, "\(ours.stderr)")
    #expect(ours.status == status)
    guard let fzf = FzfOracle.path else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: fzf)
    process.arguments = arguments
    let input = Pipe()
    let out = Pipe()
    process.standardInput = input
    process.standardOutput = out
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(Self.list.utf8))
    try input.fileHandleForWriting.close()
    let theirs = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(theirs == ours.stdout)
    #expect(process.terminationStatus == ours.status)
  }

  /// Under `--disabled` the query filters nothing, for `-1` and `-0` too
  /// (as in fzf): `-q 3 -1` chose `3` out of two items, `-q zzz -0` ended
  /// with 1 where every item was still there.
  @Test func disabledQueriesChooseNothingBeforeTheScreen() throws {
    let one = try Binary.run(["--disabled", "-1", "-q", "zzz"], input: "only\n")
    #expect(one.stdout == "only\n" && one.status == 0, "\(one.stderr)")
    let two = try Binary.run(["--disabled", "-1", "-0", "-q", "apple"], input: Self.list)
    #expect(two.stdout.isEmpty && two.status != 0 && two.status != 1, "\(two.status) \(two.stderr)")
  }

  /// Under `--print`, the one match prints as Enter would print it.
  @Test func selectOneFollowsPrint() throws {
    let r = try Binary.run(["-1", "-q", "apr", "--print", "{section}: {item}"], input: Self.list)
    #expect(r.stdout == "A: apricot\n", "\(r.stderr)")
  }
}

import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

/// Values bash would run as code (`CodeInValues`), checked against bash
/// itself: each value is used in every place bash evaluates a value — as a
/// name, in arithmetic, as an array's words — and a value that ran a
/// command there must be one `mayRun` names.
@Suite struct CodeInValuesTests {
  /// The places, each in a subshell of its own (a bad name ends one).
  static let places = [
    "[[ $v -eq 1 ]]", "(( v ))", ": $(( v ))", "printf -v \"$v\" %s 1", "read \"$v\" </dev/null",
    "declare \"$v\"=1", ": \"${!v}\"", "test -v \"$v\"", "[[ -v $v ]]", "unset \"$v\"", "declare -a x=$v",
    "declare -a x=\"$v\"", "declare -a \"$v\"", "declare -i n; n=$v", "f() { local -a y=\"$v\"; }; f",
    "x=abc; : \"${x:v}\"", "export \"$v\"", "declare -A m=$v",
  ]

  /// Places a template that declares arrays gives: the parentheses are its own.
  static let declaring = [
    "declare -a \"x=($v)\"", "declare -a x=\\($v\\)", "f() { local -a \"x=($v)\"; }; f",
    "typeset -a \"x=($v)\"", "readonly -a \"x=($v)\"", "declare -a \"x=$(echo \"(\")$v)\"",
  ]

  /// Which of `values` made bash (as `sh`: POSIX mode) run a command, by index.
  static func ranInBash(_ bash: String, _ values: [String], places: [String] = places) throws -> Set<Int> {
    let directory = Scratch.directory("bash")
    defer { Scratch.remove(directory) }
    for (i, value) in values.enumerated() {
      try FileManager.default.createDirectory(atPath: "\(directory)/\(i)", withIntermediateDirectories: false)
      try Data(value.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(i)/value"))
    }
    let tries = places.map { "( \($0) ) >/dev/null 2>&1" }.joined(separator: "\n")
    let script = """
      for d in "$1"/*/; do
        cd "$d" || exit 1
        v=$(cat value; echo .); v=${v%.}
        \(tries)
      done
      """
    _ = try Oracle.run(bash, ["--posix", "-c", script, "sh", directory])
    return Set(values.indices.filter { FileManager.default.fileExists(atPath: "\(directory)/\($0)/ran") })
  }

  @Test(.enabled(if: Oracle.find("bash") != nil, "bash is not installed"))
  func everyValueBashRunsIsNamed() throws {
    let run = "touch ran"
    var values = [
      "x[$(\(run))]", "x[`\(run)`]", "1+x[$(\(run))]", "_[$(\(run))]", "x[ $(\(run))]", "a[b[$(\(run))]]",
      "x[${y:=$(\(run))}]", "($(\(run)))", "(`\(run)`)", "(a $(\(run)))", "x=($(\(run)))", "x+=($(\(run)))",
      "([0]=$(\(run)))",
    ]
    let harmless = [
      "[ \"$(\(run))\" = 0 ]", "$(\(run))", "`\(run)`", "x=$(\(run))", "if [[ $(\(run)) ]]; then :; fi",
      "x [$(\(run))]", "é[$(\(run))]", "a[1]=x", "echo $(\(run)) (x)",
    ]
    // Pieces in every order (seeded): what bash runs must be named.
    var random = OracleRandom(seed: 6)
    let pieces = ["x", "[", "]", "$(\(run))", "`\(run)`", "(", ")", "=", " ", "9", "_", "\"", "$", "+", "é", "-v "]
    for _ in 0..<300 { values.append((0..<(2 + random.below(6))).map { _ in random.pick(pieces) }.joined()) }
    let ran = try Self.ranInBash(Oracle.find("bash")!, values + harmless)
    for i in 0..<13 { #expect(ran.contains(i), "bash did not run \(values[i]): the oracle missed a place") }
    for (i, value) in values.enumerated() where ran.contains(i) {
      #expect(CodeInValues.mayRun(value), "bash ran \(value)")
    }
    // Common shell text that no place runs is not refused.
    for (k, value) in harmless.enumerated() {
      #expect(!ran.contains(values.count + k), "bash ran \(value)")
      #expect(!CodeInValues.mayRun(value), "\(value) refused")
    }
  }

  /// A template that names `declare` (or `typeset`, `local`, `readonly`,
  /// `export`) in any spelling may give a plain value parentheses that bash
  /// expands again: every value with a command or process substitution is
  /// then named; in other templates those are passed.
  @Test(.enabled(if: Oracle.find("bash") != nil, "bash is not installed"))
  func aTemplateThatDeclaresHasEveryCommandInAValueNamed() throws {
    var random = OracleRandom(seed: 22)
    let pieces = ["x", "$(touch ran)", "`touch ran`", "<(touch ran)", ">(touch ran)", " ", "$", "(", ")", "'", "\""]
    let values =
      ["$(touch ran)", "`touch ran`", "<(touch ran)", ">(touch ran)"]
      + (0..<120).map { _ in (0..<(1 + random.below(4))).map { _ in random.pick(pieces) }.joined() }
    let ran = try Self.ranInBash(Oracle.find("bash")!, values, places: Self.declaring)
    // A process substitution may end after bash: only the first two must show.
    for i in 0..<2 { #expect(ran.contains(i), "bash did not run \(values[i]): the oracle missed a place") }
    for (i, value) in values.enumerated() where ran.contains(i) {
      #expect(CodeInValues.mayRun(value, declares: true), "bash ran \(value)")
      #expect(!CodeInValues.mayRun(value), "\(value) refused without a declaration")
    }
    for template in [
      "declare -a \"x=({})\"", "decl''are", "d\\eclare", "\"declare\"$x", "{declare,-a}", "typeset",
      "f() { local x; }", "readonly", "export X={}", "builtin declare",
    ] {
      #expect(CodeInValues.namesDeclaration(template), "\(template)")
    }
    // A word of its own where a command may start, not a part of one.
    for template in [
      "echo {} | bat --color=always -", "ls /usr/local {}", "ping localhost; echo {}", "echo {} locale",
      "exporter {}", "git --export {}",
    ] {
      #expect(!CodeInValues.namesDeclaration(template), "\(template)")
    }
    // `$(` is bytes: a combining mark after its `(` does not hide it.
    for value in ["$(\u{301};id)", "<(\u{301};id)", ">(\u{301};id)"] {
      #expect(CodeInValues.mayRun(value, declares: true), "\(value)")
    }
    let line = try CommandTemplate("export X={}; echo $X").render(.init(item: "$(id)"))
    #expect(line.valueThatMayRun(shellHasArrays: true)?.name == "SECTIONNAV_ITEM")
    #expect(try CommandTemplate("echo {}").render(.init(item: "$(id)")).valueThatMayRun(shellHasArrays: true) == nil)
  }

  /// Where `sh` has no arrays (dash, Debian's) nothing is refused; where it
  /// has (bash) the first variable that may run is named, files never.
  @Test func onlyAShellWithArraysHasValuesRefused() throws {
    let line = try CommandTemplate("echo {} {section} {f}").render(
      .init(section: "s", item: "x[$(id)]"))
    #expect(line.valueThatMayRun(shellHasArrays: false) == nil)
    #expect(line.valueThatMayRun(shellHasArrays: true)?.name == "SECTIONNAV_ITEM")
    let safe = try CommandTemplate("echo {} {f}").render(.init(item: "[ \"$(id -u)\" = 0 ]"))
    #expect(safe.valueThatMayRun(shellHasArrays: true) == nil)
  }
}

/// The shapes of text that bash, where it is `sh` (Fedora, Arch), runs as
/// code from a variable's value: a command substitution in what bash reads
/// as a subscript or as an array's words. Bash evaluates a value
/// used as a variable's name (`read`, `printf -v`, `[[ -v ]]`, `${!x}`) or
/// in arithmetic (`[[ … -eq … ]]`, `(( ))`, `declare -i`), subscripts and
/// all — `x[$(cmd)]` runs `cmd` — and `declare -a x=VALUE` reads a value
/// starting with `(` as words to expand again. `TemplateScan` refuses
/// placeholders in those places, but it reads a sketch of bash's grammar,
/// and six fuzz rounds each found templates that hid such a place from it.
/// So a value of this shape is not handed to such a shell at all, whatever
/// the template: what the reading misses can then run nothing. dash (Debian's
/// `sh`), ash and posh have no arrays and evaluate no subscript.
public enum CodeInValues {
  /// Whether bash could run part of `value` as a command: a `$(` or a
  /// backquote after a subscript's `[` (one right after a letter, digit or
  /// `_`, as bash reads `x[`), after `=(`, or in a value starting with `(`.
  /// Checked against bash itself in the tests; a `[` after a blank
  /// (`[ "$(id -u)" = 0 ]`) or a plain `$(date)` is no such place.
  /// `declares`: the template names a builtin that reads an assignment's
  /// `(…)` as words to expand again (`declare -a "x=({})"`,
  /// `namesDeclaration`), where any `$(`, backquote, `<(` or `>(` may run.
  public static func mayRun(_ value: String, declares: Bool = false) -> Bool {
    // Bytes, not characters: `$(` followed by a combining mark is no
    // `"$("` to `String.contains`, and bash still reads `$(` there.
    if declares {
      var previous: UInt8 = 0
      for byte in value.utf8 {
        if byte == UInt8(ascii: "`") { return true }
        if byte == UInt8(ascii: "("),
          previous == UInt8(ascii: "$") || previous == UInt8(ascii: "<") || previous == UInt8(ascii: ">")
        {
          return true
        }
        previous = byte
      }
    }
    var opened = value.utf8.first == UInt8(ascii: "(")
    var previous: UInt8 = 0
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "["):
        if previous == UInt8(ascii: "_") || (previous | 0x20) &- UInt8(ascii: "a") < 26
          || previous &- UInt8(ascii: "0") < 10
        {
          opened = true
        }
      case UInt8(ascii: "("):
        if previous == UInt8(ascii: "=") { opened = true }
        if previous == UInt8(ascii: "$") && opened { return true }
      case UInt8(ascii: "`"):
        if opened { return true }
      default: break
      }
      previous = byte
    }
    return false
  }
}

extension CodeInValues {
  /// The builtins that take `NAME=(…)` arguments and expand the words in
  /// them again: `declare -a "x=({})"` runs a plain `$(cmd)` value, and the
  /// parentheses may come from the template in many spellings.
  static let declarations = ["declare", "typeset", "local", "readonly", "export"]

  /// Whether `template` spells one of `declarations` as a word where a
  /// command may start — read as raw text with its quotes and backslashes
  /// taken out, not as the template reader reads commands, so that no
  /// misreading (and no `decl''are`, `declare$x`, `{declare,-a}`) hides it:
  /// after the start, a blank or `;&|({!` and a backquote, before the
  /// end, a blank or `;&|)$,}<>` and a backquote. `/usr/local`,
  /// `localhost`, `--export` are no such word. Only a name made by an
  /// expansion (`$(echo declare)`, `dec{l,}are`) gets past, as it gets
  /// past any reading of the text.
  public static func namesDeclaration(_ template: String) -> Bool {
    let bare = Array(
      template.utf8.filter { $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
    let before = Set(" \t\n;&|({!`".utf8)
    let after = Set(" \t\n;&|)$,}<>`".utf8)
    for name in declarations.map({ Array($0.utf8) }) where bare.count >= name.count {
      for start in 0...(bare.count - name.count) where bare[start..<start + name.count].elementsEqual(name) {
        let end = start + name.count
        if (start == 0 || before.contains(bare[start - 1])) && (end == bare.count || after.contains(bare[end])) {
          return true
        }
      }
    }
    return false
  }
}

extension ShellLine {
  /// The first variable whose value bash could run (`CodeInValues`), when
  /// `sh` is such a shell (`shellHasArrays`); nil when there is none.
  public func valueThatMayRun(shellHasArrays: Bool) -> Variable? {
    guard shellHasArrays else { return nil }
    return environment.first { CodeInValues.mayRun($0.value, declares: declares) }
  }
}

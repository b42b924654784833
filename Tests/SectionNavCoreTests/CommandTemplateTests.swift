import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

/// Placeholders in `--preview` and `execute`/`reload` commands: values reach
/// the shell as variables, never as command text, whatever the quoting.
@Suite struct CommandTemplateTests {
  static func render(_ template: String, _ values: CommandTemplate.Values = .init(item: "x")) throws -> ShellLine {
    try CommandTemplate(template).render(values)
  }

  static func refusal(_ template: String) -> String? {
    do {
      _ = try CommandTemplate(template)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func placeholdersBecomeVariablesQuotedForWhereTheyStand() throws {
    let line = try Self.render(
      "show {item} in {section} no.{index} {json} {}",
      .init(section: "it's", item: "a b; rm -rf ~", index: 3, json: #"{"x":1}"#))
    #expect(
      line.text
        == #"show ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"} in ${SECTIONNAV_SECTION+"$SECTIONNAV_SECTION"} no.3 ${SECTIONNAV_JSON+"$SECTIONNAV_JSON"} ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}"#
    )
    #expect(line.value("SECTIONNAV_ITEM") == "a b; rm -rf ~")
    #expect(line.value("SECTIONNAV_SECTION") == "it's")
    #expect(line.value("SECTIONNAV_JSON") == #"{"x":1}"#)
    #expect(line.environment.count == 3)
    // Inside quotes the reference is written for them: fzf would paste the value there.
    #expect(try Self.render("echo '{}'").text == #"echo ''${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}''"#)
    #expect(try Self.render(#"echo "<{}>""#).text == #"echo "<${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}>""#)
    #expect(
      try Self.render(#"echo "$(cat {})" `ls '{}'`"#).text
        == #"echo "$(cat ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"})" `ls ''${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}''`"#)
    // Unquoted, a `${…}` default is split and globbed: the item is quoted there.
    #expect(try Self.render("echo ${x:-{}}").text == #"echo ${x:-${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}}"#)
    #expect(try Self.render("echo \"${x:-{}}\"").text == #"echo "${x:-${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}}""#)
    #expect(Self.refusal("echo $'a\\'{}'")?.contains("bash and dash read") == true)
  }

  @Test func otherBracesAreTheCommandsOwn() throws {
    let line = try Self.render(#"awk '{print $1}' <<< {item}; echo ${item} {a,b} \{} { "$1"}"#)
    #expect(line.text == #"awk '{print $1}' <<< ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}; echo ${item} {a,b} \{} { "$1"}"#)
  }

  @Test func aCommentsQuoteOpensNothing() throws {
    let line = try Self.render("echo {} # it's\necho {}")
    #expect(
      line.text == #"echo ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"} # it's"# + "\n"
        + #"echo ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}"#)
  }

  /// Arithmetic written another way: a continued line (the shell joins it
  /// before reading words), `((` against a keyword, `[[ … ]]` operands of
  /// arithmetic operators and of `-v`.
  @Test func arithmeticSpelledAnotherWayIsRefused() throws {
    for template in [
      "(\\\n( {} ))", "[\\\n[ {} -eq 1 ]]", "echo $\\\n[ {} ]", "for((i={};;)); do break; done",
      "while(( {} )); do break; done", "if(( {} )); then :; fi", "[[ 1 -lt {} ]]", "[[ -v {} ]]",
    ] {
      #expect(Self.refusal(template) != nil, "\(template) was accepted")
    }
    // A continued line means what the joined one does.
    #expect(try Self.render("echo \\\n{}").text == #"echo ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}"#)
  }

  /// A here-document's body is read by rules of its own (a quote there is
  /// text): beside one, a text placeholder is refused — after a body with a
  /// `"`, one read as quoted was left bare, split and globbed.
  @Test func aTextPlaceholderBesideAHereDocumentIsRefused() throws {
    for template in [
      "cat <<EOF\n\"\nEOF\nprintf '[%s]' {}\n: \"", "cat <<EOF\nItem: {}\nEOF", "cat <<-X\n\tx\nX\necho {q}",
    ] {
      #expect(Self.refusal(template)?.contains("here-document") == true, "\(template)")
    }
    // One inside quoted commands is a here-document too (its `)` line closed no `$(…)`).
    #expect(Self.refusal("printf '<%s>' \"$(: <<E\n)\nE\nprintf '[%s]' {})\"")?.contains("here-document") == true)
    for fine in ["read -r a <<< {}", "echo \"<<\" {}", "echo {index} <<EOF\nx\nEOF", "echo $((1<<2)) {}"] {
      #expect(Self.refusal(fine) == nil, "\(fine): \(Self.refusal(fine) ?? "")")
    }
  }

  /// Inside backquotes within double quotes the shell takes backslashes
  /// before it reads the command: `"`echo \"{}\"`"` left the value
  /// unquoted (`a  b *` came back as `a b` and the files of the directory).
  /// Without a backslash, or in `$(…)`, the reading is as it looks.
  @Test func aPlaceholderAfterABackslashInDoubleQuotedBackquotesIsRefused() throws {
    for template in [#""`echo \"{}\"`""#, #""`echo \\"{}\\"`""#, #"x="`printf %s \"{q}`""#] {
      #expect(Self.refusal(template)?.contains("write $(…) instead") == true, "\(template)")
    }
    for fine in [
      #""`printf '%s\n' {}`""#, #""`sed 's/\t/ /' {f}`""#, #""`echo {}`""#, #"`echo \"{}\"`"#, #""$(echo \"{}\")""#,
      #""`echo '{}'`""#, #""$(echo `echo {}`)""#,
    ] {
      #expect(Self.refusal(fine) == nil, "\(fine): \(Self.refusal(fine) ?? "")")
    }
  }

  /// A `case` pattern's `)` inside `$(…)` closes no `$(…)`: read as
  /// closing it, the placeholder after it looked quoted by the outer `"…"`
  /// and was left bare (split, globbed), and arithmetic there went unseen.
  @Test func aCasePatternsParenClosesNoCommandSubstitution() throws {
    #expect(
      try Self.render(#"printf "<%s>" "$(case a in a) printf "[%s]" {};; esac)""#).text
        == #"printf "<%s>" "$(case a in a) printf "[%s]" ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"};; esac)""#)
    #expect(
      try Self.render(#"echo "$(case $x in (a|b) echo {};; *) echo "{}" ;& c) :;; esac; echo {})""#).text
        == #"echo "$(case $x in (a|b) echo ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"};; *) echo "${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}" ;& c) :;; esac; echo "#
        + #"${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"})""#)
    // Nested, and a `)` of the body's own parentheses.
    #expect(
      try Self.render(#""$(case a in a) case b in b) (echo x);; esac; echo {};; esac)""#).text
        == #""$(case a in a) case b in b) (echo x);; esac; echo ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"};; esac)""#)
    for template in [#"echo "$(case a in a) [[ {} -eq 1 ]];; esac)""#, #"echo "$(case a in a) read {};; esac)""#] {
      #expect(Self.refusal(template) != nil, "\(template) was accepted")
    }
  }

  /// Commands inside quotes (`"$(…)"`, `"`…`"`) are commands all the
  /// same: a name position there (`read {}`) is refused as it is outside
  /// quotes — `echo "$(read {})"` ran code in an item `a[$(cmd)]` under bash.
  @Test func namePositionsInsideQuotedCommandsAreRefused() throws {
    for template in [
      #"echo "$(read {})""#, #"echo "`read {}`""#, #"x="$(declare -i n={})""#, #"echo "a $(b; printf -v {} x) c""#,
      #"echo "${x:-$(read {})}""#, #"echo "$(echo "$(let y={q})")""#,
    ] {
      #expect(Self.refusal(template) != nil, "\(template) was accepted")
    }
    for fine in [
      #"echo "$(cat {})""#, #"echo "$(printf %s {})" read {}"#, #"echo "$(true)"; echo {}"#, #"echo "$(read)" {}"#,
      #"echo "`cat {}`" "read {}""#,
    ] {
      #expect(Self.refusal(fine) == nil, "\(fine): \(Self.refusal(fine) ?? "")")
    }
  }

  /// Found by running templates through dash and bash with a hostile item:
  /// each was accepted and split, globbed or ran the item's code.
  @Test func constructsThatHidAPlaceholdersContext() throws {
    // A `'` in double-quoted `${x:-…}` is a character: it opened a quote,
    // and every later `"{}"` was left bare.
    #expect(
      try Self.render(#": "${x:-'}"; echo "{}""#).text == #": "${x:-'}"; echo "${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}""#)
    // `case` as an argument opens no case statement (its `)` closed the `$(…)`).
    #expect(
      try Self.render(#"echo "$(echo case in x) {}""#).text
        == #"echo "$(echo case in x) ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}""#)
    for template in [
      // A here-document behind `let`, or one that `let` was wrongly seen before.
      ": let <<E\n'\nE\necho \"{}'\"", "let <<E\n\"\nE\necho 1 | read {} #\"",
      // `((` against `then`, `else`, `do`, `time`, `!`.
      "if true; then((x={}));fi", "if false; then :; else((x={}));fi", "for i in 1; do((x={}));done", "time((x={}))",
      // A descriptor's number before the command is no command word.
      "2>/dev/null read {} </dev/null", "echo 1 | 0<&0 read -r {}", "2>&1 printf -v {} x",
      // Bash's integer variables, through a declaring builtin.
      "declare RANDOM={}", "export RANDOM={}", "readonly OPTIND={}",
    ] {
      #expect(Self.refusal(template) != nil, "\(template) was accepted")
    }
    // The second round: quotes lost in arithmetic-looking `((`, `[[` where
    // dash knows none, values split after `${x:=…}` or `${x/…/…}`; names bash
    // reads behind `function`, `coproc`, `{v}<`, `>|`, `$'…'` and aliases.
    for template in [
      "echo ${x={}}", "echo ${x:={}}", "echo ${x:='{}'}", "x=a; echo ${x/a/{}}", "x=a; echo ${x/#a/\"{}\"}",
      "(( \")\"; echo {} ) )", "echo $((echo \")\"; echo {}) )",
      "echo [[;cat<<E\n\"\nE\necho {}", "function f { read {}; }; f", "echo \"$(function f { read {}; })\"",
      "coproc N { read {}; }", "{v}<&0 read {}", ">|x read {}", "$'read' {}", "$\"read\" {}", "test $'-v' {}",
      "printf $'-v' {} x", "declare $'-i' n; n={}", ": $'\\'';read {}", "alias r=read\nr {}",
    ] {
      #expect(Self.refusal(template) != nil, "\(template) was accepted")
    }
    // The third round (bash only: the item ran as code): `$((…)` closed by
    // one `)`, escaped nested backquotes, `${x:- #}` and `` `…`# `` taken for
    // comments, `&>`, `[[` after `f()` or `coproc`, `wait -np`, `esac` as an
    // argument, `f() case …`, aliases with options.
    for template in [
      #""$((:);read {})""#, #": `echo \`read {}\``"#, ": ${x:- #};read {}", "`:`#;read {}", "read &>/dev/null {}",
      "f() [[ -v {} ]]; f", "coproc [[ -v {} ]]; wait", "true & wait -np {}",
      #": "$(case x in y) : esac;; x) read {};; esac)""#, #": "$(f() case x in x) read {};; esac; f)""#,
      "alias r='command read'\nr {}", "alias p='printf -v'\np {} x", "alias d='declare -i'\nd n; n={}",
      // The fourth round: `${…}` holding quotes or braces threw the name
      // reader off; a `'` in a quoted pattern (`"${x%'…'}"`) quotes; a
      // subscript with blanks; bash's integer variables filled by builtins
      // (also from `{f}`); `{a[…]}<` descriptors; `((` after `{`, `coproc`;
      // `$'…'` escapes.
      #"echo "${x:-"it's"}"; read {}"#, ": ${x:-'}'}; read {}", ": ${x:-\\{}; read {}", #": ${x:-"{"}; read {}"#,
      #": "${x:-${y:-"'"}}"; read {}"#, #"x="${x%'"'}"; read {}"#, #"x="${x%'"'}"; (({}))"#, "a[ {} ]=1",
      "a[ {}]=1", "printf -v RANDOM %s {}", "read OPTIND <<< {}", "for RANDOM in {}; do :; done", "read RANDOM < {f}",
      "declare -i n; read n < {f}", ": {a[{}]}</dev/null", "{((1+{}))}", "coproc((1+{}))", "$'re\\x61d' {}",
      "$'\\162ead' {}", "test $'-\\x76' {}", "declare $'-\\x69' n; n={}",
      // The fifth round: commands inside a word (`read $() {}`), a
      // subscript read to its `]` (`a[{}|0]=`), `((`/`[[` after a backquote,
      // `]]` inside a word, `[[ 1 -eq " "{} ]]`, `#` after `$(…)` or `\ `
      // (no comment: a `$((` was hidden), `(#'`, aliases (chains, `c=[[`),
      // `declare -i` inside quoted commands, compound assignments given to
      // `declare`, `printf {}` as the format, `wait -n {}`.
      "read $() {}", "read `:` {}", "printf -v $(:) {} x", "test $(:) -v {}", "declare $() -i n;n={}", "a[{}|0]=",
      "a[{}<1]=2", "a[({})]=2", "a[{}\n]=1", "a=([{}|0]=)", "`((1+{}))`", "x=`((1+{}))`", "`[[ -v {} ]]`",
      "[[ x]] && -v {} ]]", #"[[ 1 -eq " "{} ]]"#, "[[ 1 -eq \\ {} ]]", #"[[ "{} " -eq 1 ]]"#, "$(:)#$((\n{}))",
      ": \\ #$((\n{}))", ": $((0))#$((\n{}))", "alias a=b b=read\na {}",
      "alias c=[[\nc -v {} ]]", #": "$(declare -i n; for n in {}; do :; done)""#, #"declare -a a="({})""#,
      #"declare -a "a=({})""#, #"export -a "a=({})""#, "printf {} x", ":& wait -n {}",
      // A continued line the joiner left (it took a quoted `'` for a quote).
      #": "$(echo "'")"; rea\"# + "\n" + "d {}",
    ] {
      #expect(Self.refusal(template) != nil, "\(template) was accepted")
    }
    // A `#` that may or may not start a comment (after `(` or `)`) is read
    // as text: its `'` quotes what follows, which then stays literal
    // whichever way the shell reads it (bash: a comment, then `read '${…}'`,
    // a name that is no name).
    for template in ["(#'\nread {}\n)", "(:)#'\nread {}"] {
      #expect(try Self.render(template).text.contains("read '${SECTIONNAV_ITEM+"), "\(template)")
    }
    // A `#` where dash knows no `[[` starts a comment: its `"` opens nothing.
    for template in ["[[ #\"\necho {}", ": [[ #\"\necho {}"] {
      #expect(
        try Self.render(template).text.hasSuffix("\n" + #"echo ${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}"#), "\(template)")
    }
    // Still fine: `let` as an argument, a descriptor given as text, a quoted number.
    for fine in [
      "echo let {}", "echo {} 2>/dev/null", #"echo "2">x {}"#, "export NAME={}", "echo \"${x:={}}\"", "echo ${x:-{}}",
      "echo \"${x/a/{}}\"", "[[ -f {} ]] && echo ok", "if [[ {} == a* ]]; then :; fi", "echo {} >|out",
      "echo $((1+2)) {}", "echo {} &>/dev/null", "echo a#b {}", "echo ${x:-a b} {}",
      "[[ -f {} ]] && wait -n", "echo `echo x` {}", #"echo "${x:-"it's"}" {}"#, "cat {f} | head", "echo $RANDOM {}",
      #"printf '\e[1m%s\e[0m' {}"#,
    ] {
      #expect(Self.refusal(fine) == nil, "\(fine): \(Self.refusal(fine) ?? "")")
    }
  }

  @Test func arithmeticTakesOnlyTheIndex() throws {
    #expect(try Self.render("echo $(( {index} + 1 ))", .init(index: 4)).text == "echo $(( 4 + 1 ))")
    for template in ["echo $(( {} + 1 ))", "(( {item} ))", "echo $(( $(echo {q}) ))", "echo $((1+{json}))"] {
      let message = try #require(Self.refusal(template), "\(template)")
      #expect(message.contains("arithmetic"), "\(template)")
    }
  }

  /// Where bash (the `sh` of Fedora, Arch…) evaluates arithmetic too, and
  /// so runs `$(…)` in an item like `a[$(cmd)]`: `$[…]`, `[[ … -eq … ]]`,
  /// `let`, a `${…}` subscript or substring offset. Refused the same way;
  /// `[ … ]`, `${x:-…}` and `[[` inside quotes are not arithmetic.
  @Test func bashsOtherArithmeticIsRefusedToo() throws {
    for template in [
      "echo $[{item}]", "echo \"$[1+{q}]\"", "[[ {item} -eq 1 ]] && echo y", "[[ \"{}\" -lt 2 ]]", "let x={item}",
      "echo ${a[{item}]}", "echo \"${a[{}]}\"", "echo ${x:{item}:2}", "echo ${x: {}}", "a=1; let \"y = {json}\"",
    ] {
      let message = try #require(Self.refusal(template), "\(template) was accepted")
      #expect(message.contains("arithmetic"), "\(template)")
    }
    #expect(try Self.render("echo $[{index}+1]", .init(index: 4)).text == "echo $[4+1]")
    for fine in ["[ {item} = x ] && echo y", "echo ${x:-{}} ${x:+{}}", "echo '[[' {}", "let x=1; echo {}"] {
      #expect(Self.refusal(fine) == nil, "\(fine): \(Self.refusal(fine) ?? "")")
    }
  }

  /// Where bash takes a value as a variable's name and evaluates its
  /// subscript (`a[$(cmd)]` runs `cmd`: `a[{}]=1`, `printf -v`, `test -v`,
  /// `read`, `local {}=1` did under bash 5.2), or evaluates an integer or
  /// nameref variable's value; the other name arguments (`unset`,
  /// `mapfile`, `wait -p`) are refused alike. Text beside brackets, values
  /// of plain variables and arguments that are not names stay accepted.
  @Test func bashNamesAndSubscriptsAreRefused() throws {
    for template in [
      "a[{}]=1", "a+=([{}]=1)", "x=([{item}]=v)", "printf -v \"a[{}]\" x", "printf -v {} x", "test -v \"a[{}]\"",
      "[ -v {q} ]", "read -r \"a[{}]\" <<< v", "read {section}", "read -a {}", "unset \"a[{}]\"", "declare {}",
      "local {}=1", "declare -i x={}", "typeset -i z=\"{}\"", "declare -n r={json}", "declare -i n; n={}",
      "mapfile {}", "wait -p {}", "getopts ab {}", "echo $(a[{}]=1)", "read {} < file", "echo x >&2; read {}",
      // Spelled another way: a continued line, a quoted or prefixed command,
      // an option's value against it, an empty argument before it.
      "rea\\\nd {} <<< 1", "\\let x={}", "\"let\" x={}", "le''t x={}", "command read {} <<< 1",
      "builtin -- read {} <<< 1", "command printf -v {} x", "printf -v{} v", "read -ra{} <<< 1", "read -d '' {} <<< 1",
      "f() { local -i n={}; }; f", "RANDOM={}", "echo ok # a comment \\\nread {}",
      // What reaches an integer or nameref variable, however it gets there.
      "declare -i n; read n <<< {}", "declare -i n; n=$(echo {})", "declare -n r; for r in {}; do :; done",
    ] {
      let message = try #require(Self.refusal(template), "\(template) was accepted")
      #expect(message.contains("runs code"), "\(template): \(message)")
    }
    for fine in [
      "echo \"item=[{}]\"", "printf '[%s]\\n' {+}", "x={}; echo \"$x\"", "export X={}", "local x=\"{}\"",
      "read -p {} x", "test -n {}", "[ -v x ] && echo {}", "declare -i n={index}", "a[{index}]=1",
      "declare -A m; m[k]={}", "echo a[{}]", "printf %s {} > \"out[1]\"", "grep -e {q} -- file",
      // Inside [[ … ]], string and file tests evaluate nothing.
      "[[ -f {} ]] && bat {} || echo no", "[[ $(file --mime {}) =~ binary ]] && echo {} || cat {}",
      "[[ {} == *.md ]] && glow {}", "[[ -n {q} ]] && rg {q} {}", "getopts a: o -a {}",
      // A redirection's target is a file or a here-string, not a name.
      "read -r first < {}; echo \"$first\"", "IFS=: read -r a b <<< {}", "read -r a b <<<{}", "mapfile -t l < {}",
    ] {
      #expect(Self.refusal(fine) == nil, "\(fine): \(Self.refusal(fine) ?? "")")
    }
  }

  @Test func fzfFieldsAndFlagsAreRefusedByName() {
    // fzf 0.74's `{*}`, `{q:1}` and `{fzf:query}` too: they reached the command as text.
    for form in [
      "{1}", "{-1}", "{2..}", "{..3}", "{1..3}", "{n}", "{+n}", "{s}", "{r}", "{+1}", "{sf}", "{+q}", "{*}", "{*f}",
      "{q:1}", "{q:2..}", "{fzf:query}", "{fzf:action}",
    ] {
      let message = Self.refusal("echo \(form)")
      #expect(message?.hasPrefix("unsupported placeholder \(form):") == true, "\(form): \(message ?? "accepted")")
    }
    for fine in ["{a,b}", "{print}", "${1}", "awk '{print $1}'", "{}x{}", "{ echo; }", "{q:}", "{fzf}"] {
      #expect(Self.refusal("echo \(fine)") == nil, "\(fine)")
    }
  }

  @Test func queryMarkedItemsAndFiles() throws {
    let values = CommandTemplate.Values(item: "c", json: "{}", query: "q'1", marked: ["m 1", "m$2"])
    let line = try Self.render("run {q} {+} '{+}' {f} {json-file} {+f}", values)
    #expect(
      line.text
        == #"run ${SECTIONNAV_QUERY+"$SECTIONNAV_QUERY"} ${SECTIONNAV_MARKED_1+"$SECTIONNAV_MARKED_1"} ${SECTIONNAV_MARKED_2+"$SECTIONNAV_MARKED_2"} ''"#
        + #"${SECTIONNAV_MARKED_1+"$SECTIONNAV_MARKED_1"} ${SECTIONNAV_MARKED_2+"$SECTIONNAV_MARKED_2"}'' ${SECTIONNAV_ITEM_FILE+"$SECTIONNAV_ITEM_FILE"} "#
        + #"${SECTIONNAV_JSON_FILE+"$SECTIONNAV_JSON_FILE"} ${SECTIONNAV_MARKED_FILE+"$SECTIONNAV_MARKED_FILE"}"#)
    #expect(line.value("SECTIONNAV_QUERY") == "q'1")
    #expect(line.value("SECTIONNAV_MARKED_2") == "m$2")
    #expect(
      line.files == [
        // The item's file ends as a line, as fzf writes it (`read x < {f}`).
        .init(name: "SECTIONNAV_ITEM_FILE", value: "c\n"), .init(name: "SECTIONNAV_JSON_FILE", value: "{}\n"),
        .init(name: "SECTIONNAV_MARKED_FILE", value: "m 1\nm$2\n"),
      ])
  }

  /// Hostile items, each in every quoting a user might write, through a real
  /// `sh`: the item comes out as written (NUL dropped), and no marker file
  /// appears. `{}` inside single quotes, double quotes, `$(…)`, backquotes,
  /// `${x:-…}` all included (fzf runs the item as code in the first two).
  @Test func hostileItemsInEveryQuotingStayData() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sectionnav-template-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let marker = directory.appendingPathComponent("PWNED").path
    let items = HostileItems.texts(marker: marker)
    let templates = [
      "printf %s {}", "printf %s '{}'", #"printf %s "{}""#, #"printf %s "$(printf %s {})""#,
      "printf %s \"`printf %s '{}'`\"", "printf %s ${x:-{}}", #"printf %s "${x:-{}}""#, "printf %s x{}x",
      "printf %s '<{}>'", "printf %s \"'{}'\"",
    ]
    for template in templates {
      for item in items {
        let line = try Self.render(template, .init(item: item))
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = ["-c", line.text]
        // As the runner does: no variable can hold NUL.
        sh.environment = Dictionary(
          uniqueKeysWithValues: line.environment.map { ($0.name, $0.value.replacingOccurrences(of: "\0", with: "")) })
        sh.currentDirectoryURL = directory
        let output = Pipe()
        sh.standardOutput = output
        try sh.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: marker), "\(template) ran \(item.debugDescription)")
        // Word splitting is the one freedom: `${x:-{}}` outside quotes, as written.
        if !template.contains("${x:-{}}") || template.contains(#""${x"#) {
          var expected = item.replacingOccurrences(of: "\0", with: "")
          if template.contains("$(") || template.contains("`") {
            while expected.hasSuffix("\n") { expected.removeLast() }
          }
          let framed = template.contains("<") ? "<\(expected)>" : template.contains("x{}x") ? "x\(expected)x" : expected
          let shown = template.contains(#""'{}'""#) ? "'\(expected)'" : framed
          #expect(printed == shown, "\(template) with \(item.debugDescription)")
        }
      }
    }
  }
}

import Foundation
import TestScratch
import Testing

/// Every feature that hands an item to a shell — the preview, `execute`,
/// `execute-silent`, `reload`, the shell widget — against item texts that
/// would run as code if pasted into the command: data stays data (no marker
/// file appears), every child is bounded, and one that cannot start says why.
@Suite struct HostileShellTests {
  /// `{"Hostile": [items…]}`, every item a JSON string.
  static func json(_ items: [String]) -> String {
    func string(_ s: String) -> String {
      var out = "\""
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
    return "{\"Hostile\": [" + items.map(string).joined(separator: ", ") + "]}\n"
  }

  /// Runs a script over the items with `arguments` in a scratch directory
  /// that is also `TMPDIR` (so files made for `{f}` must be gone after).
  static func run(
    items: [String], _ arguments: (_ data: String) -> [String], script: String
  ) throws -> (result: Binary.Result, directory: String) {
    let directory = Scratch.directory("hostile-shell")
    let data = directory + "/data.json"
    try Data(json(items).utf8).write(to: URL(fileURLWithPath: data))
    let tmp = directory + "/tmp"
    try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
    let result = try Binary.run(arguments(data) + ["--script", "-"], input: script, environment: ["TMPDIR": tmp])
    return (result, directory)
  }

  /// Each hostile item with `{}` in every quoting a user might write, and
  /// `{q}`, `{+}`, `{f}`: no feature runs any of it. (Before: `'{}'` with
  /// `x; touch PWNED #` and `"{}"` with `$(touch PWNED)` created the file.)
  @Test func noShellFeatureRunsAnItem() throws {
    let directory = Scratch.directory("marker")
    defer { Scratch.remove(directory) }
    let marker = directory + "/PWNED"
    let items = HostileItems.texts(marker: marker, long: true)
    let everywhere = #"printf %s {} '{}' "{}" "$(printf %s {})" `printf %s '{}'` ${x:-{}} {q} {+} {f} >/dev/null"#
    let script = Array(repeating: "tick 200\nkey x\nkey y\nkey z\nkey m\n", count: items.count).joined() + "state\n"
    let (r, scratch) = try Self.run(
      items: items,
      { data in
        [
          data, "--size", "80x10", "--multi", "--preview", everywhere + "; echo shown",
          "--bind", "x:execute(\(everywhere))", "--bind", "y:execute-silent(\(everywhere))",
          "--bind", "z:reload(\(everywhere); cat \(data))",
        ]
      }, script: script)
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: marker), "an item ran as code")
    // Every item was visited (m marks and steps down), and every {f} file is gone.
    #expect(r.stdout.contains("\"rows\":\(items.count + 1)"), "\(r.stdout.suffix(400))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch + "/tmp") == [])
  }

  /// An item bash runs as code where it reads a value as a name or in
  /// arithmetic (`x[$(cmd)]`) is not handed to a `sh` that is bash, whatever
  /// the template (the template reader is a sketch; six fuzz rounds each
  /// found templates hiding such a place from it); dash, which has no
  /// arrays, is given it, and the preview shows it.
  @Test func anItemBashCouldRunReachesOnlyAShWithoutArrays() throws {
    let directory = Scratch.directory("marker")
    defer { Scratch.remove(directory) }
    let marker = directory + "/PWNED"
    let (r, scratch) = try Self.run(
      items: ["x[$(touch \(marker))]"], { [$0, "--size", "150x4", "--preview", "printf '<%s>' {}"] },
      script: "tick 200\nprint\n")
    defer { Scratch.remove(scratch) }
    let sh = URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().lastPathComponent
    if ["dash", "ash", "busybox", "posh"].contains(sh) {
      // The pane may cut the long path: its start shows the value arrived whole.
      #expect(r.stdout.contains("<x[$(touch /"), "\(r.stdout)")
    } else {
      #expect(r.stdout.contains("not run: this system's sh could run SECTIONNAV_ITEM as code"), "\(r.stdout)")
    }
    #expect(!FileManager.default.fileExists(atPath: marker), "an item ran as code")
  }

  /// An item past the 128 KiB one value may hold on Linux: the pane and the
  /// status line say the command line is too long and what to use instead,
  /// and `{f}` — the item in a file — works. (Before: `sh: cannot start
  /// /bin/sh` in the pane, and an `execute` that silently did nothing.)
  @Test func aValueTooLongForACommandLineSaysSoAndAFileWorks() throws {
    let item = String(repeating: "x", count: 131_100)
    let (r, scratch) = try Self.run(
      items: [item, "small"],
      { data in
        [
          data, "--size", "300x8", "--preview-window", "bottom:3", "--preview", "echo {}", "--bind",
          "x:execute(echo {})", "--bind", "y:execute(wc -c < {f})",
          "--bind", "z:reload(echo {})",
        ]
      }, script: "tick 200\nprint\nkey x\nprint\nkey y\nkey z\nprint\n")
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    let tooLong = "the command line is too long: SECTIONNAV_ITEM holds 131100 bytes"
    let screens = r.stdout.components(separatedBy: "\n").filter { $0.contains(tooLong) }
    // In the pane, then on the status line for execute and for reload.
    #expect(screens.count >= 3, "\(r.stdout.prefix(3000))")
    #expect(r.stdout.contains("execute failed: \(tooLong)"))
    #expect(r.stdout.contains("reload failed: \(tooLong)"))
    #expect(r.stdout.contains("one value may; use {f}, {json-file} or {+f} to get it in a file"))
    #expect(r.stdout.contains("131101\n"), "wc -c < {f}: the item and its line end")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch + "/tmp") == [])
  }

  /// A reload reads like standard input: output that cannot be the data is
  /// refused at its first bad byte and the command killed, instead of being
  /// read into memory without end (before: `reload(cat /dev/zero)` grew until
  /// the allocator failed).
  @Test func anEndlessReloadIsRefusedAtItsFirstBadByte() throws {
    let (r, scratch) = try Self.run(
      items: ["a"],
      { data in
        [data, "--size", "100x5", "--bind", "ctrl-r:reload(cat /dev/zero)"]
      }, script: "key C-r\nprint\n")
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    // Read as standard input is: a NUL in the first bytes is no text.
    #expect(r.stdout.contains("reload failed: reload output:1:1: not text: a NUL byte"), "\(r.stdout)")
  }

  /// A script does not wait for a preview that never ends (`tail -f`, a
  /// command that waits for input): it is stopped after 10 s, with what it
  /// wrote shown and a line saying so (the run waited for it forever).
  @Test func aPreviewThatNeverEndsIsStoppedInAScript() throws {
    let (r, scratch) = try Self.run(
      items: ["a"],
      { data in
        [data, "--size", "100x6", "--preview", "echo partial {}; exec sleep 100000"]
      }, script: "tick 200\nprint\n")
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("partial a"), "\(r.stdout)")
    #expect(r.stdout.contains("sectionnav: still running after 10 s: stopped"), "\(r.stdout)")
  }

  /// A reload's output is read as standard input is when no option names a
  /// format: lines when it does not start like JSON (`reload(ls)` after
  /// `ls | sectionnav`), and an empty output is an empty list (the README's
  /// `reload(grep … || true)`). Before, both were refused as invalid JSON.
  @Test func aReloadsOutputIsReadAsStandardInputIs() throws {
    let (r, scratch) = try Self.run(
      items: ["a"],
      { data in
        [
          data, "--size", "60x6", "--bind", "ctrl-l:reload(printf 'foo\\nbar\\n')", "--bind",
          "ctrl-e:reload(grep nothing /dev/null || true)", "--bind", "ctrl-j:reload(printf '{\"S\":[\"json\"]}')",
        ]
      }, script: "key C-l\nprint\nkey C-e\nprint\nkey C-j\nprint\n")
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    let statuses = r.stdout.split(separator: "\n").filter { $0.contains("? help") }
    #expect(statuses.count == 3 && !r.stdout.contains("reload failed"), "\(r.stdout)")
    #expect(statuses.first?.contains("item 1/2") == true && r.stdout.contains("> bar"), "\(r.stdout)")
    #expect(statuses.dropFirst().first?.contains("item 0/0") == true, "\(r.stdout)")
    #expect(statuses.last?.contains(" S  item 1/1") == true && r.stdout.contains("> json"), "\(r.stdout)")
  }

  /// With nothing under the cursor (a query that matches nothing), a
  /// command that names the item is not run, as in fzf — before, it ran
  /// with `{}` empty (`execute(rm -r dir/{})` would remove `dir/`); one of
  /// the query alone, or of the marked items when some are marked, still runs.
  @Test func aCommandOfTheItemIsNotRunWithoutOne() throws {
    let (r, scratch) = try Self.run(
      items: ["apple", "banana"],
      { data in
        let log = (data as NSString).deletingLastPathComponent + "/ran"
        return [
          data, "--size", "60x6", "--multi",
          "--bind", "ctrl-x:execute-silent(echo item={} >> \(log))",
          "--bind", "ctrl-y:execute-silent(echo marked={+} >> \(log))",
          "--bind", "ctrl-q:execute-silent(echo query={q} >> \(log))",
          "--bind", "ctrl-r:reload(echo reloaded {})",
        ]
      }, script: "key Tab\nfilter \"zzz\"\nkey C-x\nkey C-y\nkey C-q\nkey C-r\nsettle\nprint\n")
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    let ran = (try? String(contentsOfFile: scratch + "/ran", encoding: .utf8)) ?? ""
    #expect(ran == "marked=apple\nquery=zzz\n", "\(ran)")
    #expect(!r.stdout.contains("reloaded"), "\(r.stdout)")
  }

  /// `print(FORMAT)` prints what Enter would: the marked items even when
  /// the query matches nothing (it did nothing there), and ends the run.
  @Test func printPrintsTheMarkedItemsWhenNothingMatches() throws {
    let (r, scratch) = try Self.run(
      items: ["apple", "banana"],
      { data in [data, "--multi", "--bind", "ctrl-y:print(<{item}>)"] },
      script: "key Tab\nkey Tab\nfilter \"zzz\"\nkey C-y\nstate\n")
    defer { Scratch.remove(scratch) }
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "<apple>\n<banana>\n", "\(r.stdout)")
  }

  /// A script's `type` filters once, at its end (each key filtering on
  /// its own made a long `type` quadratic), but a bound key met on the way
  /// acts on the query typed up to it (`{q}`; its filter is applied first,
  /// as each key's was), and the list ends as if typed.
  @Test func aBoundKeyInsideTypeSeesTheQueryTypedSoFar() throws {
    let (r, scratch) = try Self.run(
      items: ["apple", "banana", "cherry pie"],
      { data in
        let log = (data as NSString).deletingLastPathComponent + "/ran"
        return [data, "--pick", "--size", "40x6", "--bind", "x:execute-silent(echo {q} >> \(log))"]
      }, script: "type \"chxe\"\nprint\n")
    defer { Scratch.remove(scratch) }
    // (A pick that the script ends without choosing: 1, as nothing was printed.)
    #expect(r.status == 1 && r.stderr.isEmpty, "\(r.stderr)")
    let ran = (try? String(contentsOfFile: scratch + "/ran", encoding: .utf8)) ?? ""
    #expect(ran == "ch\n", "\(ran)")
    #expect(r.stdout.contains("cherry pie") && !r.stdout.contains("apple"), "\(r.stdout)")
    #expect(r.stdout.contains("> che"), "\(r.stdout)")
  }

  /// Templates whose placeholder the shell would evaluate, or that use an
  /// fzf form sectionnav lacks: a usage error naming the option and why, exit 2.
  @Test(arguments: [
    ("--preview", "echo $(( {} + 1 ))", "invalid --preview 'echo $(( {} + 1 ))': placeholder {} inside $((…))"),
    ("--preview", "echo $[{}]", "invalid --preview 'echo $[{}]': placeholder {} inside $((…)), ((…)), $[…]"),
    ("--bind", "x:execute(echo {1})", "invalid --bind 'x:execute(echo {1})': unsupported placeholder {1}: "),
    ("--bind", "x:reload(echo $'{}')", "invalid --bind 'x:reload(echo $'{}')': placeholder {} inside $'…'"),
  ])
  func aTemplateTheShellWouldMisreadIsRefusedAtStart(option: String, value: String, message: String) throws {
    let r = try Binary.run(["--demo", "numbers", option, value, "--script", "-"], input: "")
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("sectionnav: error: " + message), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  /// The bash widget inserts a hostile item shell-quoted: run as the line
  /// the user would then enter, it prints the item and runs nothing.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is not installed"))
  func theBashWidgetInsertsAnItemAsOneWord() throws {
    let directory = Scratch.directory("widget")
    defer { Scratch.remove(directory) }
    let marker = directory + "/PWNED"
    // Lines: no newline (or NUL) can be in an item.
    let items = HostileItems.texts(marker: marker).filter { !$0.contains("\n") && !$0.contains("\0") }
    let widget = Binary.root.appendingPathComponent("docs/shell/widget.bash").path
    let bin = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
    for item in items {
      let bash = Process()
      bash.executableURL = URL(fileURLWithPath: "/bin/bash")
      bash.arguments = [
        "-c",
        """
        bind() { :; }
        . "$WIDGET"
        READLINE_LINE='printf %s ' READLINE_POINT=10
        __sectionnav_widget
        eval "$READLINE_LINE"
        """,
      ]
      bash.environment = [
        "PATH": bin + ":/usr/bin:/bin", "WIDGET": widget, "ITEM": item, "XDG_CONFIG_HOME": Binary.noConfigHome,
        "SECTIONNAV_WIDGET_COMMAND": #"printf '%s\n' "$ITEM""#, "SECTIONNAV_WIDGET_OPTS": "--lines --filter-print ''",
      ]
      bash.currentDirectoryURL = URL(fileURLWithPath: directory)
      let out = Pipe()
      bash.standardOutput = out
      bash.standardError = FileHandle.nullDevice
      try bash.run()
      let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      bash.waitUntilExit()
      #expect(!FileManager.default.fileExists(atPath: marker), "the widget ran \(item.debugDescription)")
      #expect(printed == item, "\(item.debugDescription)")
    }
  }
}

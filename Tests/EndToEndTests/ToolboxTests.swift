import Foundation
import TestScratch
import Testing

/// sectionnav in a pipeline: plain lines in, the chosen item out.
@Suite struct ToolboxTests {
  @Test func linesFromStandardInputGroupByFirstLetter() throws {
    let input = "banana\r\napple\n\nÉclair\n42 things\navocado"
    let r = try Binary.run(["--lines", "-", "--check"], input: input)
    #expect(r.stdout == "4 sections, 5 items\n", "\(r.stderr)")
    let script = try writeTemp("goto A 1\nkey Enter\n")
    defer { Scratch.remove(script) }
    let chosen = try Binary.run(
      ["--lines", "-", "--script", script, "--print", "{section}:{index}:{item}"], input: input)
    #expect(chosen.stdout == "A:1:avocado\n", "\(chosen.stderr)")
  }

  @Test func linesWithoutFileReadStandardInput() throws {
    // `ls /usr/bin | sectionnav --lines`
    let r = try Binary.run(["--lines", "--check"], input: "ls\ncat\ncp\n")
    #expect(r.stdout == "2 sections, 3 items\n", "\(r.stderr)")
  }

  /// `find -print0 | sectionnav --read0`: a name holding a line break is
  /// one item, and `--print0` gives it back unchanged (fzf's pair).
  @Test func nulEndedItemsComeBackWhole() throws {
    let input = "d\tp\nq\0d\tcr\r\0e\tplain\0"
    let r = try Binary.run(
      ["--read0", "--delimiter", "\\t", "--filter-print", "", "--print0", "--print", "{item}"], input: input)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "p\nq\0cr\r\0plain\0")
    let file = try writeTemp(input)
    defer { Scratch.remove(file) }
    let mapped = try Binary.run(["--read0", "--check", file])
    #expect(mapped.stdout == "2 sections, 3 items\n", "\(mapped.stderr)")
    // Nothing is dropped from an item: a byte-order mark before the first
    // is kept (as fzf keeps it), as is a CR before a NUL.
    let bom = try Binary.run(["--read0", "--keep-order", "--filter-print", "", "--print0"], input: "\u{FEFF}a\r\0b\0")
    #expect(bom.stdout == "\u{FEFF}a\r\0b\0", "\(bom.stderr)")
    // A NUL-ended item may hold a line break, so a line break may split it.
    let split = try Binary.run(
      ["--read0", "--delimiter", "\\n", "--filter-print", "", "--print", "{section}/{item}"],
      input: "s\na\0t\nb\0s\nc\0")
    #expect(split.stdout == "s/a\ns/c\nt/b\n", "\(split.stderr)")
    // `--no-read0` undoes a config's `--read0`, as in fzf, and the
    // `--lines` it implied: JSON is JSON again; a `--lines` given is kept.
    let undone = try Binary.run(
      ["--no-read0", "--filter-print", "", "--no-sort"], input: "a\nb\n", environment: ["SECTIONNAV_OPTS": "--read0"])
    #expect(undone.stdout == "a\nb\n", "\(undone.stderr)")
    let json = #"{"S": ["x", "y"]}"# + "\n"
    let detected = try Binary.run(
      ["--no-read0", "--filter-print", "", "--no-sort"], input: json, environment: ["SECTIONNAV_OPTS": "--read0"])
    #expect(detected.stdout == "x\ny\n", "\(detected.stderr)")
    let kept = try Binary.run(
      ["--no-read0", "--filter-print", "", "--no-sort"], input: json,
      environment: ["SECTIONNAV_OPTS": "--lines --read0"])
    #expect(kept.stdout == json, "\(kept.stderr)")
  }

  /// A name that is not UTF-8 (`find -print0` on Linux may give one) comes
  /// back as its bytes — chosen with Enter, printed by `--filter-print`,
  /// inside a `--print` format — so `xargs -0 rm` gets the file that exists
  /// (it was printed with U+FFFD in place of `\xe9`, as fzf prints it).
  @Test func bytesThatAreNotUTF8ComeBackAsTheyAre() throws {
    let script = try writeTemp("key Enter\n")
    defer { Scratch.remove(script) }
    let feed =
      #"printf 'lat\351.txt\0caf\303\251\0' | "$0" --read0 --print0 --keep-order "$@" | od -An -tx1 | tr -d ' \n'"#
    for (arguments, hex) in [
      (["--filter-print", "lat"], "6c6174e92e74787400"),
      (["--filter-print", "", "--print", "<{}>"], "3c6c6174e92e7478743e003c636166c3a93e00"),
      (["--script", script, "-"], "6c6174e92e74787400"),
    ] {
      let r = try Binary.run(arguments, shell: feed)
      #expect(r.stdout == hex, "\(arguments): \(r.stderr)")
    }
  }

  /// Under `--print0`, `{+f}`'s file ends each marked item with NUL, as
  /// printed items end (fzf's does too): an item holding a line break was
  /// two lines of the file, no longer told from two items.
  @Test func markedItemsFileFollowsPrint0() throws {
    let script = try writeTemp("key m\nkey j\nkey m\nkey x\n")
    defer { Scratch.remove(script) }
    for (print0, expected) in [(true, "pNqZrZ"), (false, "pNqNrN")] {
      let r = try Binary.run(
        ["--read0", "--multi", "--keep-order", "--bind", #"x:execute(tr '\0\n' ZN < {+f}; echo)"#, "--size", "30x4"]
          + (print0 ? ["--print0"] : []) + ["--script", script, "-"], input: "p\nq\0r\0")
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains(expected + "\n"), "\(r.stdout)")
    }
  }

  @Test func delimiterSplitsSectionAndItem() throws {
    let input = "net\tcurl\nutils\tcoreutils\nnet\twget\n"
    let script = try writeTemp("state\ngoto net wget\nkey Enter\n")
    defer { Scratch.remove(script) }
    let r = try Binary.run(["--lines", "--delimiter", "\\t", "-", "--script", script], input: input)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasSuffix("\nwget\n"))
    #expect(r.stdout.contains("\"sections\":2"))
  }

  @Test func printJSONGivesTheOriginalValue() throws {
    let data = try writeTemp(#"{"Hosts": [{"name": "alpha", "port": 22}, "plain \u00e9"]}"#)
    let script = try writeTemp("key Enter\n")
    defer { [data, script].forEach(Scratch.remove) }
    let object = try Binary.run([data, "--script", script, "--print", "json"])
    // The value as in the data, compacted to one line (escapes kept as written).
    #expect(object.stdout == "{\"name\":\"alpha\",\"port\":22}\n", "\(object.stdout)")
    let field = try Binary.run([data, "--script", script, "--item-field", "name"])
    #expect(field.stdout == "alpha\n")
    let second = try writeTemp("key j Enter\n")
    defer { Scratch.remove(second) }
    let string = try Binary.run([data, "--script", second, "--print", "json"])
    #expect(string.stdout == "\"plain \\u00e9\"\n")
    let text = try Binary.run([data, "--script", second])
    #expect(text.stdout == "plain é\n")
  }

  @Test func pickExitsOneWithoutAChoice() throws {
    let r = try Binary.run(["--demo", "numbers", "--pick", "--script", "-"], input: "key q\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    let chose = try Binary.run(["--demo", "numbers", "--pick", "--script", "-"], input: "key Enter\n")
    #expect(chose.status == 0)
    #expect(chose.stdout == "0\n")
  }

  @Test func interruptExits130() throws {
    let r = try Binary.run(["--demo", "numbers", "--script", "-"], input: "key C-c\nstate\n")
    #expect(r.status == 130)
    #expect(r.stdout.isEmpty)
  }

  /// A file under the run's scratch root; the test removes it.
  private func writeTemp(_ text: String) throws -> String {
    Scratch.file(text)
  }
}

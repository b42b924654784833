import Foundation
import TestScratch
import Testing

/// Files beside the data are capped: a script at 16 MiB, index labels at
/// 1 MiB. Endless ones (/dev/zero, a pipe that never closes) stop at the cap
/// with a clear error, not when the kernel kills the process.
@Suite(.timeLimit(.minutes(3)))
struct SideFileTests {
  /// A script is read a line at a time: 4 M blank lines under a 200 MB
  /// address-space limit run (their array of lines took 50 bytes each, and
  /// the allocation failed with a crash).
  @Test func aScriptOfManyLinesRunsWhereMemoryIsLimited() throws {
    let r = try Binary.run(
      [],
      shell: "ulimit -v 200000 && { yes '' | head -n 4000000; echo print; } | "
        + "exec \"$0\" --demo numbers --size 20x3 --script -")
    #expect(r.status == 0, "\(r.stderr.prefix(300))")
    #expect(r.stdout.hasSuffix(" 0–9  item 1/200\n"), "\(r.stdout)")
  }

  @Test func endlessScriptStopsAtTheCap() throws {
    let r = try Binary.run(["--demo", "numbers", "--script", "/dev/zero"])
    #expect(r.status == 2)
    #expect(r.stderr == "sectionnav: error: /dev/zero: --script file larger than 16 MiB\n")
    let piped = try Binary.run(["--demo", "numbers", "--script", "-"], redirections: "</dev/zero")
    #expect(piped.status == 2)
    #expect(piped.stderr == "sectionnav: error: <stdin>: --script file larger than 16 MiB\n")
  }

  /// Labels that are not a regular file — an endless device, a FIFO whose
  /// `open` would wait for a writer forever — are refused at once.
  @Test func indexLabelsThatAreNoRegularFileAreRefused() throws {
    let r = try Binary.run(["Fixtures/devices.json", "--index-labels", "/dev/zero", "--script", "-"], input: "state\n")
    #expect(r.status == 2)
    #expect(r.stderr == "sectionnav: error: /dev/zero: --index-labels file is a device, not a regular file\n")
    let dir = Scratch.directory("labels")
    defer { Scratch.remove(dir) }
    #expect(mkfifo(dir + "/labels", 0o600) == 0)
    let fifo = try Binary.run(
      ["Fixtures/devices.json", "--index-labels", dir + "/labels", "--script", "-"], input: "state\n")
    #expect(fifo.status == 2)
    #expect(fifo.stderr == "sectionnav: error: \(dir)/labels: --index-labels file is a FIFO, not a regular file\n")
    // `-` is a file of that name here, and named so (not standard input).
    let dash = try Binary.run(["Fixtures/devices.json", "--index-labels", "-", "--script", "-"], input: "state\n")
    #expect(dash.stderr == "sectionnav: error: -: No such file or directory\n")
  }

  /// A FIFO as the config file hung startup (`--check` included) in `open`.
  @Test func aFIFOConfigFileIsRefusedAtOnce() throws {
    let home = Scratch.directory("config")
    defer { Scratch.remove(home) }
    #expect(mkdir(home + "/sectionnav", 0o700) == 0)
    #expect(mkfifo(home + "/sectionnav/config", 0o600) == 0)
    let r = try Binary.run(["--demo", "numbers", "--check"], environment: ["XDG_CONFIG_HOME": home])
    #expect(r.status == 2)
    #expect(
      r.stderr.hasPrefix("sectionnav: error: \(home)/sectionnav/config: config file is a FIFO, not a regular file"))
  }

  /// The labels file goes through the project's own loader: as strict as the
  /// data, and every error has a line and a column.
  @Test(arguments: [
    (#"{"Mac": "M",}"#, "1:13: error: invalid JSON: expected a key after ',', found '}' (trailing comma)"),
    ("\u{FEFF}{\"Mac\": \"M\"}", "1:1: error: invalid JSON: byte order mark before the JSON text"),
    ("{\"Mac\":\n 7}", "2:2: error: not index labels: the label for 'Mac' is not a string"),
    (#"["Mac"]"#, "1:1: error: not index labels: expected an object of labels"),
  ])
  func indexLabelsErrorsArePlaced(text: String, message: String) throws {
    let labels = Scratch.file(text, suffix: ".json")
    defer { Scratch.remove(labels) }
    let r = try Binary.run(["Fixtures/devices.json", "--index-labels", labels, "--script", "-"], input: "state\n")
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("\(labels):\(message)"), "\(r.stderr)")
  }
}

import Foundation
import SectionNavCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The item-data rows: `--group-by` over an array of objects against
/// `jq 'group_by(.kind) | length'`, and the peak memory of a 600 MB file
/// read from a pipe.
extension Benchmark {
  /// The `sectionnav` executable built beside this benchmark.
  var sectionnavPath: String {
    URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("sectionnav").path
  }

  mutating func measureInputs(sectioned600: Input) {
    let path = directory + "/objects-60mb.json"
    let t = Measure.now()
    let (size, count, kinds) = ObjectGenerator.write(path: path, bytes: options.target, seed: 7)
    Self.log("generated objects-60mb.json: \(Self.mb(size)), \(count) objects in \(Self.fmt(Measure.now() - t, 2)) s")
    defer { try? FileManager.default.removeItem(atPath: path) }

    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<5 {
      let r = Measure.run([sectionnavPath, "--check", path, "--group-by", "kind"])
      precondition(r.status == 0 && r.output == "\(kinds) sections, \(count) items\n", "group-by: \(r.output)")
      walls.append(r.seconds)
      cpus.append(r.cpuSeconds)
    }
    let wall = Measure.median(walls)
    let cpu = Measure.median(cpus)
    let speed = Double(size) / wall / 1e6
    Self.log("group-by: \(Self.fmt(speed, 0)) MB/s")
    add(
      "`sectionnav --check --group-by kind`, 60 MB array of \(count / 1000) k objects, whole process ᵃ", runs: "5",
      "\(Self.fmt(speed, 0)) MB/s (\(Self.fmt(wall * 1000, 0)) ms; by CPU time: \(Self.fmt(Double(size) / cpu / 1e6, 0)) MB/s)",
      target: "≥ 300 MB/s", met: speed >= 300)

    let jq = "/usr/bin/jq"
    if FileManager.default.isExecutableFile(atPath: jq) {
      var jqWalls: [Double] = []
      var jqCPUs: [Double] = []
      // Once: jq takes seconds here (BenchOptions.peerLimit).
      for _ in 0..<1 {
        let r = Measure.run([jq, "group_by(.kind) | length", path])
        precondition(r.status == 0 && r.output == "\(kinds)\n", "jq group_by: \(r.output)")
        jqWalls.append(r.seconds)
        jqCPUs.append(r.cpuSeconds)
      }
      let jqWall = Measure.median(jqWalls)
      Self.log("jq group_by: \(Self.fmt(jqWall, 3)) s")
      add("`jq 'group_by(.kind) \\| length'`, same file", runs: "1", "\(Self.fmt(jqWall * 1000, 0)) ms")
      let ratio = jqWall / wall
      add(
        "Ratio: jq `group_by` time / `sectionnav --group-by` time", runs: "",
        "\(Self.fmt(ratio))× (by CPU time: \(Self.fmt(Measure.median(jqCPUs) / cpu))×)", target: "≥ 10×",
        met: ratio >= 10)
    } else {
      add("`jq 'group_by(.kind) \\| length'`", runs: "0", "skipped: /usr/bin/jq not installed")
    }

    // 600 MB through a pipe: the stream is kept once (no copy to grow it).
    for (mode, label) in [
      ("stream", "read as it arrives (`sectionnav -`)"), ("whole", "read whole, then indexed (before)"),
    ] {
      var peaks: [Double] = []
      var seconds: [Double] = []
      for _ in 0..<3 {
        let command = "cat '\(sectioned600.path)' | exec '\(exe)' stdin-load \(mode)"
        let r = Measure.run(["/bin/sh", "-c", command])
        let values = r.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        precondition(
          r.status == 0 && values.count >= 4 && Int(values[2]) == sectioned600.items, "stdin-load: \(r.output)")
        peaks.append(values[3])
        seconds.append(r.seconds)
      }
      let peak = Measure.median(peaks)
      let ratio = peak / Double(sectioned600.size)
      Self.log("stdin \(mode): peak \(Self.mb(Int(peak)))")
      add(
        "\(Self.mb(sectioned600.size)) on standard input, \(label): peak RSS ᵇ", runs: "3",
        "\(Self.mb(Int(peak))) = \(Self.fmt(ratio, 2))× the input, \(Self.fmt(Measure.median(seconds), 2)) s",
        target: mode == "stream" ? "≤ 1.5×" : "—", met: mode == "stream" ? ratio <= 1.5 : nil)
    }
    notes.append(
      "ᵃ Spawn to exit of the real `sectionnav` binary; jq runs the same grouping on the same file in the same run.")
    notes.append(
      "ᵇ `cat FILE | sectionnav-bench stdin-load MODE`: the child runs what `sectionnav --check -` runs "
        + "(`StreamLoad`, its follower indexing as the pipe arrives; \"whole\" is the former `DataSource.readStandardInput`) and reports its "
        + "own `VmHWM`.")
  }
}

extension ChildCommands {
  /// `stdin-load stream|whole`: index sectioned JSON from standard input;
  /// prints seconds, `ru_maxrss`, the item count and `VmHWM`.
  static func stdinLoad(_ mode: String) -> String {
    let start = Measure.now()
    let list: SectionedList
    if mode == "whole" {
      guard let b = try? DataSource.readStandardInput(), let l = try? JSONIndexer.load(b) else { return "error" }
      list = l
    } else {
      // As `sectionnav --check -` does: the list the follower indexed while
      // the pipe arrived, or (input it gave up on) an index of the whole.
      guard
        let outcome = try? StreamLoad.run(
          fd: 0, name: "-", options: LoadOptions(), validate: true, defaultTitle: "stdin")
      else { return "error" }
      if let items = outcome.items {
        list = items.list
      } else {
        guard let l = try? JSONIndexer.load(outcome.buffer) else { return "error" }
        list = l
      }
    }
    let seconds = Measure.now() - start
    return withExtendedLifetime(list) {
      "\(seconds) \(Measure.peakRSS()) \(list.itemCount) \(Measure.peakRSSOfImage())"
    }
  }
}

/// Writes a JSON array of objects like API output: an id, a name, a `kind`
/// out of 40 (the field to group by), a nested owner and a few tags.
enum ObjectGenerator {
  /// Returns the size written, the number of objects and of distinct kinds.
  static func write(path: String, bytes target: Int, seed: UInt64) -> (Int, Int, Int) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot write \(path)")
    defer { close(fd) }
    var rng = SeededGenerator(seed: seed)
    let words = DataGenerator.words
    var out: [UInt8] = []
    out.reserveCapacity(1 << 21)
    var size = 0
    var count = 0
    var kinds = Set<Int>()
    func flush() {
      out.withUnsafeBytes { p in
        var done = 0
        while done < p.count {
          let n = Glibc.write(fd, p.baseAddress! + done, p.count - done)
          if n <= 0 { break }
          done += n
        }
      }
      size += out.count
      out.removeAll(keepingCapacity: true)
    }
    out += Array("[\n".utf8)
    while size + out.count < target - 512 {
      if count > 0 { out += Array(",\n".utf8) }
      let kind = Int(rng.next() % 40)
      kinds.insert(kind)
      let name = words[Int(rng.next() % UInt64(words.count))] + " " + words[Int(rng.next() % UInt64(words.count))]
      let team = words[Int(rng.next() % 12)]
      let tags = (0..<Int(rng.next() % 4)).map { _ in "\"" + words[Int(rng.next() % UInt64(words.count))] + "\"" }
      let object =
        "  {\"id\": \(count), \"name\": \"\(name) \(rng.next() % 100_000)\", \"kind\": \"kind-\(kind)\", "
        + "\"owner\": {\"team\": \"\(team)\", \"since\": \(2000 + rng.next() % 25)}, "
        + "\"tags\": [\(tags.joined(separator: ", "))], \"active\": \(rng.next() & 1 == 0)}"
      out += Array(object.utf8)
      count += 1
      if out.count >= 1 << 20 { flush() }
    }
    out += Array("\n]\n".utf8)
    flush()
    return (size, count, kinds.count)
  }
}

import Foundation
import TestScratch
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// File names that are not UTF-8 (a Latin-1 `lat\xe9.json`): Swift's
/// arguments repair them to U+FFFD, and no file has the repaired name.
@Suite struct RawFileNameTests {
  /// Runs `shell` with the binary as `$0` and `directory` as `$1`.
  func run(_ shell: String, in directory: String) throws -> Binary.Result {
    try Binary.run([directory], shell: shell)
  }

  /// Writes `text` to the file named `directory` + `name`'s bytes.
  func write(_ text: String, named name: [UInt8], in directory: String) throws {
    let path = Array(directory.utf8) + [0x2F] + name + [0]
    let fd = path.withUnsafeBytes { open($0.bindMemory(to: CChar.self).baseAddress!, O_WRONLY | O_CREAT, 0o644) }
    try #require(fd >= 0)
    defer { close(fd) }
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
  }

  /// A config directory named in Latin-1 holds the config file that is
  /// read (repaired to U+FFFD, it named no directory: no config, no word).
  @Test func aConfigDirectoryNamedInLatin1IsRead() throws {
    let directory = Scratch.directory("latin1-config")
    defer { Scratch.remove(directory) }
    let r = try run(
      #"d="$1/c$(printf '\351')"; mkdir -p "$d/sectionnav" && echo --bogus > "$d/sectionnav/config" && "#
        + #"XDG_CONFIG_HOME="$d" exec "$0" --demo numbers --check"#, in: directory)
    #expect(r.status == 2, "\(r.stdout)")
    #expect(r.stderr.contains("/c\u{FFFD}/sectionnav/config:1: unknown option '--bogus'"), "\(r.stderr)")
  }

  @Test func aFileNamedInLatin1OpensAsDataAndAsAScript() throws {
    let directory = Scratch.directory("latin1")
    defer { Scratch.remove(directory) }
    try write(#"{"A": ["x", "y"]}"#, named: Array("lat".utf8) + [0xE9] + Array(".json".utf8), in: directory)
    try write("key G\nstate\n", named: Array("s".utf8) + [0xE9] + Array(".nav".utf8), in: directory)
    let data = try run(#"exec "$0" --check "$1/lat$(printf '\351').json""#, in: directory)
    #expect(data.status == 0 && data.stdout == "1 sections, 2 items\n", "\(data.stderr)")
    let script = try run(#"exec "$0" --script="$1/s$(printf '\351').nav" "$1/lat$(printf '\351').json""#, in: directory)
    #expect(script.status == 0 && script.stdout.contains(#""item":"y""#), "\(script.stderr)")
    // Two names that a repairing decoder makes alike (é and ê are both
    // one bad byte), and one spelled with a real U+FFFD: each is its own file.
    try write(#"{"A": ["x"], "B": ["y"]}"#, named: Array("lat".utf8) + [0xEA] + Array(".json".utf8), in: directory)
    try write(#"{"A": "Q", "B": "W"}"#, named: Array("lat\u{FFFD}.json".utf8), in: directory)
    let both = try run(
      #"exec "$0" --script "$1/s$(printf '\351').nav" --index-labels "$1/lat$(printf '\351').json" "$1/lat$(printf '\352').json""#,
      in: directory)
    #expect(both.status == 2 && both.stderr.contains("not index labels"), "\(both.stderr)")
    let labels = try run(
      #"exec "$0" --script "$1/s$(printf '\351').nav" --index-labels "$1/lat\#u{FFFD}.json" "$1/lat$(printf '\352').json""#,
      in: directory)
    #expect(labels.status == 0 && labels.stdout.contains(#""item":"y""#), "\(labels.stderr)")
    // A value that is not a file reads with U+FFFD for the byte, as before
    // (a query of it matches the item that holds one).
    try write(#"{"A": ["x\#u{FFFD}y", "z"]}"#, named: Array("r.json".utf8), in: directory)
    let query = try run(#"exec "$0" --filter-print "$(printf '\377')" "$1/r.json""#, in: directory)
    #expect(query.status == 0 && query.stdout == "x\u{FFFD}y\n", "\(query.stderr)")
    // One that is not there is named with U+FFFD in the byte's place.
    let missing = try run(#"exec "$0" --check "$1/gone$(printf '\351').json""#, in: directory)
    #expect(missing.status == 2 && missing.stderr.contains("gone\u{FFFD}.json: No such file"), "\(missing.stderr)")
  }
}

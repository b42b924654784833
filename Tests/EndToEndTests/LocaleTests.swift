import Foundation
import Testing

/// Where the locale comes from, and what a bad one does (the screens of
/// each locale are the fixtures `locale-*.nav`).
@Suite struct LocaleTests {
  func screen(_ arguments: [String], environment: [String: String]) throws -> Binary.Result {
    try Binary.run(arguments + ["--size", "36x28", "--script", "-"], input: "print\n", environment: environment)
  }

  var swedish: String {
    get throws { try String(contentsOf: Binary.root.appendingPathComponent("Fixtures/locale-sv.out"), encoding: .utf8) }
  }

  @Test func langChoosesTheLocaleAndLcAllOrLcCollateWin() throws {
    let file = ["Fixtures/locale/sv.json"]
    let lang = try screen(file, environment: ["LANG": "sv_SE.UTF-8", "LC_COLLATE": ""])
    #expect(lang.stdout == (try swedish) && lang.stderr.isEmpty)
    let collate = try screen(file, environment: ["LANG": "C.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"])
    #expect(collate.stdout == (try swedish))
    let c = try screen(file, environment: ["LANG": "sv_SE.UTF-8", "LC_COLLATE": "", "LC_ALL": "C"])
    #expect(c.stdout != (try swedish) && c.stdout.contains("Öberg"))
    // --locale wins over the environment.
    let option = try screen(file + ["--locale", "C"], environment: ["LC_COLLATE": "sv_SE.UTF-8"])
    #expect(option.stdout == c.stdout)
  }

  /// Without the ICU asked for, the C locale's order, and a note saying
  /// why: no ICU at all (`0`), the version asked for missing, a value that
  /// is no version (not taken as "none", and not repeated raw).
  @Test(arguments: [
    ("0", "ICU is turned off (SECTIONNAV_ICU_VERSION=0)"),
    (" 72", "SECTIONNAV_ICU_VERSION is not a version number (such as 72)"),
    ("9", "ICU 9 (libicuuc.so.9, SECTIONNAV_ICU_VERSION) is not installed"),
    ("72x\u{1b}[2J", "SECTIONNAV_ICU_VERSION is not a version number (such as 72)"),
  ])
  func withoutICUTheCLocaleAndANote(version: String, says: String) throws {
    let r = try screen(["Fixtures/locale/sv.json", "--locale", "sv"], environment: ["SECTIONNAV_ICU_VERSION": version])
    let c = try screen(["Fixtures/locale/sv.json", "--locale", "C"], environment: [:])
    #expect(r.status == 0 && r.stdout == c.stdout)
    #expect(r.stderr == "sectionnav: note: locale sv: \(says); sorting and the index follow the C locale\n")
  }

  /// A `--locale` ICU has no data for (a typo: `sve`) gets root order and
  /// a note; one it knows, or one from the environment (glibc has locales
  /// ICU lacks), none. A glibc script modifier picks the script:
  /// `sr_RS@latin` files `Č` and `DŽ` under letters of their own.
  @Test func anUnknownLocaleIsNotedAndScriptModifiersCount() throws {
    let input = "Zorn\nAna\nČapek\nDžep\n"
    func sections(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Binary.Result {
      try Binary.run(
        ["--lines", "--filter-print", "", "--no-sort", "--print", "{section}"] + arguments, input: input,
        environment: environment)
    }
    let typo = try sections(["--locale", "sve"])
    #expect(typo.status == 0 && typo.stdout == "A\nC\nD\nZ\n")
    #expect(
      typo.stderr
        == "sectionnav: note: locale sve: ICU has no collation for it; titles sort in ICU's root order\n")
    #expect(try sections(["--locale", "sv"]).stderr.isEmpty)
    #expect(try sections([], ["LANG": "sve_XX.UTF-8"]).stderr.isEmpty)
    let latin = try sections(["--locale", "sr_RS.UTF-8@latin"])
    #expect(latin.stdout == "A\nČ\nDŽ\nZ\n" && latin.stderr.isEmpty, "\(latin.stderr)")
  }

  @Test func aMalformedLocaleIsAUsageError() throws {
    let r = try Binary.run(["--locale", "sv SE", "--check", "Fixtures/locale/sv.json"])
    #expect(r.status == 2)
    // The usage error's line, then the usual pointer to --help.
    #expect(r.stderr.split(separator: "\n").first?.contains("--locale: 'sv SE' is not a locale name") == true)
  }
}

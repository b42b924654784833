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

  @Test func aMalformedLocaleIsAUsageError() throws {
    let r = try Binary.run(["--locale", "sv SE", "--check", "Fixtures/locale/sv.json"])
    #expect(r.status == 2)
    #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("--locale"))
  }
}

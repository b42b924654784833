import Testing

@testable import SectionNavCore

@Suite struct PrintFormatTests {
  private func render(_ format: String) throws -> String {
    try PrintFormat(format).render(
      section: "iPhone", item: "iPhone 12", index: 3, json: #""iPhone 12""#)
  }

  @Test func defaultPrintsTheItem() throws {
    #expect(try render("{item}") == "iPhone 12")
    #expect(PrintFormat.standard == (try PrintFormat("{item}")))
    #expect(PrintFormat.standard.render(section: "s", item: "i", index: 0, json: "\"i\"") == "i")
  }

  @Test func placeholdersAndText() throws {
    #expect(try render("{section}/{item} #{index}") == "iPhone/iPhone 12 #3")
    #expect(try render("{json}") == #""iPhone 12""#)
    #expect(try render("[{item}] [{item}]") == "[iPhone 12] [iPhone 12]")
    // fzf's and the templates' `{}` is the item here too.
    #expect(try render("{}: {index}") == "iPhone 12: 3")
    #expect(try render("plain") == "plain")
    #expect(try render("") == "")
  }

  @Test func escapes() throws {
    #expect(try render(#"{section}\t{item}\n"#) == "iPhone\tiPhone 12\n")
    #expect(try render(#"a\\b"#) == #"a\b"#)
    #expect(try render(#"\{item}"#) == "{item}")
    #expect(try render("a}b") == "a}b")
  }

  @Test func jsonAloneIsTheItemsJSONValue() throws {
    let f = try PrintFormat("json")
    #expect(f.usesJSON)
    #expect(f.render(section: "s", item: "{a:1}", index: 0, json: #"{"a":1}"#) == #"{"a":1}"#)
    #expect(try render("json!") == "json!")
    #expect(!(try PrintFormat("{item}")).usesJSON)
  }

  @Test func errorsNameTheBadPart() {
    func message(_ f: String) -> String? {
      do { _ = try PrintFormat(f); return nil } catch { return error.message }
    }
    #expect(
      message("{sektion}")
        == "unknown placeholder '{sektion}' in --print format (expected {section}, {item} (or {}), {index} or {json})")
    #expect(message("{item") == "unterminated placeholder '{item' in --print format")
    #expect(
      message(#"\q"#)
        == #"unknown escape '\q' in --print format (expected \t, \n, \\, \{ or \})"#)
    #expect(message(#"{item}\"#) == #"trailing '\' in --print format '{item}\'"#)
  }
}

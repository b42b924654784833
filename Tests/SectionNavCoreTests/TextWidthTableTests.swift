import Testing

@testable import SectionNavCore

/// The table every width is read from (`TextWidth.bmp`, built range by
/// range for speed) says what the rule (`TextWidth.decide`) says for every
/// scalar of the first two planes (the emoji's): a wrong entry would misalign
/// every row holding that character.
@Suite struct TextWidthTableTests {
  @Test func theTableIsTheRuleForEveryScalar() {
    var wrong: [String] = []
    for v in 0..<Int(TextWidth.tableEnd) where TextWidth.bmp[v] != TextWidth.decide(UInt32(v)) {
      wrong.append("U+\(String(v, radix: 16)): \(TextWidth.bmp[v]) vs \(TextWidth.decide(UInt32(v)))")
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(20))")
  }
}

import Testing

@testable import SectionNavCore

/// A JSON array that is not sections opens as a list (`PlainArray`), read by
/// the item loader at once when the indexer surely refuses it: only when
/// that read finds one top-level value, and its list is the one the old way
/// (the indexer's failed scan, then the loader, then `showing` the template)
/// made — widths included.
@Suite struct PlainArrayTests {
  @Test func refusesSectionsOnlyWhenTheFirstElementCannotBeASection() {
    let many = (1...25).map { "\"f\($0)\":\($0)," }.joined()
    let cases: [(String, Bool?)] = [
      (#"["b","a"]"#, true),
      ("[1, 2]", true),
      (#"[{"name":"x","n":1}]"#, true),
      (#"[{"title":"T","n":1}]"#, true),
      (#"[{"items":[],"n":1}]"#, true),
      (#"[{"title":"T","items":["i"]}]"#, nil),
      // Keys past the ones read, or escaped, may make it a section after all.
      ("[{" + many + #""title":"T","items":["i"]}]"#, false),
      (#"[{"ti\u0074le":"T","items":["i"]}]"#, false),
      ("[[1]]", nil),
      ("[]", nil),
    ]
    for (text, refuses) in cases {
      #expect(PlainArray.of(ByteBuffer(string: text))?.refusesSections == refuses, "\(text)")
    }
  }

  func plainArrayOptions(itemField: String? = nil, itemFormat: String? = nil) -> LoadOptions {
    var o = LoadOptions(keepOrder: false, itemField: itemField)
    o.itemFormat = try! itemFormat.map { try ItemTemplate($0) }
    o.path = JSONPath(steps: [], text: ".")
    return o
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func valuesCountTopLevelValuesAndTemplatesAreMeasuredOnce(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let choices = [
      plainArrayOptions(itemFormat: "{name} / {user.name}"), plainArrayOptions(itemField: "name"),
      plainArrayOptions(itemFormat: "{kind}{name}{name}"),
    ]
    var loaded = 0
    for round in 0..<90 {
      let text = ItemSplitTests.arrayOfObjects(&rng, items: Int(rng.next() % 50) + 2, damage: round % 3 == 0)
      let buffer = ByteBuffer(string: text)
      let options = choices[round % choices.count]
      let values = text.contains("\n[{\"kind\": \"later\"}]") ? 2 : 1
      for parallel in [false, true] {
        guard
          let result = try? ItemLoader.loadHalves(buffer, options: options, parallel: parallel, minimumSplitSize: 0)
            .result
        else { continue }
        loaded += 1
        #expect(result.values == values, "\(text)")
        if let template = options.itemFormat {
          #expect(result.list.maxItemWidth == result.list.showing(template).maxItemWidth, "\(text)")
        }
      }
    }
    #expect(loaded > 100)
  }
}

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

extension PlainArrayTests {
  /// A stream is read as a plain array once its first element has arrived
  /// whole (`StreamLoad`); a first object longer than the window (a
  /// section of many items) is decided there, as not one, so that each
  /// look at a growing stream stays short.
  @Test func aStreamSettlesItsShapeOnceTheFirstElementHasArrived() {
    func settled(_ text: String, window: Int = .max) -> (PlainArray?, Bool) {
      let r = PlainArray.settled(ByteBuffer(string: text), window: window)
      return (r.shape, r.settled)
    }
    #expect(settled("").1 == false)
    #expect(settled(" [ ").1 == false)
    #expect(settled(#"["a"#) == (.values, true))
    #expect(settled(#"{"a": 1"#) == (nil, true))
    #expect(settled(#"[{"name": "x", "#).1 == false)
    #expect(settled(#"[{"name": "x", "n": {"k": 1}}, "#) == (.objects(fields: ["name", "n"]), true))
    // A repeated key is one field (jq keeps its last value), named once in the note.
    #expect(settled(#"[{"a": "x", "k": 1, "a": "y"}]"#) == (.objects(fields: ["a", "k"]), true))
    let section = #"[{"title": "T", "items": ["# + String(repeating: "1, ", count: 100_000)
    #expect(settled(section).1 == false)
    #expect(settled(section, window: 1 << 16) == (nil, true))
    #expect(settled(#"[{"name": "x""#, window: 1 << 16).1 == false)
  }
}

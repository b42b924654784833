@testable import SectionNavCore

/// Fuzzes the JSON loader: the input bytes are loaded with the default options
/// and with `keepOrder` + `itemField`. An error must point at a 1-based line
/// and column inside the input; a loaded list must hand out every item's text
/// and JSON (for small lists), each item's JSON must load again as an item with
/// the same text, the widest row must be measured as drawn, and a frame over
/// the list must keep the `FrameCheck` invariants.
/// Each load is also done on two threads, split wherever a section boundary
/// seems to be (`ScanSplit`, as for large files), and with every item
/// walked token by token (`Scan.itemLoops` off): same list or same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for options in LoaderFuzz.optionSets {
    let list: SectionedList
    do {
      list = try JSONIndexer.load(bytes, options: options)
    } catch {
      LoaderFuzz.check(error, bytes: bytes)
      LoaderFuzz.splitAgrees(bytes, options: options, with: .failure(error))
      LoaderFuzz.loopsAgree(bytes, options: options, with: .failure(error))
      continue
    }
    LoaderFuzz.splitAgrees(bytes, options: options, with: .success(list))
    LoaderFuzz.loopsAgree(bytes, options: options, with: .success(list))
    LoaderFuzz.exercise(list, options: options)
  }
  return 0
}

enum LoaderFuzz {
  static let optionSets = [LoadOptions(), LoadOptions(keepOrder: true, itemField: "name")]
  /// Lists up to this many items have every item decoded; larger ones a sample.
  static let smallList = 2_000

  static func check(_ error: LoadError, bytes: [UInt8]) {
    // Line breaks: LF, CRLF or a lone CR, so at most one line per LF or CR.
    let lines = 1 + bytes.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
    require(error.line >= 1 && error.column >= 1, "error position \(error.line):\(error.column) is not 1-based")
    require(error.line <= lines, "error line \(error.line) beyond the input's \(lines) lines")
    require(error.column <= bytes.count + 1, "error column \(error.column) beyond the input")
    require(!error.message.isEmpty, "empty error message")
  }

  /// The two-thread load gives `expected` too.
  static func splitAgrees(_ bytes: [UInt8], options: LoadOptions, with expected: Result<SectionedList, LoadError>) {
    let split = Result { () throws(LoadError) in
      try JSONIndexer.loadHalves(
        ByteBuffer(bytes), options: options, progress: nil, parallel: true, minimumSplitSize: 0
      )
      .list
    }
    switch (expected, split) {
    case (.failure(let a), .failure(let b)):
      require(a == b, "two threads fail otherwise: \(a) vs \(b)")
    case (.success(let a), .success(let b)):
      require(a.maxItemWidth == b.maxItemWidth, "two threads measure otherwise")
      require(a.sections == b.sections, "two threads find other sections")
      for i in 0..<min(a.itemCount, smallList) {
        require(a.store.text(at: i) == b.store.text(at: i), "two threads find other items")
      }
    default:
      require(false, "one thread and two disagree: \(expected) vs \(split)")
    }
  }

  /// Items walked token by token by the general loop alone (`Scan.itemLoops`
  /// off) give `expected` too: the same list, or the same error.
  static func loopsAgree(_ bytes: [UInt8], options: LoadOptions, with expected: Result<SectionedList, LoadError>) {
    let general = Result { () throws(LoadError) in
      try JSONIndexer.loadHalves(ByteBuffer(bytes), options: options, progress: nil, parallel: false, itemLoops: false)
        .list
    }
    switch (expected, general) {
    case (.failure(let a), .failure(let b)):
      require(a == b, "the general loop fails otherwise: \(a) vs \(b)")
    case (.success(let a), .success(let b)):
      require(a.maxItemWidth == b.maxItemWidth, "the general loop measures otherwise")
      require(a.sections == b.sections, "the general loop finds other sections")
      for i in 0..<min(a.itemCount, smallList) {
        require(a.store.text(at: i) == b.store.text(at: i), "the general loop finds other items")
      }
    default:
      require(false, "whole items and the general loop disagree: \(expected) vs \(general)")
    }
  }

  static func exercise(_ list: SectionedList, options: LoadOptions) {
    var total = 0
    for s in 0..<list.sectionCount {
      _ = list.title(s)
      require(list.itemCount(s) >= 0, "negative item count")
      total += list.itemCount(s)
    }
    require(total == list.itemCount, "item counts do not add up")
    var roundTrips = 0
    for s in 0..<list.sectionCount {
      let count = list.itemCount(s)
      let items = total <= smallList ? Array(0..<count) : Array(Set([0, count / 2, count - 1]).filter { $0 >= 0 })
      for i in items.sorted() {
        let text = list.itemText(section: s, item: i)
        let json = list.itemJSON(section: s, item: i)
        require(!json.isEmpty, "empty item JSON")
        // An item's JSON is JSON: wrapped in a section it loads again, with the same text.
        if options == LoadOptions(), roundTrips < 64, json.utf8.count < 4_096 {
          roundTrips += 1
          do {
            let again = try JSONIndexer.load(Array("{\"s\":[\(json)]}".utf8))
            require(again.sectionCount == 1 && again.itemCount == 1, "item JSON reloads as another shape")
            let text2 = again.itemText(section: 0, item: 0)
            require(
              text2 == text, "item text changes through its JSON: \(text.debugDescription) vs \(text2.debugDescription)"
            )
          } catch {
            fatalError("item JSON \(json.debugDescription) does not load: \(error)")
          }
        }
      }
    }
    if total <= smallList {
      // The widest row, measured from the bytes as the scan goes, is the
      // widest of the rows' texts as the sanitizer draws them, grapheme by
      // grapheme (`TextSanitizer.width` would ask the bytes' rule first).
      var widest = 0
      for i in 0..<total {
        let drawn = TextSanitizer.displayGraphemes(list.store.text(at: i)).reduce(0) { $0 + $1.width }
        widest = max(widest, drawn)
      }
      require(list.maxItemWidth == widest, "the scan measures \(list.maxItemWidth) cells, the rows \(widest)")
    }
    for (w, h) in [(80, 24), (13, 5)] {
      var state = AppState(list: list, width: w, height: h)
      FrameCheck.verify(state)
      _ = state.handle(.key(KeyEvent(.end)))
      FrameCheck.verify(state)
    }
  }
}

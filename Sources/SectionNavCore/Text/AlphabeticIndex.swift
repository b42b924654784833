import CICU

/// The buckets of ICU's `AlphabeticIndex` for a locale, rebuilt over ICU's
/// C API (AlphabeticIndex itself is C++ only): this follows
/// `icu4c/source/i18n/alphaindex.cpp` step by step — labels from the
/// locale's index exemplars (or the `\uFDD0` pinyin/stroke contractions of a
/// Chinese collation), dropped when they sort before the first script or
/// into the overflow, or do not sort apart from their letters; an inflow
/// bucket where labels skip a script; invisible buckets sending names after
/// an expansion label (`Sch`, `Æ`) back to the single letter before it, and
/// pinyin buckets to the Latin letter they show. `LocaleCollationTests`
/// compares the result with ICU's own AlphabeticIndex.
struct AlphabeticIndex {
  enum Kind: Equatable { case underflow, normal, inflow, overflow }

  struct Bucket {
    /// The label shown (empty for invisible buckets).
    var label: String
    /// The smallest name that files here (at primary strength).
    var lowerBoundary: ICUText.Units
    var kind: Kind
    /// An invisible bucket's visible one (an index into the bucket list).
    var display: Int?
  }

  /// All buckets, visible and invisible, in order.
  var buckets: [Bucket] = []

  /// What the underflow bucket is called: everything that sorts before the
  /// first label (digits, symbols, earlier scripts) — `#` as in an address
  /// book, where ICU's default is `…`. Inflow and overflow keep `…`.
  static let underflowLabel = "#"
  static let otherLabel = "…"
  /// ICU's default cap on the number of labels.
  static let maxLabelCount = 99
  /// The prefix of Chinese index contractions (`\uFDD0A` for pinyin A, `\uFDD0\u2805` for five strokes).
  static let base: UInt16 = 0xFDD0

  let collator: OpaquePointer

  func compare(_ a: ICUText.Units, _ b: ICUText.Units) -> Int32 {
    Int32(cicu_compare_primary(collator, a, Int32(a.count), b, Int32(b.count)))
  }

  func multiplePrimaries(_ s: ICUText.Units) -> Bool {
    cicu_primary_weights(collator, s, Int32(s.count)) > 1
  }

  init(collator: OpaquePointer, locale: String) {
    self.collator = collator
    guard let contractions = cicu_contractions(collator) else { return }
    defer { cicu_set_close(contractions) }
    let all = ICUText.members(contractions)
    // Script boundaries: the root collator's `\uFDD1` contractions whose
    // sample character is a letter or unassigned (implicit weights).
    var scripts = all.filter { s in
      guard s.first == 0xFDD1, s.count > 1 else { return false }
      let sample = ICUText.scalars(Array(s.dropFirst())).first ?? 0
      let type = cicu_char_type(Int32(bitPattern: sample))
      return type == 0 || (1...5).contains(type)
    }
    scripts.sort { compare($0, $1) < 0 }
    while let first = scripts.first, compare(first, []) == 0 { scripts.removeFirst() }
    guard !scripts.isEmpty else { return }

    var initial: [ICUText.Units] = []
    let chinese = all.filter { $0.first == Self.base }
    if !chinese.isEmpty {
      initial = chinese
      if chinese.contains(where: { ($0.last ?? 0) >= 0x41 && ($0.last ?? 0) <= 0x5A }) {
        initial += (0x41...0x5A).map { [UInt16($0)] }
      }
    } else {
      initial = Self.indexExemplars(locale)
    }
    // A UnicodeSet: each string once, code points first.
    var seen = Set<ICUText.Units>()
    initial = initial.filter { seen.insert($0).inserted }
    initial.sort { a, b in
      let sa = ICUText.scalars(a).count == 1
      let sb = ICUText.scalars(b).count == 1
      if sa != sb { return sa }
      return sa ? ICUText.scalars(a)[0] < ICUText.scalars(b)[0] : a.lexicographicallyPrecedes(b)
    }
    buckets = makeBuckets(labels(initial, scripts: scripts), scripts: scripts)
  }

  /// The locale's index characters: its index exemplars, or its standard
  /// exemplars made into capitals (with A–Z where they hold Latin letters,
  /// Hangul cut to one syllable per consonant, Ethiopic to one per row).
  static func indexExemplars(_ locale: String) -> [ICUText.Units] {
    if let index = cicu_exemplars(locale, 2) {
      defer { cicu_set_close(index) }
      return ICUText.members(index)
    }
    guard let set = cicu_exemplars(locale, 0) else { return [] }
    defer { cicu_set_close(set) }
    if cicu_set_contains_some(set, 0x61, 0x7A) != 0 || cicu_set_is_empty(set) != 0 {
      cicu_set_add_range(set, 0x61, 0x7A)
    }
    if cicu_set_contains_some(set, 0xAC00, 0xD7A3) != 0 {
      cicu_set_remove_range(set, 0xAC00, 0xD7A3)
      for c: Int32 in [
        0xAC00, 0xB098, 0xB2E4, 0xB77C, 0xB9C8, 0xBC14, 0xC0AC, 0xC544, 0xC790, 0xCC28, 0xCE74, 0xD0C0, 0xD30C, 0xD558,
      ] {
        cicu_set_add_range(set, c, c)
      }
    }
    if cicu_set_contains_some(set, 0x1200, 0x137F) != 0 {
      let rows = Set("ሀለሐመሠረሰሸቀቈቐቘበቨተቸኀኈነኘአከኰኸዀወዐዘዠየደዸጀገጐጘጠጨጰጸፀፈፐፘ".unicodeScalars.map { Int32($0.value) })
      for c in Int32(0x1200)...0x137F where !rows.contains(c) { cicu_set_remove_range(set, c, c) }
    }
    return ICUText.members(set).map { ICUText.upper($0, locale: locale) }
  }

  /// `initLabels`: the index characters in collation order.
  func labels(_ initial: [ICUText.Units], scripts: [ICUText.Units]) -> [ICUText.Units] {
    let firstScript = scripts[0]
    let overflow = scripts[scripts.count - 1]
    var labels: [ICUText.Units] = []
    for var item in initial {
      let count = ICUText.scalars(item).count
      var checkDistinct = false
      if count <= 1 {
        checkDistinct = false
      } else if item.last == 0x2A, item[item.count - 2] != 0x2A {
        // One trailing star: keep the label even if it does not sort apart.
        item.removeLast()
      } else {
        checkDistinct = true
      }
      if compare(item, firstScript) < 0 { continue }
      if compare(item, overflow) >= 0 { continue }
      if checkDistinct && compare(item, Self.separated(item)) == 0 { continue }
      switch search(labels, item) {
      case .found(let i):
        if Self.isBetter(item, than: labels[i]) { labels[i] = item }
      case .insert(let i):
        labels.insert(item, at: i)
      }
    }
    let size = labels.count - 1
    if size > Self.maxLabelCount {
      var count = 0
      var old = -1
      var i = 0
      while i < labels.count {
        count += 1
        let bump = count * Self.maxLabelCount / size
        if bump == old {
          labels.remove(at: i)
        } else {
          old = bump
          i += 1
        }
      }
    }
    return labels
  }

  enum Place { case found(Int), insert(Int) }

  /// Java's `Collections.binarySearch`, as ICU's `binarySearch`.
  func search(_ list: [ICUText.Units], _ s: ICUText.Units) -> Place {
    if list.isEmpty { return .insert(0) }
    var start = 0
    var limit = list.count
    while true {
      let i = (start + limit) / 2
      let c = compare(s, list[i])
      if c == 0 { return .found(i) }
      if c < 0 {
        if i == start { return .insert(start) }
        limit = i
      } else {
        if i == start { return .insert(start + 1) }
        start = i
      }
    }
  }

  /// The code points of `item` with U+034F (combining grapheme joiner) between them.
  static func separated(_ item: ICUText.Units) -> ICUText.Units {
    var result: ICUText.Units = []
    for (i, c) in ICUText.scalars(item).enumerated() {
      if i > 0 { result.append(0x034F) }
      result += ICUText.units(c)
    }
    return result
  }

  /// Of two primary-equal labels: shorter NFKD, then smaller NFKD, then smaller code points.
  static func isBetter(_ one: ICUText.Units, than other: ICUText.Units) -> Bool {
    let n1 = ICUText.nfkd(one)
    let n2 = ICUText.nfkd(other)
    let c1 = ICUText.scalars(n1).count
    let c2 = ICUText.scalars(n2).count
    if c1 != c2 { return c1 < c2 }
    let s1 = ICUText.scalars(n1)
    let s2 = ICUText.scalars(n2)
    if s1 != s2 { return s1.lexicographicallyPrecedes(s2) }
    return ICUText.scalars(one).lexicographicallyPrecedes(ICUText.scalars(other))
  }

  /// A Chinese label without its `\uFDD0`: the pinyin letter, or `N劃` for N strokes.
  static func display(_ label: ICUText.Units) -> String {
    guard label.first == base, label.count > 1 else { return ICUText.string(label) }
    let rest = label[1]
    if rest > 0x2800 && rest <= 0x28FF { return "\(rest - 0x2800)劃" }
    return ICUText.string(Array(label.dropFirst()))
  }

  /// `createBucketList`.
  func makeBuckets(_ labels: [ICUText.Units], scripts: [ICUText.Units]) -> [Bucket] {
    var list = [Bucket(label: Self.underflowLabel, lowerBoundary: [], kind: .underflow)]
    var ascii = [Int?](repeating: nil, count: 26)
    var pinyin = [Int?](repeating: nil, count: 26)
    var hasPinyin = false
    var hasInvisible = false
    var scriptIndex = -1
    var upper: ICUText.Units = []
    for current in labels {
      if compare(current, upper) >= 0 {
        // Crossed into a new script.
        let inflowBoundary = upper
        var skipped = false
        while true {
          scriptIndex += 1
          upper = scripts[scriptIndex]
          if compare(current, upper) < 0 { break }
          skipped = true
        }
        if skipped && list.count > 1 {
          list.append(Bucket(label: Self.otherLabel, lowerBoundary: inflowBoundary, kind: .inflow))
        }
      }
      list.append(Bucket(label: Self.display(current), lowerBoundary: current, kind: .normal))
      if current.count == 1, current[0] >= 0x41, current[0] <= 0x5A {
        ascii[Int(current[0] - 0x41)] = list.count - 1
      } else if current.count == 2, current[0] == Self.base, current[1] >= 0x41, current[1] <= 0x5A {
        pinyin[Int(current[1] - 0x41)] = list.count - 1
        hasPinyin = true
      }
      if current.first != Self.base, multiplePrimaries(current), current.last != 0xFFFF {
        // An expansion ("Sch", "Æ"): names after it go back to the single letter before it.
        var j = list.count - 2
        while j >= 0, list[j].kind == .normal {
          if list[j].display == nil, !multiplePrimaries(list[j].lowerBoundary) {
            list.append(Bucket(label: "", lowerBoundary: current + [0xFFFF], kind: .normal, display: j))
            hasInvisible = true
            break
          }
          j -= 1
        }
      }
    }
    if list.count == 1 { return list }
    list.append(Bucket(label: Self.otherLabel, lowerBoundary: upper, kind: .overflow))
    if hasPinyin {
      var latin: Int? = nil
      for i in 0..<26 {
        if let a = ascii[i] { latin = a }
        if let p = pinyin[i], let latin {
          list[p].display = latin
          hasInvisible = true
        }
      }
    }
    if !hasInvisible { return list }
    // Inflow buckets next to another non-letter bucket merge into it.
    var i = list.count - 1
    var next = i
    i -= 1
    while i > 0 {
      defer { i -= 1 }
      if list[i].display != nil { continue }
      if list[i].kind == .inflow, list[next].kind != .normal {
        list[i].display = next
        continue
      }
      next = i
    }
    return list
  }
}

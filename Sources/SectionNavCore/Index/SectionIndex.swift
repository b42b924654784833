/// The entries of the section-index column and the section each one lands on
/// — the terminal's iOS index strip. Built once per data set and mode.
public struct SectionIndex: Sendable, Equatable {
  public enum Mode: String, CaseIterable, Sendable { case initials, titles, alphabet }

  public struct Entry: Sendable, Equatable {
    /// What the column shows.
    public var label: String
    /// The section a click on this entry lands on.
    public var section: Int
    /// Folded text that `'` + character matches against.
    public var key: String
    /// The label as drawn (sanitised graphemes with widths), worked out once
    /// so that drawing the column each frame only copies cells.
    public var glyphs: [TextSanitizer.Grapheme]

    public init(label: String, section: Int, key: String) {
      self.label = label
      self.section = section
      self.key = key
      glyphs = Self.cut(TextSanitizer.displayGraphemes(label))
    }

    /// A label wider than `maximumLabelWidth` cells is cut to fit, its last
    /// cell `…`: one long label (from `--index-labels`) must not widen the
    /// column until the layout has to drop it altogether.
    static func cut(_ glyphs: [TextSanitizer.Grapheme]) -> [TextSanitizer.Grapheme] {
      guard glyphs.reduce(0, { $0 + $1.width }) > SectionIndex.maximumLabelWidth else { return glyphs }
      var kept: [TextSanitizer.Grapheme] = []
      var width = 0
      for g in glyphs {
        if width + g.width > SectionIndex.maximumLabelWidth - 1 { break }
        kept.append(g)
        width += g.width
      }
      return kept + [TextSanitizer.Grapheme(text: "…", width: 1)]
    }

    /// Cells the label takes.
    public var width: Int { glyphs.reduce(0) { $0 + $1.width } }
  }

  /// Widest label drawn, in cells (longer ones are cut, ending in `…`).
  public static let maximumLabelWidth = 8

  /// The `•` drawn for entries hidden by a collapsed column.
  public static let placeholder = TextSanitizer.displayGraphemes("•")

  public var entries: [Entry]
  /// How many sections the entries land on.
  private var sectionCount: Int
  /// For each section, the entry highlighted while it is current, where
  /// that is not found from the entries (`entry(forSection:)`): the
  /// letter or bucket a section files under (`alphabet`), or entries that
  /// do not land in order. Most indexes need none: a million sections'
  /// array was most of the time the index took to make, between the
  /// load's end and the full index shown.
  private var entryOfSection: [Int]?
  /// With a locale's collation (`initials`, `alphabet`): each entry's
  /// bucket, which `'x` matches by.
  private var collation: LocaleCollation?
  private var entryBuckets: [Int] = []

  public init(entries: [Entry], sectionCount: Int) {
    self.init(entries: entries, sectionCount: sectionCount, filedUnder: nil)
  }

  /// `filedUnder`: each section's entry, the letter or bucket it files
  /// under (`alphabet`), given rather than worked out from the entries.
  private init(entries: [Entry], sectionCount: Int, filedUnder: [Int]?) {
    self.entries = entries
    self.sectionCount = sectionCount
    entryOfSection = filedUnder
    guard filedUnder == nil else { return }
    // Entries made from titles land in order (a section's entry is then
    // found by a search); others get each section's entry worked out here.
    // (Each entry's section read in place: a pair of entries copied per
    // step would retain and release their texts, a million in `titles`.)
    guard entries.indices.dropFirst().contains(where: { entries[$0 - 1].section > entries[$0].section }) else {
      return
    }
    // The entry of a section is the last entry that lands on it or before it,
    // preferring the first entry that lands exactly on it.
    let lands = entries.map(\.section)
    var map = [Int](repeating: 0, count: sectionCount)
    var e = 0
    for s in 0..<sectionCount {
      while e + 1 < lands.count, lands[e] < s, lands[e + 1] <= s { e += 1 }
      map[s] = e
    }
    entryOfSection = map
  }

  /// The entries of a locale's alphabetic index: `initials` shows the
  /// buckets that have sections, `alphabet` every label (a label without
  /// a section lands on the nearest section before it, as iOS does).
  init(titles: some Collection<String>, mode: Mode, collation: LocaleCollation) {
    self.init(buckets: titles.map { collation.bucket(label: $0) }, mode: mode, collation: collation)
  }

  /// The same from each section's bucket (`LocaleCollation.bucket(of:)`).
  private init(buckets: [Int], mode: Mode, collation: LocaleCollation) {
    var entries: [Entry] = []
    var entryBuckets: [Int] = []
    if mode == .alphabet {
      var firstSection = [Int?](repeating: nil, count: collation.labels.count)
      for (s, b) in buckets.enumerated() where firstSection[b] == nil { firstSection[b] = s }
      var previous: Int? = nil
      for (b, label) in collation.labels.enumerated() where !buckets.isEmpty {
        let target = firstSection[b] ?? previous ?? 0
        if firstSection[b] != nil { previous = target }
        entries.append(Entry(label: label, section: target, key: label))
        entryBuckets.append(b)
      }
      // Highlight the label a section files under (its entry is its bucket).
      self.init(entries: entries, sectionCount: buckets.count, filedUnder: buckets)
    } else {
      var seen = Set<Int>()
      for (s, b) in buckets.enumerated() where seen.insert(b).inserted {
        entries.append(Entry(label: collation.labels[b], section: s, key: collation.labels[b]))
        entryBuckets.append(b)
      }
      self.init(entries: entries, sectionCount: buckets.count)
    }
    self.collation = collation
    self.entryBuckets = entryBuckets
  }

  /// Builds the entries for `titles` (in display order).
  public init(
    titles: some Collection<String>, mode: Mode, labels: IndexLabels = [:], collation: LocaleCollation? = nil
  ) {
    if let collation, mode != .titles {
      self.init(titles: titles, mode: mode, collation: collation)
      return
    }
    var entries: [Entry] = []
    switch mode {
    case .titles:
      for (s, title) in titles.enumerated() {
        let label = labels[title] ?? Self.shortLabel(title)
        entries.append(Entry(label: label, section: s, key: Folding.fold(title)))
      }
    case .initials:
      let all = Array(titles)
      entries = Self.initialEntries(all.count, letter: { Initials.asciiLetter(all[$0]) }, title: { all[$0] })
    case .alphabet:
      // Each title's letter: 0…25 for A…Z, 26 for `#`.
      let slots = titles.map { title in
        Initials.asciiLetter(title) ?? Initials.latinLetters.firstIndex(of: Initials.of(title)) ?? 26
      }
      var firstSection = [Int?](repeating: nil, count: 27)
      for (s, slot) in slots.enumerated() where firstSection[slot] == nil { firstSection[slot] = s }
      var previous: Int? = nil
      for (slot, letter) in (Initials.latinLetters + [Initials.other]).enumerated() {
        // iOS rule: a letter without a section lands on the nearest section before it, else the first.
        let target = firstSection[slot] ?? previous ?? 0
        if firstSection[slot] != nil { previous = target }
        entries.append(Entry(label: letter, section: titles.isEmpty ? 0 : target, key: letter.lowercased()))
      }
      if titles.isEmpty { entries = [] }
      // Highlight the letter a section files under, not the letter before it.
      self.init(entries: entries, sectionCount: titles.count, filedUnder: slots)
      return
    }
    self.init(entries: entries, sectionCount: titles.count)
  }

  /// The entries of a list's sections (in display order), as
  /// `init(titles:mode:labels:collation:)` makes them; `initials` in the C
  /// locale (the default) reads each title where it lies: a copy of each
  /// (a million) costs more than finding its letter.
  init(sections: [SectionedList.Section], mode: Mode, labels: IndexLabels, collation: LocaleCollation?) {
    if let collation, mode != .titles {
      self.init(buckets: sections.map(collation.bucket(of:)), mode: mode, collation: collation)
      return
    }
    guard mode == .initials, collation == nil else {
      self.init(titles: sections.lazy.map(\.title), mode: mode, labels: labels, collation: collation)
      return
    }
    let entries = sections.withUnsafeBufferPointer { all in
      Self.initialEntries(all.count, letter: { Initials.asciiLetter(all[$0].title) }, title: { all[$0].title })
    }
    self.init(entries: entries, sectionCount: sections.count)
  }

  /// The `initials` entries of `count` titles: the first title of each
  /// initial. `letter(s)`: title `s`'s ASCII letter (`Initials.asciiLetter`);
  /// `title(s)` is read only when it has none.
  private static func initialEntries(_ count: Int, letter: (Int) -> Int?, title: (Int) -> String) -> [Entry] {
    var entries: [Entry] = []
    var seen = Set<String>()
    var seenLatin = [Bool](repeating: false, count: 26)
    for s in 0..<count {
      let initial: String
      if let letter = letter(s) {
        // Most titles: one flag, no string made or hashed.
        if seenLatin[letter] { continue }
        seenLatin[letter] = true
        initial = Initials.latinLetters[letter]
      } else {
        initial = Initials.of(title(s))
      }
      if seen.insert(initial).inserted {
        entries.append(Entry(label: initial, section: s, key: Folding.fold(initial)))
      }
    }
    return entries
  }

  /// Up to three graphemes of a title (`#` for a blank title).
  public static func shortLabel(_ title: String) -> String {
    let trimmed = title.drop(while: \.isWhitespace)
    guard !trimmed.isEmpty else { return "#" }
    return String(trimmed.prefix(3))
  }

  /// The entry highlighted while `section` is current.
  public func entry(forSection section: Int) -> Int? {
    guard !entries.isEmpty, section >= 0, section < sectionCount else { return nil }
    if let entryOfSection { return entryOfSection[section] }
    // The first entry landing on `section`, else the last one before it
    // (the first entry for sections before them all).
    var (low, high) = (0, entries.count)
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].section < section { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].section == section ? low : max(0, low - 1)
  }

  /// Display width of the widest label.
  public var labelWidth: Int {
    entries.reduce(0) { max($0, $1.width) }
  }

  /// The first entry whose key starts with the folded `text`.
  public func entry(startingWith text: String) -> Int? {
    if let collation {
      // The entry of the bucket `text` files under (`'カ` finds `か`, `'ö` finds `Ö` in Swedish).
      guard !text.isEmpty else { return nil }
      let b = collation.bucket(text)
      return entryBuckets.firstIndex(of: b)
    }
    let folded = Folding.fold(text)
    guard !folded.isEmpty else { return nil }
    return entries.firstIndex { $0.key.hasPrefix(folded) }
  }
}

/// Landing on sections through the index: clicks, drags, `'`, type-ahead.
extension AppState {
  /// Jumps to the section of index entry `e` with the configured anchor.
  mutating func jumpToEntry(_ e: Int) {
    guard e >= 0, e < index.entries.count else { return }
    jump(toSection: index.entries[e].section, alignment: settings.indexAnchor)
  }

  /// Pointer on list-area line `line` during an index press or drag: the view
  /// changes only when the entry under the pointer changes.
  mutating func indexPointer(line: Int) {
    guard let e = indexLayout.entry(atRow: line) else { return }
    if e != pointer.lastEntry {
      pointer.lastEntry = e
      jumpToEntry(e)
    }
  }

  /// The current section: the cursor's while the cursor is on screen, else
  /// the section of the top row (after the wheel moved the view away).
  public var currentSection: Int? {
    if let r = cursorRow, let c = cursor {
      let y = displayedOffset.y
      if r >= y && r < y + max(layout.listHeight, 1) { return c.section }
    }
    return topSection
  }

  /// The highlighted index entry: the one of the current section.
  public var currentEntry: Int? {
    currentSection.flatMap(index.entry(forSection:))
  }

  /// Keys while the index has focus; nil lets the list handle the key.
  mutating func indexFocusKey(_ event: KeyEvent) -> [Effect]? {
    switch event.key {
    case .tab, .escape, .enter:
      mode = restingMode
      return []
    case .up, .down:
      let current = currentEntry ?? 0
      let next = current + (event.key == .down ? 1 : -1)
      if next >= 0 && next < index.entries.count {
        // Step to the next entry that lands on another section.
        var e = next
        let step = event.key == .down ? 1 : -1
        while e >= 0 && e < index.entries.count && index.entries[e].section == currentSection {
          e += step
        }
        if e >= 0 && e < index.entries.count { jumpToEntry(e) }
      }
      return []
    case .backspace, .ctrl("h"):
      mode = .indexFocus(TypeAhead())
      return []
    case .char(let c):
      typeAhead(String(c))
      return []
    default:
      return nil
    }
  }

  /// Type-ahead: the section the typed text leads to (`section(typed:)`).
  mutating func typeAhead(_ text: String) {
    var typed = TypeAhead()
    if case .indexFocus(let t) = mode, clock - t.at < 1000 { typed = t }
    typed.text += text
    typed.at = clock
    if case .indexFocus = mode { mode = .indexFocus(typed) }
    if let s = section(typed: typed.text) {
      jump(toSection: s, alignment: settings.indexAnchor)
      message = nil
    } else {
      message = "no section starts with '\(typed.text)'"
    }
  }

  /// The section typed text leads to, for type-ahead and `'x` alike: the
  /// first whose title starts with it — read from where the title is filed
  /// (past leading blanks and emoji), folded, at primary strength in a
  /// locale — else, for one letter, the first section of the index entry
  /// it files under. (`'x` went to the entry only, type-ahead to a title
  /// only: `'z` and Tab `z` landed on different sections.)
  mutating func section(typed text: String) -> Int? {
    if let collation = settings.collation {
      if view.titleKeys == nil {
        view.titleKeys = list.sections.map { collation.primaryKey(Initials.filed($0.title)) }
      }
      return Self.section(startingWith: text, view.titleKeys!, list, collation)
    }
    if view.foldedTitles == nil { view.foldedTitles = foldedTitles }
    return Self.section(typed: text, foldedTitles: view.foldedTitles!, index: index)
  }

  /// The titles as the C locale's type-ahead reads them: from where each
  /// is filed, folded.
  var foldedTitles: [String] { list.sections.map { Folding.fold(Initials.filed($0.title)) } }

  /// `section(typed:)` without a locale: the first title (`foldedTitles`)
  /// starting with `text` folded, else, for one letter, its index entry's.
  static func section(typed text: String, foldedTitles: [String], index: SectionIndex) -> Int? {
    let key = Folding.fold(text)
    if !key.isEmpty, let s = foldedTitles.firstIndex(where: { $0.hasPrefix(key) }) { return s }
    guard text.count == 1, let e = index.entry(startingWith: text) else { return nil }
    return index.entries[e].section
  }

  /// In a locale: the first section whose title starts with `text` at
  /// primary strength (`か` finds `カレー`, `o` finds `Öl` in German but not
  /// in Swedish), else, for one letter, the first section filed under its
  /// index bucket (`か` finds `きのこ`, `w` finds `王` in Chinese).
  static func section(
    startingWith text: String, _ keys: [[UInt8]], _ list: SectionedList, _ collation: LocaleCollation
  ) -> Int? {
    let key = collation.primaryKey(text)
    guard !key.isEmpty else { return nil }
    if let s = keys.firstIndex(where: { $0.starts(with: key) }) { return s }
    // Letters the collation reorders (Thai and Lao vowels written before
    // their consonant sort after it: `โต๊ะ` sorts as `ต` `โ`): a title that
    // starts with them as written.
    if let s = list.sections.firstIndex(where: { Initials.filed($0.title).hasPrefix(text) }) { return s }
    guard text.count == 1 else { return nil }
    let bucket = collation.bucket(text)
    return list.sections.firstIndex { collation.bucket(of: $0) == bucket }
  }
}

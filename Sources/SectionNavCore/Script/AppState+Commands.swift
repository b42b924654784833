/// Carries out script and prompt commands (`handle(.command(_))`) through
/// the same paths as keys and the mouse.
extension AppState {
  mutating func run(_ command: Command) throws(CommandError) -> [Effect] {
    switch command {
    case .key(let keys):
      // Keys after one that ends the run are not pressed.
      var effects: [Effect] = []
      for k in keys {
        let new = handleKey(k)
        Effect.append(new, to: &effects)
        if new.contains(where: \.endsRun) { break }
      }
      return effects
    case .type(let text):
      var effects: [Effect] = []
      filtering.batchingTyped = true
      for c in text {
        let new = handleKey(KeyEvent(.char(c)))
        Effect.append(new, to: &effects)
        if new.contains(where: \.endsRun) { break }
      }
      filtering.batchingTyped = false
      Effect.append(filterTyped(), to: &effects)
      return effects
    case .click(let c, let r):
      // A second click on an item is a double click (Enter on its release).
      return handleMouse(MouseEvent(.press, column: c, row: r)) + handleMouse(MouseEvent(.release, column: c, row: r))
    case .press(let c, let r):
      return handleMouse(MouseEvent(.press, column: c, row: r))
    case .move(let c, let r):
      _ = handleMouse(MouseEvent(.motion, column: c, row: r))
    case .release(let c, let r):
      return handleMouse(MouseEvent(.release, column: c, row: r))
    case .drag(let c1, let r1, let c2, let r2):
      _ = handleMouse(MouseEvent(.press, column: c1, row: r1))
      // Move through every cell between the two points.
      let steps = max(abs(c2 - c1), abs(r2 - r1))
      if steps > 0 {
        for i in 1...steps {
          let c = c1 + Int((Double((c2 - c1) * i) / Double(steps)).rounded())
          let r = r1 + Int((Double((r2 - r1) * i) / Double(steps)).rounded())
          _ = handleMouse(MouseEvent(.motion, column: c, row: r))
        }
      }
      _ = handleMouse(MouseEvent(.release, column: c2, row: r2))
    case .wheel(let direction, let count, let column, let row):
      let kind: MouseEvent.Kind
      switch direction {
      case .up: kind = .wheelUp
      case .down: kind = .wheelDown
      case .left: kind = .wheelLeft
      case .right: kind = .wheelRight
      }
      let c = column ?? 1
      let r = row ?? (layout.listTop + 1)
      for _ in 0..<count { _ = handleMouse(MouseEvent(kind, column: c, row: r)) }
    case .resize(let w, let h):
      resize(width: w, height: h)
    case .goto(let title, let item, let alignment):
      let s = try section(named: title)
      if let item {
        jump(toSection: s, item: try self.item(item, in: s), alignment: alignment)
      } else {
        jump(toSection: s, alignment: alignment)
      }
    case .scroll(let edge):
      scroll(to: edge)
    case .scrollTo(let x, let y):
      scroll(toUnitX: x, y: y)
    case .search(let text):
      return startSearch(text)
    case .next:
      return stepMatch(1)
    case .previous:
      return stepMatch(-1)
    case .tick(let ms):
      return handle(.tick(milliseconds: ms))
    case .filter(let text):
      // As if typed: fzf's `change` event too.
      return replaceQuery(text, closing: true)
    case .mark:
      guard settings.multi else { throw CommandError("mark needs --multi") }
      toggleMark()
    case .print(let ansi):
      let frame = render()
      let lines = ansi ? frame.ansiLines() : frame.plainLines()
      return [.output(lines.joined(separator: "\n") + "\n")]
    case .state:
      return [.output(stateJSON() + "\n")]
    case .help:
      mode = .help(page: 0)
    case .quit:
      return endRun(.quit)
    case .simulate(let event):
      return handle(event.event(for: self))
    case .hold, .settle:
      // The script runner's own: it holds or finishes background work.
      break
    }
    return []
  }

  /// A section by exact title, else by case- and accent-insensitive title
  /// (at primary strength in a locale), else, for one letter, the section
  /// type-ahead and `'x` go to.
  func section(named title: String) throws(CommandError) -> Int {
    if let s = list.sections.firstIndex(where: { $0.title == title }) { return s }
    if let collation = settings.collation {
      // In a locale: equal at primary strength, else (one letter) its index bucket.
      let key = collation.primaryKey(title)
      let keys = list.sections.map { collation.primaryKey($0.title) }
      if !key.isEmpty,
        let s = keys.firstIndex(of: key)
          ?? (title.count == 1 ? Self.section(startingWith: title, keys, list, collation) : nil)
      {
        return s
      }
      throw noSection(title)
    }
    let folded = Folding.fold(title)
    if let s = list.sections.firstIndex(where: { Folding.fold($0.title) == folded }) { return s }
    // One letter: where type-ahead and `'x` go (`goto m` finds "M section").
    if title.count == 1,
      let s = Self.section(typed: title, foldedTitles: view.foldedTitles ?? foldedTitles, index: index)
    {
      return s
    }
    throw noSection(title)
  }

  /// Why `title` names no section shown: under a filter, one it hides says so.
  private func noSection(_ title: String) -> CommandError {
    let folded = Folding.fold(title)
    let hidden = filtering.base?.sections.contains { Folding.fold($0.title) == folded } ?? false
    return CommandError("no section named '\(title)'" + (hidden ? " among the filter's matches" : ""))
  }

  /// An item by 0-based index (when in range) or exact text.
  func item(_ reference: Command.ItemReference, in s: Int) throws(CommandError) -> Int {
    let count = list.itemCount(s)
    var text: String
    switch reference {
    case .index(let i):
      if i >= 0 && i < count { return i }
      text = String(i)
    case .text(let t):
      text = t
    }
    for i in 0..<count where list.itemText(section: s, item: i) == text { return i }
    throw CommandError("no item '\(text)' in section '\(list.title(s))'")
  }
}

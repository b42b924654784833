/// The one update path: every source of input ends up here.
extension AppState {
  public mutating func handle(_ event: Event) -> Effect {
    switch event {
    case .key(let key):
      return handleKey(key)
    case .mouse(let mouse):
      handleMouse(mouse)
      return .none
    case .paste(let text):
      if prompt != nil {
        prompt!.text += TextSanitizer.visible(text.filter { !$0.isNewline })
      } else if focus == .index {
        typeAhead(text)
      }
      return .none
    case .resize(let w, let h):
      resize(width: w, height: h)
      return .none
    case .tick(let ms):
      advanceClock(by: ms)
      if !typeahead.isEmpty && clock - typeaheadAt >= 1000 { typeahead = "" }
      return .none
    case .data(let update):
      if isFiltered { replaceFilteredData(update) } else { replaceData(update) }
      return .none
    case .filtered(let result):
      showFilterResult(result)
      return .none
    case .command(let command):
      do {
        return try apply(command)
      } catch {
        message = "error: \(error.message)"
        return .none
      }
    }
  }

  mutating func handleKey(_ event: KeyEvent) -> Effect {
    if showHelp {
      // Space and PgDn turn to the next page while there is one; any other key closes.
      let turn = event == KeyEvent(.char(" ")) || event == KeyEvent(.pageDown)
      if turn && helpPage + 1 < helpPageCount {
        helpPage += 1
        return .none
      }
      showHelp = false
      helpPage = 0
      return event.key == .ctrl("c") ? .interrupt : .none
    }
    if prompt != nil { return promptKey(event) }
    if filtering.lineOpen {
      message = nil
      return filterLineKey(event)
    }
    if event.key == .ctrl("c") { return .interrupt }
    message = nil
    if awaitingEntryKey {
      awaitingEntryKey = false
      if case .char(let c) = event.key {
        if let e = index.entry(startingWith: String(c)) {
          jumpToEntry(e)
        } else {
          message = "no index entry for '\(c)'"
        }
      }
      return .none
    }
    if focus == .index, let effect = indexFocusKey(event) { return effect }
    guard let action = KeyBindings.action(for: event) else { return .none }
    return perform(action, event: event)
  }

  mutating func perform(_ action: Action, event: KeyEvent? = nil) -> Effect {
    let pageRows = max(1, layout.listHeight)
    switch action {
    case .cursorDown: stepCursor(1)
    case .cursorUp: stepCursor(-1)
    case .viewDown: setOffset(y: offsetY + 1)
    case .viewUp: setOffset(y: offsetY - 1)
    case .pageDown: page(by: pageRows)
    case .pageUp: page(by: -pageRows)
    case .halfPageDown: page(by: max(1, pageRows / 2))
    case .halfPageUp: page(by: -max(1, pageRows / 2))
    case .firstRow:
      setOffset(y: 0, animated: true)
      cursorRow = rowMap.nextItemRow(from: 0)
    case .lastRow:
      setOffset(y: maxOffsetY, animated: true)
      cursorRow = rowMap.previousItemRow(from: rowMap.totalRows - 1)
    case .scrollLeft: setOffset(x: offsetX - Self.horizontalStep)
    case .scrollRight: setOffset(x: offsetX + Self.horizontalStep)
    case .leftEdge: setOffset(x: 0)
    case .rightEdge: setOffset(x: maxOffsetX)
    case .previousSection, .nextSection:
      let current = cursor?.section ?? topSection ?? 0
      let target = current + (action == .nextSection ? 1 : -1)
      if target >= 0 && target < rowMap.sectionCount {
        jump(toSection: target, alignment: settings.indexAnchor)
      }
    case .jumpToEntry: awaitingEntryKey = true
    case .focusIndex:
      focus = .index
      typeahead = ""
    case .search: prompt = Prompt(kind: .search)
    case .commandPrompt: prompt = Prompt(kind: .command)
    case .nextMatch: stepMatch(1)
    case .previousMatch: stepMatch(-1)
    case .choose: return chooseEffect()
    case .filter: openFilterLine()
    case .toggleMark:
      if settings.multi { toggleMark(thenStep: 1) } else { message = "marking needs --multi" }
    case .help:
      showHelp = true
      helpPage = 0
    case .quit:
      // Esc with a filter on clears it first (q always quits).
      if isFiltered && event?.key == .escape {
        clearFilter()
        return .none
      }
      return .quit
    case .interrupt: return .interrupt
    case .suspend: return .suspend
    }
    return .none
  }

  /// Columns moved by `h`/`l`.
  static let horizontalStep = 4

  // MARK: Prompt

  mutating func promptKey(_ event: KeyEvent) -> Effect {
    guard var p = prompt else { return .none }
    switch event.key {
    case .char(let c):
      p.text += TextSanitizer.visible(String(c))
      prompt = p
    case .backspace:
      if p.text.isEmpty {
        prompt = nil
      } else {
        p.text.removeLast()
        prompt = p
      }
    case .ctrl("u"):
      p.text = ""
      prompt = p
    case .escape, .ctrl("c"), .ctrl("g"):
      prompt = nil
    case .enter:
      prompt = nil
      return submitPrompt(kind: p.kind, text: p.text)
    default:
      break
    }
    return .none
  }

  /// Runs a line from the prompt (built-in or libedit): a command, or a search.
  public mutating func submitPrompt(kind: PromptKind, text: String) -> Effect {
    prompt = nil
    message = nil
    switch kind {
    case .search:
      if !text.isEmpty { startSearch(text) }
      return .none
    case .command:
      do {
        guard let command = try CommandParser.parse(text) else { return .none }
        let effect = try apply(command)
        if case .output(let text) = effect {
          message = text.split(separator: "\n").first.map(String.init)
          return .none
        }
        return effect
      } catch {
        message = "error: \(error.message)"
        return .none
      }
    }
  }

  /// Closes the built-in prompt (the front end edited the line with libedit instead).
  public mutating func cancelPrompt() { prompt = nil }

  /// Shows a note on the status line until the next key.
  public mutating func show(message text: String) { message = text }
}

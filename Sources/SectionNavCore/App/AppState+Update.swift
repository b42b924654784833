/// The one update path: every source of input — keys, mouse, prompt lines,
/// script commands, time, and the results of background work — ends up here,
/// and this is the only public way the state changes.
extension AppState {
  public mutating func handle(_ event: Event) -> [Effect] {
    let before = (list: list, row: cursorRow, offset: offsetY, query: filtering.generation)
    var effects = update(event)
    // Moved by hand: not by a new query starting it over.
    let byHand = event.isUserInput && list === before.list && filtering.generation == before.query
    if byHand && cursorRow != before.row { cursorMoved = true }
    // The row Enter picks is the row drawn with the cursor: a view the user
    // scrolled takes the cursor along; anything else scrolls to the cursor.
    if byHand && cursorRow == before.row && offsetY != before.offset {
      keepCursorOnScreen()
    } else {
      revealCursor()
    }
    // The preview follows the cursor (and the clock, for its delay).
    if !effects.contains(where: \.endsRun) { effects += previewEffects() }
    return effects
  }

  private mutating func update(_ event: Event) -> [Effect] {
    switch event {
    case .key(let key):
      return handleKey(key)
    case .mouse(let mouse):
      return handleMouse(mouse)
    case .paste(let text):
      switch mode {
      case .filterLine: return pasteIntoFilterLine(text)
      case .prompt(var p):
        p.line.paste(text)
        mode = .prompt(p)
      case .indexFocus: typeAhead(text)
      default: break
      }
      return []
    case .resize(let w, let h):
      resize(width: w, height: h)
      return []
    case .tick(let ms):
      advanceClock(by: ms)
      if case .indexFocus(let t) = mode, !t.text.isEmpty, clock - t.at >= 1000 { mode = .indexFocus(TypeAhead()) }
      return []
    // After a `reload` the original source (a file still being indexed, a
    // stream still arriving) no longer feeds the list.
    case .data where workflow.reloaded, .loadFailed where workflow.reloaded, .dataShrank where workflow.reloaded:
      return []
    // A streamed reload on screen: the original source's data is what a
    // failing reload puts back.
    case .data(let update) where workflow.beforeReload != nil:
      workflow.beforeReload?.update = update
      return []
    case .data(let update):
      return dataArrived(update)
    case .filtered(let id, let run):
      return filterChunkArrived(jobID: id, run)
    case .startFilter(let query, let openLine):
      return startFiltering(query: query, openLine: openLine)
    case .bindEvent(let event):
      return fire(event)
    case .loadFailed(let failure):
      return [.fail(failure)]
    case .dataShrank:
      sourceShrank = true
      return []
    case .lineEdited(let kind, let line, let warning):
      if case .prompt = mode { mode = restingMode }
      var effects: [Effect] = []
      if let line { effects = submitPrompt(kind: kind, text: line) }
      if let warning { message = warning }
      return effects
    case .searchFinished(let id, let result):
      return searchFinished(jobID: id, result)
    case .previewOutput(let id, let output):
      previewFinished(id: id, output: output)
      return []
    case .previewProgress(let id, let output):
      previewProgressed(id: id, output: output)
      return []
    case .executeFinished(let id, let failure):
      return executeFinished(id: id, failure: failure)
    case .reloadProgress(let id, let partial):
      return reloadProgressed(id: id, partial.list)
    case .reloaded(let id, _, let status) where status != 0:
      return reloadFailed(id: id, "the command exited with status \(status)")
    case .reloaded(let id, let update, _):
      return reloaded(id: id, update.list)
    case .reloadFailed(let id, let text):
      return reloadFailed(id: id, text)
    case .command(let command):
      do {
        return try run(command)
      } catch {
        message = "error: \(error.message)"
        return [.commandFailed(error.message)]
      }
    }
  }

  /// An unbound key of the filter line that acts on the item under the
  /// cursor: Enter, and Tab or S-Tab marking it under `--multi` (typed fast
  /// after a query, Tab marked an item of the rows shown before its result).
  private func waitsForTheResult(_ event: KeyEvent) -> Bool {
    event == KeyEvent(.enter) || settings.multi && (event == KeyEvent(.tab) || event == KeyEvent(.backTab))
  }

  mutating func handleKey(_ event: KeyEvent) -> [Effect] {
    switch mode {
    case .help(let page):
      // Space and PgDn turn to the next page while there is one; any other key closes.
      let turn = event == KeyEvent(.char(" ")) || event == KeyEvent(.pageDown)
      if turn && page + 1 < helpPageCount {
        mode = .help(page: page + 1)
        return []
      }
      mode = restingMode
      return event.key == .ctrl("c") ? [.interrupt] : []
    case .prompt(let p):
      return promptKey(event, p)
    case .filterLine(var open):
      message = nil
      let bound = boundActions(for: event, typing: true)
      // A key that chooses or runs something (Enter, a bound key, Tab's
      // mark under --multi) typed before the result of the query typed so
      // far waits for it, and every key after it waits behind it, in order;
      // an abort (which drops them), C-l and C-z act at once. Moves do not
      // wait: they count from the top of the result to come
      // (`Filtering.pendingSteps`).
      if bound == nil && Self.immediateKeys.contains(event.key) {
        if !open.held.isEmpty && Self.abortKeys.contains(event.key) {
          open.held = []
          mode = .filterLine(open)
        }
      } else if !open.held.isEmpty || awaitingQueryResult && (bound != nil || waitsForTheResult(event)) {
        open.held.append(event)
        mode = .filterLine(open)
        return []
      }
      if let bound { return runChain(bound) }
      return filterLineKey(event, open)
    default:
      break
    }
    // Esc or C-c stops a search the user is waiting for (not a quiet
    // refresh), with the keys typed after it; other keys wait for it.
    if let search = jobs.search, search.running.purpose != .refresh {
      var running = search.running
      if event.key == .escape || event.key == .ctrl("c") {
        running.keysAfter = []
        jobs.retarget(.search(running))
        return [.cancel(jobID: search.id)]
      }
      running.keysAfter.append(event)
      jobs.retarget(.search(running))
      return []
    }
    // C-c ends the run unless `--bind ctrl-c:…` says otherwise (fzf's way).
    if event.key == .ctrl("c"), settings.binds.allSatisfy({ $0.key != event }) { return [.interrupt] }
    if case .waitingForLoad(let exit) = mode {
      // The run ends when indexing does (with the error if the data turns
      // out invalid). Esc stays.
      if event.key == .escape {
        mode = restingMode
        message = nil
      } else {
        message = exit.waitingNote
      }
      return []
    }
    message = nil
    switch mode {
    case .awaitingEntry:
      mode = restingMode
      if case .char(let c) = event.key {
        if let s = section(typed: String(c)) {
          jump(toSection: s, alignment: settings.indexAnchor)
        } else {
          message = "no index entry for '\(c)'"
        }
      }
      return []
    case .indexFocus:
      if let effects = indexFocusKey(event) { return effects }
    default:
      break
    }
    if let actions = boundActions(for: event) { return runChain(actions) }
    guard let action = KeyBindings.action(for: event) else { return [] }
    return perform(action, event: event)
  }

  mutating func perform(_ action: Action, event: KeyEvent? = nil) -> [Effect] {
    let pageRows = max(1, layout.listHeight)
    switch action {
    case .cursorDown: stepCursor(1)
    case .cursorUp: stepCursor(-1)
    // A header under the pinned row draws like the row after it: step over it.
    case .viewDown: setOffset(y: offsetY + (headerUnderPin(at: offsetY + 1) ? 2 : 1))
    case .viewUp: setOffset(y: offsetY - (headerUnderPin(at: offsetY - 1) ? 2 : 1))
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
    case .jumpToEntry: mode = .awaitingEntry
    case .focusIndex:
      // Under --multi, Tab marks as fzf's does; the index is still a click away.
      if settings.multi { toggleMark(thenStep: 1) } else { mode = .indexFocus(TypeAhead()) }
    case .search:
      mode = .prompt(Prompt(kind: .search))
      return [.editLine(.search)]
    case .commandPrompt:
      mode = .prompt(Prompt(kind: .command))
      return [.editLine(.command)]
    case .nextMatch: return stepMatch(1)
    case .previousMatch: return stepMatch(-1)
    case .choose:
      // Pick mode ends with nothing chosen (1), as Enter on no match does.
      if cursor != nil || !filtering.marks.isEmpty || settings.pick { return endRun(.choose) }
    case .filter: openFilterLine()
    case .toggleDown:
      if settings.multi { toggleMark(thenStep: 1) } else { message = "marking needs --multi" }
    case .help: mode = .help(page: 0)
    case .quit:
      // Esc with a filter on clears it first (q always quits).
      if isFiltered && event?.key == .escape { return clearFilter() }
      // Pick mode ends unchosen as fzf's abort does (130).
      return settings.pick ? [.interrupt] : endRun(.quit)
    case .interrupt: return [.interrupt]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    }
    return []
  }

  /// Columns moved by `h`/`l`.
  static let horizontalStep = 4

  // MARK: Prompt

  mutating func promptKey(_ event: KeyEvent, _ open: Prompt) -> [Effect] {
    var p = open
    switch event.key {
    // Backspace on an empty line closes the prompt, as in vim.
    case .backspace where p.text.isEmpty, .ctrl("h") where p.text.isEmpty, .escape, .ctrl("c"), .ctrl("g"):
      mode = restingMode
    case .enter:
      mode = restingMode
      return submitPrompt(kind: p.kind, text: p.text)
    default:
      if p.line.edit(event) { mode = .prompt(p) }
    }
    return []
  }

  /// Runs a line from the prompt (built-in or the runner's line editor): a
  /// command, or a search. A command's output goes to the status line.
  mutating func submitPrompt(kind: PromptKind, text: String) -> [Effect] {
    if case .prompt = mode { mode = restingMode }
    message = nil
    switch kind {
    case .search:
      return text.isEmpty ? [] : startSearch(text)
    case .command:
      do throws(CommandError) {
        guard let command = try CommandParser.parse(text, atPrompt: true) else { return [] }
        return try run(command).compactMap { effect in
          switch effect {
          case .output(let text):
            message = text.split(separator: "\n").first.map(String.init)
            return nil
          case .commandFailed:
            return nil
          default:
            return effect
          }
        }
      } catch {
        message = "error: \(error.message)"
        return []
      }
    }
  }

  /// Quitting or choosing: at once, or once a background load has finished
  /// (a load that fails then ends the run with its error instead). A
  /// stream still arriving may never end (`tail -f … |`): there the choice
  /// is made from what has arrived, at once, as fzf does.
  mutating func endRun(_ exit: PendingExit) -> [Effect] {
    guard loadProgress == nil || loadReading else {
      mode = .waitingForLoad(exit)
      message = exit.waitingNote
      return []
    }
    switch exit {
    case .quit: return [.quit]
    case .choose:
      return chooseEffects()
    }
  }

  /// New data from the loader; a search shown over the old data is run
  /// again over the new (off the main loop), and an exit that waited for the
  /// load happens now.
  mutating func dataArrived(_ update: DataUpdate) -> [Effect] {
    let marked = filtering.marks.isEmpty ? nil : markedKeys
    // A filtered view is filtered again over the new data.
    var effects: [Effect]
    if isFiltered {
      effects = replaceFilteredData(update)
    } else {
      replaceData(update)
      effects = refreshSearch()
      // A query whose first result has not come (`-q` given as the data
      // starts to arrive) runs again over the new data: its job's result,
      // for the list it began on, is dropped when it comes.
      if !filtering.requested.isEmpty { effects += setFilterQuery(filtering.requested, typed: false) }
    }
    // Marks follow their items (store positions move), before an exit reads them.
    if let marked { filtering.marks = marks(at: marked) }
    if update.progress == nil && !update.reading && workflow.beforeReload == nil { effects += fire(.load) }
    if update.progress == nil, case .waitingForLoad(let exit) = mode {
      mode = restingMode
      // The query typed during the load is being filtered over the whole
      // data now: the choice waits for that result (it was made at once,
      // from no result: nothing chosen, exit 1).
      if exit == .choose, awaitingQueryResult, case .filterLine(var open) = mode {
        open.held = [KeyEvent(.enter)]
        mode = .filterLine(open)
      } else {
        effects += endRun(exit)
      }
    }
    return effects
  }
}

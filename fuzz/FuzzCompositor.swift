import SectionNavCore

/// Fuzzes the renderer with hostile data, sizes and input: the input picks a
/// frame size (1…300 each way), settings, a few sections of text full of
/// controls, bidi, combining, wide and joining characters, then a sequence of
/// keys, pointer events, resizes, ticks, pastes and prompt lines. After each
/// event the frame must keep the invariants in `FrameCheck`: no raw control
/// reaches `plainLines()`/`ansiLines()` (ESC only in the frame's own SGR codes)
/// and every row is exactly W cells wide.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  var state = CompositorFuzz.makeState(&input)
  FrameCheck.verify(state)
  var events = 0
  while !input.isAtEnd && events < CompositorFuzz.maxEvents {
    CompositorFuzz.step(&state, &input)
    events += 1
    // Big frames are costly to check after every event: check them now and then.
    if state.width * state.height <= 6_000 || events % 8 == 0 { FrameCheck.verify(state) }
  }
  FrameCheck.verify(state)
  return 0
}

enum CompositorFuzz {
  static let maxEvents = 48

  static func makeState(_ input: inout FuzzInput) -> AppState {
    // Mostly small screens (quick to check), sometimes up to 300×300.
    let big = input.byte() % 8 == 0
    let width = big ? input.int(1...300) : input.int(1...48)
    let height = big ? input.int(1...300) : input.int(1...32)

    var settings = AppSettings()
    let flags = input.byte()
    settings.indexMode = [.initials, .titles, .alphabet, .titles][Int(flags & 3)]
    settings.indicators = [.always, .auto, .never][Int(flags >> 2 & 3) % 3]
    settings.smooth = flags & 0x10 != 0
    settings.theme = flags & 0x20 != 0 ? .monochrome : .standard
    settings.indexAnchor = [.top, .center, .bottom][Int(flags >> 6) % 3]
    settings.literal = input.bool()

    var pairs: [(title: String, items: [String])] = []
    let sections = input.int(0...7)
    for _ in 0..<sections {
      let title = input.text(maxPieces: 10)
      var items: [String] = []
      let shape = input.byte()
      if shape % 16 == 0 {
        // A long section so that paging, the thumb and a collapsed index get exercised.
        let n = input.int(20...400)
        let wide = input.text(maxPieces: 3)
        items = (0..<n).map { "\($0) \(wide)" }
      } else {
        for _ in 0..<Int(shape % 7) { items.append(input.text(maxPieces: 24)) }
      }
      if input.byte() % 4 == 0 { settings.indexLabels[title] = input.text(maxPieces: 4) }
      pairs.append((title: title, items: items))
    }
    return AppState(list: SectionedList(pairs), settings: settings, width: width, height: height)
  }

  static let keys: [KeyEvent] = {
    var keys: [KeyEvent] = [
      .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab, .backspace,
      .escape, .delete, .insert, .function(1),
    ].map { KeyEvent($0) }
    for c in "jkgGhl0$[]'/nN:? fbduq" { keys.append(KeyEvent(.char(c))) }
    for c in "edyufbgcz" { keys.append(KeyEvent(.ctrl(c))) }
    return keys
  }()

  static func step(_ state: inout AppState, _ input: inout FuzzInput) {
    let w = state.width
    let h = state.height
    switch input.byte() % 16 {
    case 0, 1, 2:
      var key = input.pick(keys)
      if input.byte() % 8 == 0 { key.modifiers.insert(.alt) }
      _ = state.handle(.key(key))
    case 3:
      // A typed character: into the list, the index type-ahead or the prompt.
      let text = input.text(maxPieces: 2)
      for c in text { _ = state.handle(.key(KeyEvent(.char(c)))) }
    case 4, 5:
      let kind: MouseEvent.Kind = input.pick([.press, .motion, .release, .wheelUp, .wheelDown, .wheelLeft, .wheelRight])
      let column = input.int(0...(w + 2))
      let row = input.int(0...(h + 2))
      let modifiers: Modifiers = input.byte() % 4 == 0 ? [.shift] : []
      let button = input.byte() % 8 == 0 ? 2 : 0
      _ = state.handle(.mouse(MouseEvent(kind, column: column, row: row, button: button, modifiers: modifiers)))
    case 6:
      // A drag on the index column (shows the bubble) or on an indicator.
      let column = input.bool() ? state.layout.indexColumn + 1 + input.int(0...3) : w - input.int(0...1)
      var row = input.int(1...max(1, h))
      _ = state.handle(.mouse(MouseEvent(.press, column: column, row: row)))
      for _ in 0..<input.int(0...6) {
        row += input.int(-3...3)
        _ = state.handle(.mouse(MouseEvent(.motion, column: column + input.int(-2...2), row: row)))
        FrameCheck.verify(state)
      }
      if input.bool() { _ = state.handle(.mouse(MouseEvent(.release, column: column, row: row))) }
    case 7:
      _ = state.handle(.resize(width: input.int(-1...300), height: input.int(-1...300)))
    case 8:
      _ = state.handle(.tick(milliseconds: input.pick([0, 1, 16, 149, 150, 999, 1000, 1499, 1500, 5000, -5])))
    case 9:
      _ = state.handle(.paste(input.text(maxPieces: 16)))
    case 10:
      _ = state.handle(.command(.search(input.text(maxPieces: 4))))
    case 11:
      let section =
        state.list.sectionCount > 0 && input.bool()
        ? state.list.title(input.int(0...(state.list.sectionCount - 1))) : input.text(maxPieces: 6)
      let item: Command.ItemReference? = input.pick([nil, .index(input.int(-2...5)), .text(input.text(maxPieces: 6))])
      _ = state.handle(.command(.goto(section: section, item: item, alignment: input.pick(Command.Alignment.allCases))))
    case 12:
      _ = state.handle(.command(.scrollTo(x: Double(input.int(0...8)) / 8, y: Double(input.int(0...8)) / 8)))
    case 13:
      // A prompt line: an unknown command or bad argument echoes the text in the status line.
      let line = input.pick(["goto ", "search ", "", "key ", "type ", "scroll "]) + input.text(maxPieces: 12)
      _ = state.handle(.lineEdited(input.bool() ? .command : .search, line, warning: nil))
    case 14:
      _ = state.handle(.command(input.pick([.next, .previous, .help, .scroll(.center), .scroll(.bottom), .state])))
    default:
      // Open the built-in prompt and type into it.
      _ = state.handle(.key(KeyEvent(input.bool() ? .char(":") : .char("/"))))
      for c in input.text(maxPieces: 8) { _ = state.handle(.key(KeyEvent(.char(c)))) }
    }
  }
}

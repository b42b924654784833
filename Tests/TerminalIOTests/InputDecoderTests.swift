import SectionNavCore
import Testing

@testable import TerminalIO

private func key(_ k: Key, _ m: Modifiers = []) -> Event { .key(KeyEvent(k, modifiers: m)) }
private func char(_ c: Character, _ m: Modifiers = []) -> Event { key(.char(c), m) }
private func mouse(
  _ kind: MouseEvent.Kind, _ column: Int, _ row: Int, button: Int = 0, _ m: Modifiers = []
) -> Event {
  .mouse(MouseEvent(kind, column: column, row: row, button: button, modifiers: m))
}

/// Everything the decoder makes of `bytes`, including what the ESC timeout resolves.
private func decodeAll(_ bytes: [UInt8]) -> [Event] {
  var decoder = InputDecoder()
  return decoder.feed(bytes) + decoder.flushPendingEscape()
}

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

/// Sequences a terminal sends and what the user meant by them.
private let cases: [(String, [UInt8], [Event])] = [
  ("letter", bytes("j"), [char("j")]),
  ("space", bytes(" "), [char(" ")]),
  ("two-byte UTF-8", bytes("é"), [char("é")]),
  ("three-byte UTF-8", bytes("漢"), [char("漢")]),
  ("four-byte UTF-8", bytes("😀"), [char("😀")]),
  ("flag", bytes("🇫🇷"), [char("🇫🇷")]),
  ("ZWJ family", bytes("👩‍👩‍👧"), [char("👩‍👩‍👧")]),
  ("C-@", [0x00], [key(.ctrl("@"))]),
  ("C-a", [0x01], [key(.ctrl("a"))]),
  ("C-c", [0x03], [key(.ctrl("c"))]),
  ("C-d", [0x04], [key(.ctrl("d"))]),
  ("C-z", [0x1A], [key(.ctrl("z"))]),
  ("Tab", [0x09], [key(.tab)]),
  ("CR is Enter", [0x0D], [key(.enter)]),
  // Raw terminals send CR for Enter; LF is C-j, which moves down as in fzf.
  ("LF is C-j", [0x0A], [key(.ctrl("j"))]),
  ("DEL is Backspace", [0x7F], [key(.backspace)]),
  ("BS is C-h (fzf's ctrl-h; it edits as Backspace unless bound)", [0x08], [key(.ctrl("h"))]),
  ("lone Esc", [0x1B], [key(.escape)]),
  ("two Esc", [0x1B, 0x1B], [key(.escape), key(.escape)]),
  ("Alt-j", bytes("\u{1B}j"), [char("j", .alt)]),
  ("Alt-é", bytes("\u{1B}é"), [char("é", .alt)]),
  ("Alt-Backspace", [0x1B, 0x7F], [key(.backspace, .alt)]),
  ("Alt-C-a", [0x1B, 0x01], [key(.ctrl("a"), .alt)]),
  ("Up", bytes("\u{1B}[A"), [key(.up)]),
  ("Down", bytes("\u{1B}[B"), [key(.down)]),
  ("Right", bytes("\u{1B}[C"), [key(.right)]),
  ("Left", bytes("\u{1B}[D"), [key(.left)]),
  ("SS3 Up", bytes("\u{1B}OA"), [key(.up)]),
  ("SS3 Down", bytes("\u{1B}OB"), [key(.down)]),
  ("SS3 Right", bytes("\u{1B}OC"), [key(.right)]),
  ("SS3 Left", bytes("\u{1B}OD"), [key(.left)]),
  ("Home H", bytes("\u{1B}[H"), [key(.home)]),
  ("End F", bytes("\u{1B}[F"), [key(.end)]),
  ("SS3 Home", bytes("\u{1B}OH"), [key(.home)]),
  ("SS3 End", bytes("\u{1B}OF"), [key(.end)]),
  ("Home 1~", bytes("\u{1B}[1~"), [key(.home)]),
  ("End 4~", bytes("\u{1B}[4~"), [key(.end)]),
  ("Home 7~", bytes("\u{1B}[7~"), [key(.home)]),
  ("End 8~", bytes("\u{1B}[8~"), [key(.end)]),
  ("Insert", bytes("\u{1B}[2~"), [key(.insert)]),
  ("Delete", bytes("\u{1B}[3~"), [key(.delete)]),
  ("PgUp", bytes("\u{1B}[5~"), [key(.pageUp)]),
  ("PgDn", bytes("\u{1B}[6~"), [key(.pageDown)]),
  ("F1 SS3", bytes("\u{1B}OP"), [key(.function(1))]),
  ("F2 SS3", bytes("\u{1B}OQ"), [key(.function(2))]),
  ("F3 SS3", bytes("\u{1B}OR"), [key(.function(3))]),
  ("F4 SS3", bytes("\u{1B}OS"), [key(.function(4))]),
  ("F1 11~", bytes("\u{1B}[11~"), [key(.function(1))]),
  ("F4 14~", bytes("\u{1B}[14~"), [key(.function(4))]),
  ("F5", bytes("\u{1B}[15~"), [key(.function(5))]),
  ("F6", bytes("\u{1B}[17~"), [key(.function(6))]),
  ("F7", bytes("\u{1B}[18~"), [key(.function(7))]),
  ("F8", bytes("\u{1B}[19~"), [key(.function(8))]),
  ("F9", bytes("\u{1B}[20~"), [key(.function(9))]),
  ("F10", bytes("\u{1B}[21~"), [key(.function(10))]),
  ("F11", bytes("\u{1B}[23~"), [key(.function(11))]),
  ("F12", bytes("\u{1B}[24~"), [key(.function(12))]),
  ("Shift-Up", bytes("\u{1B}[1;2A"), [key(.up, .shift)]),
  ("Alt-Down", bytes("\u{1B}[1;3B"), [key(.down, .alt)]),
  ("Ctrl-Up", bytes("\u{1B}[1;5A"), [key(.up, .control)]),
  ("Ctrl-Shift-Left", bytes("\u{1B}[1;6D"), [key(.left, [.control, .shift])]),
  ("Ctrl-Alt-Right", bytes("\u{1B}[1;7C"), [key(.right, [.control, .alt])]),
  ("Meta-Home reads as Alt", bytes("\u{1B}[1;9H"), [key(.home, .alt)]),
  ("Ctrl-PgDn", bytes("\u{1B}[6;5~"), [key(.pageDown, .control)]),
  ("Shift-F5", bytes("\u{1B}[15;2~"), [key(.function(5), .shift)]),
  ("Ctrl-F1 CSI", bytes("\u{1B}[1;5P"), [key(.function(1), .control)]),
  ("Ctrl-F1 SS3", bytes("\u{1B}O5P"), [key(.function(1), .control)]),
  ("Shift-Tab", bytes("\u{1B}[Z"), [key(.backTab)]),
  ("Alt-Up as ESC ESC", bytes("\u{1B}\u{1B}[A"), [key(.up, .alt)]),
  ("keypad Enter", bytes("\u{1B}OM"), [key(.enter)]),
  ("left press", bytes("\u{1B}[<0;10;5M"), [mouse(.press, 10, 5)]),
  ("left release", bytes("\u{1B}[<0;10;5m"), [mouse(.release, 10, 5)]),
  ("middle press", bytes("\u{1B}[<1;2;3M"), [mouse(.press, 2, 3, button: 1)]),
  ("right press", bytes("\u{1B}[<2;120;40M"), [mouse(.press, 120, 40, button: 2)]),
  ("drag motion", bytes("\u{1B}[<32;11;5M"), [mouse(.motion, 11, 5)]),
  ("right drag motion", bytes("\u{1B}[<34;11;6M"), [mouse(.motion, 11, 6, button: 2)]),
  ("wheel up", bytes("\u{1B}[<64;3;4M"), [mouse(.wheelUp, 3, 4)]),
  ("wheel down", bytes("\u{1B}[<65;3;4M"), [mouse(.wheelDown, 3, 4)]),
  ("wheel left", bytes("\u{1B}[<66;3;4M"), [mouse(.wheelLeft, 3, 4)]),
  ("wheel right", bytes("\u{1B}[<67;3;4M"), [mouse(.wheelRight, 3, 4)]),
  ("shift wheel up", bytes("\u{1B}[<68;3;4M"), [mouse(.wheelUp, 3, 4, .shift)]),
  ("shift wheel down", bytes("\u{1B}[<69;3;4M"), [mouse(.wheelDown, 3, 4, .shift)]),
  ("alt click", bytes("\u{1B}[<8;1;1M"), [mouse(.press, 1, 1, .alt)]),
  ("ctrl click", bytes("\u{1B}[<16;1;1M"), [mouse(.press, 1, 1, .control)]),
  ("ctrl shift drag", bytes("\u{1B}[<52;7;8M"), [mouse(.motion, 7, 8, [.control, .shift])]),
  ("large coordinates", bytes("\u{1B}[<0;300;200M"), [mouse(.press, 300, 200)]),
  ("X10 press", [0x1B, 0x5B, 0x4D, 32, 33, 34], [mouse(.press, 1, 2)]),
  ("X10 release", [0x1B, 0x5B, 0x4D, 35, 33, 34], [mouse(.release, 1, 2)]),
  ("paste", bytes("\u{1B}[200~hello\nworld\u{1B}[201~"), [.paste("hello\nworld")]),
  (
    "paste with escapes", bytes("\u{1B}[200~a\u{1B}[Ab\u{1B}\u{1B}[201~"),
    [.paste("a\u{1B}[Ab\u{1B}")]
  ),
  ("empty paste", bytes("\u{1B}[200~\u{1B}[201~"), [.paste("")]),
  ("paste then key", bytes("\u{1B}[200~x\u{1B}[201~q"), [.paste("x"), char("q")]),
  ("focus in swallowed", bytes("\u{1B}[Iq"), [char("q")]),
  ("focus out swallowed", bytes("\u{1B}[Oq"), [char("q")]),
  ("device attributes swallowed", bytes("\u{1B}[?64;1;2cq"), [char("q")]),
  ("unknown tilde swallowed", bytes("\u{1B}[99~q"), [char("q")]),
  ("stray paste end swallowed", bytes("\u{1B}[201~q"), [char("q")]),
  ("cursor report swallowed", bytes("\u{1B}[12;40Rq"), [char("q")]),
  ("hover motion swallowed", bytes("\u{1B}[<35;5;5Mq"), [char("q")]),
  ("bad mouse swallowed", bytes("\u{1B}[<0;5Mq"), [char("q")]),
  ("kitty key swallowed", bytes("\u{1B}[97;5uq"), [char("q")]),
  (
    "keys in a row", bytes("jk\u{1B}[B\u{03}"), [char("j"), char("k"), key(.down), key(.ctrl("c"))]
  ),
]

@Suite struct InputDecoderTests {
  @Test(arguments: cases.indices)
  func decodesTerminalSequence(_ index: Int) {
    let (name, input, expected) = cases[index]
    #expect(decodeAll(input) == expected, "\(name)")
  }

  @Test(arguments: cases.indices)
  func decodesTheSameWhenSplitAcrossReads(_ index: Int) {
    let (name, input, expected) = cases[index]
    for cut in 1..<input.count {
      // A read that ends between two complete scalars of one emoji sequence
      // cannot be told from two keys (terminals send a typed cluster in one
      // write); every cut inside a scalar must still be reassembled.
      if name.contains("ZWJ"), !(0x80...0xBF).contains(input[cut]) { continue }
      var decoder = InputDecoder()
      let events =
        decoder.feed(input[..<cut]) + decoder.feed(input[cut...]) + decoder.flushPendingEscape()
      #expect(events == expected, "\(name) split at \(cut)")
    }
  }

  @Test func aSequenceArrivingOneByteAtATimeIsOneKey() {
    var decoder = InputDecoder()
    var events: [Event] = []
    for b in bytes("\u{1B}[1;5A\u{1B}[<64;3;4M") { events += decoder.feed([b]) }
    #expect(events == [key(.up, .control), mouse(.wheelUp, 3, 4)])
    #expect(!decoder.hasPending)
  }

  @Test func loneEscapeWaitsForTheTimeout() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flushPendingEscape() == [key(.escape)])
    #expect(!decoder.hasPending)
    #expect(decoder.feed(bytes("q")) == [char("q")])
  }

  @Test func escapeFollowedByALaterKeyAfterTheTimeoutIsTwoKeys() {
    var decoder = InputDecoder()
    _ = decoder.feed([0x1B])
    let first = decoder.flushPendingEscape()
    let second = decoder.feed(bytes("j"))
    #expect(first + second == [key(.escape), char("j")])
  }

  @Test func incompleteSequencesResolveAtTheTimeout() {
    #expect(decodeAll(bytes("\u{1B}[")) == [char("[", .alt)])
    #expect(decodeAll(bytes("\u{1B}O")) == [char("O", .alt)])
    #expect(decodeAll(bytes("\u{1B}[1;5")).isEmpty)
    #expect(decodeAll(bytes("\u{1B}[<0;10;")).isEmpty)
    #expect(decodeAll([0xE6, 0xBC]).isEmpty)  // two thirds of 漢
  }

  @Test func anUnterminatedPasteIsDeliveredAtTheTimeout() {
    var decoder = InputDecoder()
    #expect(decoder.feed(bytes("\u{1B}[200~some text")).isEmpty)
    #expect(decoder.isInPaste)
    #expect(decoder.flushPendingEscape() == [.paste("some text")])
    #expect(decoder.feed(bytes("q")) == [char("q")])
  }

  @Test func aLongPasteIsOneEvent() {
    let text = String(repeating: "line of pasted text 漢字\n", count: 5000)
    var decoder = InputDecoder()
    var events: [Event] = []
    let input = bytes("\u{1B}[200~" + text + "\u{1B}[201~")
    var start = 0
    while start < input.count {
      let end = min(input.count, start + 4096)
      events += decoder.feed(input[start..<end])
      start = end
    }
    #expect(events == [.paste(text)])
  }

  @Test func combiningMarksInOneReadJoinTheirLetter() {
    #expect(decodeAll(bytes("e\u{301}x")) == [char("e\u{301}"), char("x")])
  }

  @Test func invalidUTF8IsDroppedAndTheRestStillDecodes() {
    #expect(
      decodeAll([0xFF, 0x61, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x62]) == [
        char("a"), char("("), char("b"),
      ])
    #expect(decodeAll([0xC0, 0xAF, 0x63]) == [char("c")])  // overlong "/"
    #expect(decodeAll([0xC2, 0x9B, 0x41]) == [char("A")])  // C1 CSI is not a key
  }

  @Test func aBrokenSequenceDoesNotSwallowTheKeyAfterIt() {
    #expect(decodeAll(bytes("\u{1B}[1;\u{03}")) == [key(.ctrl("c"))])
    #expect(decodeAll(bytes("\u{1B}[12\u{1B}[A")) == [key(.up)])
  }

  @Test func anEndlessSequenceIsCutAndLaterKeysDecode() {
    let garbage = "\u{1B}[" + String(repeating: "1;", count: 100)
    let events = decodeAll(bytes(garbage + "\u{03}q"))
    #expect(events.suffix(2) == [key(.ctrl("c")), char("q")])
    var decoder = InputDecoder()
    _ = decoder.feed(bytes(garbage))
    #expect(decoder.pending.count < InputDecoder.maxSequenceLength)
  }

  @Test(arguments: [1, 2, 3, 42, 2024] as [UInt64])
  func randomBytesNeverCrashOrBlockLaterInput(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var decoder = InputDecoder()
    var produced = 0
    var fed = 0
    while fed < 100_000 {
      let count = Int.random(in: 1...300, using: &random)
      // Mostly bytes that matter to the decoder: ESC, '[', digits, ';', '<', controls.
      let chunk = (0..<count).map { _ -> UInt8 in
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return 0x1B
        case 1:
          return [0x5B, 0x4F, 0x3C, 0x3B, 0x7E, 0x4D, 0x6D][Int.random(in: 0..<7, using: &random)]
        case 2: return UInt8.random(in: 0x30...0x39, using: &random)
        default: return UInt8.random(in: 0...255, using: &random)
        }
      }
      for event in decoder.feed(chunk) {
        produced += 1
        if case .key(let k) = event, case .char(let c) = k.key {
          #expect(
            !c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
      }
      if Int.random(in: 0..<20, using: &random) == 0 {
        produced += decoder.flushPendingEscape().count
      }
      fed += count
    }
    #expect(produced > 0)
    // Without a timeout, later keys still get through (a pending sequence is capped).
    let tail = decoder.feed(Array(repeating: UInt8(ascii: "x"), count: 100))
    #expect(tail.last == char("x"))
    // After the timeout, later input decodes exactly.
    _ = decoder.flushPendingEscape()
    #expect(!decoder.hasPending)
    #expect(
      decoder.feed(bytes("q\u{1B}[A\u{1B}[<0;4;2M")) == [char("q"), key(.up), mouse(.press, 4, 2)])
  }
}

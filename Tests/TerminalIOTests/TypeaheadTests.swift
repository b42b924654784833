import SectionNavCore
import Testing

@testable import TerminalIO

/// Keys read before a prompt opened go to its line editor as the bytes a
/// terminal sends for them; the decoder reads those bytes back as the same keys.
@Suite struct TypeaheadTests {
  @Test func typedKeysBecomeTheirTerminalBytesUpToTheFirstKeyALineCannotTake() {
    let typed: [Event] = [
      .key(KeyEvent(.char("g"))), .key(KeyEvent(.char("é"))), .key(KeyEvent(.backspace)),
      .key(KeyEvent(.ctrl("a"))), .paste("50–59"), .key(KeyEvent(.enter)), .key(KeyEvent(.char("j"))),
      .key(KeyEvent(.up)), .key(KeyEvent(.char("k"))),
    ]
    let (bytes, lengths) = Typeahead.bytes(of: typed[...])
    var decoder = InputDecoder()
    // Everything before the arrow key, which a line editor would read as ESC [ A.
    var back = decoder.feed(bytes)
    back += decoder.flushPendingEscape()
    #expect(back == [Event](typed[0..<4]) + "50–59".map { .key(KeyEvent(.char($0))) } + [typed[5], typed[6]])
    #expect(lengths == [1, 2, 1, 1, "50–59".utf8.count, 1, 1])
    #expect(bytes.count == lengths.reduce(0, +))
  }

  /// Each control byte is typed ahead as the byte that means its key (DEL
  /// is Backspace, BS is C-h).
  @Test func controlKeysGoBackToTheirBytes() {
    for b in Array(UInt8(0)...0x1F) + [0x7F] {
      #expect(Key.control(b).controlByte == b, "byte \(b)")
    }
  }

  /// Alt and a key (ESC and the key, as the terminal sent it) reads back the same.
  @Test func altKeysGoBackToEscapeAndTheKey() {
    let typed: [Event] = [.key(KeyEvent(.char("b"), modifiers: .alt)), .key(KeyEvent(.backspace, modifiers: .alt))]
    var decoder = InputDecoder()
    #expect(decoder.feed(Typeahead.bytes(of: typed[...]).bytes) == typed)
  }

  @Test func aPasteWithALineBreakOrAKeyWithControlOrShiftIsNotTypedAhead() {
    #expect(Typeahead.bytes(of: [.paste("a\nb")][...]).lengths.isEmpty)
    #expect(Typeahead.bytes(of: [.key(KeyEvent(.char("x"), modifiers: [.alt, .control]))][...]).lengths.isEmpty)
    #expect(Typeahead.bytes(of: [.key(KeyEvent(.tab, modifiers: .shift))][...]).lengths.isEmpty)
  }

  /// Only events the line took whole leave the queue: the rest are the list's again.
  @Test func eventsTakenAreThoseWhollyWithinTheBytesRead() {
    let lengths = [1, 2, 1, 5]
    #expect(Typeahead.eventsTaken(lengths: lengths, used: 0) == 0)
    #expect(Typeahead.eventsTaken(lengths: lengths, used: 2) == 1)
    #expect(Typeahead.eventsTaken(lengths: lengths, used: 4) == 3)
    #expect(Typeahead.eventsTaken(lengths: lengths, used: 9) == 4)
  }
}

import SectionNavCore
import TerminalIO

/// Fuzzes the terminal input decoder: the bytes (after a first byte that picks
/// a split point) are fed in two reads, as a terminal may deliver them, then
/// a pending lone ESC is flushed (the timeout path). Every event is fed into
/// an `AppState`, whose frames must keep the `FrameCheck` invariants. The same
/// bytes fed in one read must give the same events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let splitByte = Int(input.byte())
  let bytes = input.rest()
  let split = bytes.isEmpty ? 0 : splitByte % (bytes.count + 1)

  var decoder = InputDecoder()
  var events = decoder.feed(Array(bytes[..<split]))
  events += decoder.feed(Array(bytes[split...]))
  events += DecoderFuzz.events(decoder.flushPendingEscape())

  var whole = InputDecoder()
  let once = whole.feed(bytes) + DecoderFuzz.events(whole.flushPendingEscape())
  require(once == events, "events depend on where the read was split (at \(split) of \(bytes.count))")

  var state = AppState(list: DecoderFuzz.list, width: 60, height: 16)
  var applied = 0
  for event in events {
    if case .resize(let w, let h) = event, w > 300 || h > 300 { continue }
    _ = state.handle(event)
    applied += 1
    if applied % 16 == 0 { FrameCheck.verify(state) }
  }
  FrameCheck.verify(state)
  return 0
}

enum DecoderFuzz {
  static let list = SectionedList([
    (title: "Alpha", items: (0..<12).map { "a\($0)" }),
    (title: "Beta", items: ["b1", "漢字", "e\u{301}"]),
    (title: "Gamma", items: (0..<30).map { "g\($0) " + String(repeating: "wide ", count: $0) }),
  ])

  // `flushPendingEscape()` may return the events or nothing.
  static func events(_ events: [Event]) -> [Event] { events }
  static func events(_: Void) -> [Event] { [] }
}

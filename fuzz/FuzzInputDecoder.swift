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

  // The same bytes in one read give the same keys, mouse reports and text.
  // (Text may be cut differently: a character that ends a read is sent at
  // once, and a combining mark or ZWJ in the next read arrives on its own.)
  var whole = InputDecoder()
  let once = whole.feed(bytes) + DecoderFuzz.events(whole.flushPendingEscape())
  let a = DecoderFuzz.normalized(once)
  let b = DecoderFuzz.normalized(events)
  if a != b {
    let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    fatalError(
      """
      events depend on where the read was split (at byte \(split) of \(bytes.count)): event \(i) is
        in one read:  \(a.dropFirst(i).prefix(3)) (of \(a.count))
        in two reads: \(b.dropFirst(i).prefix(3)) (of \(b.count))
      """)
  }

  var state = AppState(list: DecoderFuzz.list, width: 60, height: 16)
  var applied = 0
  // Bounded, so that a long input cannot run for seconds (the decoding above is not).
  for event in events.prefix(DecoderFuzz.maxEvents) {
    if case .resize(let w, let h) = event, w > 300 || h > 300 { continue }
    _ = state.handle(event)
    applied += 1
    if applied % 32 == 0 { FrameCheck.verify(state) }
  }
  FrameCheck.verify(state)
  return 0
}

enum DecoderFuzz {
  static let maxEvents = 512

  static let list = SectionedList([
    (title: "Alpha", items: (0..<12).map { "a\($0)" }),
    (title: "Beta", items: ["b1", "漢字", "e\u{301}"]),
    (title: "Gamma", items: (0..<30).map { "g\($0) " + String(repeating: "wide ", count: $0) }),
  ])

  /// Events with runs of plain typed characters, and of pastes, joined into text.
  enum Normalized: Equatable {
    case typed(String)
    case pasted(String)
    case other(Event)
  }

  static func normalized(_ events: [Event]) -> [Normalized] {
    var out: [Normalized] = []
    for e in events {
      if case .key(let k) = e, k.modifiers.isEmpty, case .char(let c) = k.key {
        if case .typed(let t)? = out.last {
          out[out.count - 1] = .typed(t + String(c))
        } else {
          out.append(.typed(String(c)))
        }
        continue
      }
      switch e {
      case .paste(let text):
        if case .pasted(let t)? = out.last { out[out.count - 1] = .pasted(t + text) } else { out.append(.pasted(text)) }
      default:
        out.append(.other(e))
      }
    }
    return out
  }

  // `flushPendingEscape()` may return the events or nothing.
  static func events(_ events: [Event]) -> [Event] { events }
  static func events(_: Void) -> [Event] { [] }
}

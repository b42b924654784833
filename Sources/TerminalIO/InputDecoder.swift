import SectionNavCore

/// Turns the raw bytes a terminal sends into `Event`s. Pure and incremental:
/// a sequence split across reads is kept pending and finished by the next
/// `feed`, and since a lone ESC cannot be told from the start of a sequence by
/// looking at bytes alone, the run loop calls `flushPendingEscape()` after a
/// short silence. Garbage is dropped, never trapped on, and never blocks the
/// input that follows it.
public struct InputDecoder: Sendable {
  /// Longest control sequence kept while waiting for its final byte; a longer
  /// one is garbage and dropped.
  public static let maxSequenceLength = 64

  var pending: [UInt8] = []
  /// Bytes of a bracketed paste once `CSI 200~` was seen.
  var paste: [UInt8]? = nil
  /// How many bytes of the paste terminator `ESC [ 2 0 1 ~` end `paste`.
  var pasteMatch = 0

  public init() {}

  /// Whether bytes are held back waiting for more: the run loop should call
  /// `flushPendingEscape()` if nothing arrives soon.
  public var hasPending: Bool { !pending.isEmpty || paste != nil }

  /// Whether a bracketed paste is open (its end marker has not arrived yet);
  /// the run loop waits longer before flushing one.
  public var isInPaste: Bool { paste != nil }

  /// Decodes `bytes` together with whatever was pending from earlier calls.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
    pending.append(contentsOf: bytes)
    return drain(final: false)
  }

  /// Resolves what is still pending as if no more bytes will come: a lone ESC
  /// becomes the Esc key, `ESC [` and `ESC O` become Alt+`[` and Alt+`O`, an
  /// open paste is delivered as it is, incomplete sequences are dropped.
  public mutating func flushPendingEscape() -> [Event] {
    drain(final: true)
  }

  private mutating func drain(final: Bool) -> [Event] {
    var events: [Event] = []
    var i = 0
    let bytes = pending
    let end = bytes.count
    while i < end {
      if paste != nil {
        i = consumePaste(bytes, from: i, into: &events)
        continue
      }
      switch decodeUnit(bytes, at: i, final: final) {
      case .incomplete:
        pending.removeFirst(i)
        return events
      case .decoded(let decoded, let length):
        events.append(contentsOf: decoded)
        i += length
      case .startPaste(let length):
        paste = []
        pasteMatch = 0
        i += length
      }
    }
    pending.removeAll(keepingCapacity: true)
    if final, let text = paste {
      // The end marker never came: deliver what was pasted so input is not
      // swallowed for good.
      events.append(.paste(String(decoding: text, as: UTF8.self)))
      paste = nil
      pasteMatch = 0
    }
    return events
  }

  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// Moves paste bytes from `bytes[start...]` into `paste` until the end
  /// marker; returns the index after what was consumed.
  private mutating func consumePaste(_ bytes: [UInt8], from start: Int, into events: inout [Event])
    -> Int
  {
    var i = start
    while i < bytes.count {
      let b = bytes[i]
      paste!.append(b)
      i += 1
      if b == Self.pasteEnd[pasteMatch] {
        pasteMatch += 1
        if pasteMatch == Self.pasteEnd.count {
          paste!.removeLast(Self.pasteEnd.count)
          events.append(.paste(String(decoding: paste!, as: UTF8.self)))
          paste = nil
          pasteMatch = 0
          return i
        }
      } else {
        pasteMatch = b == 0x1B ? 1 : 0
      }
    }
    return i
  }
}

/// The result of decoding one unit (a key, a sequence or a run of text).
enum DecodedUnit {
  /// More bytes are needed to decide.
  case incomplete
  /// `length` bytes gave these events (none when they were garbage).
  case decoded([Event], length: Int)
  /// `CSI 200~`: a bracketed paste starts after `length` bytes.
  case startPaste(length: Int)

  static func key(_ key: Key, _ modifiers: Modifiers = [], length: Int) -> DecodedUnit {
    .decoded([.key(KeyEvent(key, modifiers: modifiers))], length: length)
  }
  static func drop(_ length: Int) -> DecodedUnit { .decoded([], length: length) }
}

extension InputDecoder {
  /// Decodes the unit starting at `bytes[i]`. With `final`, never returns
  /// `.incomplete`: what is there is resolved as it stands.
  func decodeUnit(_ bytes: [UInt8], at i: Int, final: Bool) -> DecodedUnit {
    let b = bytes[i]
    switch b {
    case 0x1B:
      return decodeEscape(bytes, at: i, final: final)
    case 0x00..<0x20, 0x7F:
      return .key(Self.controlKey(b), length: 1)
    default:
      return decodeText(bytes, at: i, final: final)
    }
  }

  /// A C0 control byte or DEL as a key.
  static func controlKey(_ b: UInt8) -> Key {
    Key.control(b)
  }

  /// ESC: a lone Esc key, a CSI or SS3 sequence, or Alt plus the next key.
  func decodeEscape(_ bytes: [UInt8], at i: Int, final: Bool) -> DecodedUnit {
    guard i + 1 < bytes.count else {
      return final ? .key(.escape, length: 1) : .incomplete
    }
    let next = bytes[i + 1]
    switch next {
    case 0x5B:  // [
      return decodeCSI(bytes, at: i, final: final)
    case 0x4F:  // O
      return decodeSS3(bytes, at: i, final: final)
    case 0x1B:
      // ESC ESC [ A is Alt+Up on some terminals; otherwise two Esc presses.
      if i + 2 < bytes.count, bytes[i + 2] == 0x5B || bytes[i + 2] == 0x4F {
        let inner = decodeEscape(bytes, at: i + 1, final: final)
        switch inner {
        case .incomplete: return .incomplete
        case .decoded(let events, let length):
          if events.count == 1, case .key(var key) = events[0] {
            key.modifiers.insert(.alt)
            return .decoded([.key(key)], length: length + 1)
          }
          return .key(.escape, length: 1)
        case .startPaste:
          return .key(.escape, length: 1)
        }
      }
      if i + 2 == bytes.count, !final { return .incomplete }
      return .key(.escape, length: 1)
    default:
      // Alt + one key: a control byte or one scalar of text.
      if next < 0x20 || next == 0x7F {
        return .key(Self.controlKey(next), .alt, length: 2)
      }
      switch UTF8Scalar.decode(bytes, at: i + 1) {
      case .incomplete:
        return final ? .key(.escape, length: 1) : .incomplete
      case .invalid:
        return .key(.escape, length: 1)
      case .scalar(let scalar, let length):
        if UTF8Scalar.isControl(scalar) { return .key(.escape, length: 1) }
        return .key(.char(Character(scalar)), .alt, length: 1 + length)
      }
    }
  }

  /// A run of printable text: one `.char` key per grapheme cluster.
  func decodeText(_ bytes: [UInt8], at start: Int, final: Bool) -> DecodedUnit {
    var i = start
    var scalars = String.UnicodeScalarView()
    var reachedEnd = false
    var splitScalar = false
    scan: while i < bytes.count {
      let b = bytes[i]
      if b < 0x20 || b == 0x7F { break }
      switch UTF8Scalar.decode(bytes, at: i) {
      case .incomplete:
        if final {
          i = bytes.count  // a truncated scalar at the very end: drop it
        } else {
          splitScalar = true
        }
        reachedEnd = true
        break scan
      case .invalid:
        if scalars.isEmpty { return .drop(1) }  // skip one bad byte, resync
        break scan
      case .scalar(let scalar, let length):
        if UTF8Scalar.isControl(scalar) {
          if scalars.isEmpty { return .drop(length) }  // C1 control: not a key
          break scan
        }
        scalars.append(scalar)
        i += length
      }
    }
    if i == bytes.count { reachedEnd = true }
    if scalars.isEmpty { return final ? .drop(max(1, i - start)) : .incomplete }
    var graphemes = Array(String(scalars))
    var length = i - start
    if reachedEnd, !final, let last = graphemes.last, splitScalar || Self.expectsMore(last) {
      // The read ended inside a scalar, after a ZWJ or inside a flag: the
      // rest of the cluster is on its way.
      graphemes.removeLast()
      length -= last.utf8.count
      if graphemes.isEmpty { return .incomplete }
    }
    return .decoded(graphemes.map { .key(KeyEvent(.char($0))) }, length: length)
  }

  /// Whether a grapheme that ends the input is certainly unfinished.
  static func expectsMore(_ grapheme: Character) -> Bool {
    let scalars = grapheme.unicodeScalars
    guard let last = scalars.last else { return false }
    if last.value == 0x200D { return true }
    let regional = scalars.reversed().prefix { (0x1F1E6...0x1F1FF).contains($0.value) }.count
    return regional % 2 == 1
  }
}

/// Strict UTF-8 decoding of one scalar (no overlongs, no surrogates).
enum UTF8Scalar {
  enum Result {
    case scalar(Unicode.Scalar, length: Int)
    case incomplete
    case invalid
  }

  static func decode(_ bytes: [UInt8], at i: Int) -> Result {
    let b0 = bytes[i]
    if b0 < 0x80 { return .scalar(Unicode.Scalar(b0), length: 1) }
    let length = UTF8Lead.length(b0)
    guard length > 1 else { return .invalid }
    var value = UTF8Lead.payload(b0, length: length)
    for k in 1..<length {
      guard i + k < bytes.count else { return .incomplete }
      let b = bytes[i + k]
      guard (k == 1 ? UTF8Lead.secondByte(after: b0) : 0x80...0xBF).contains(b) else { return .invalid }
      value = value << 6 | UInt32(b & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return .invalid }
    return .scalar(scalar, length: length)
  }

  /// C0, DEL and C1 controls: never a printable key.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

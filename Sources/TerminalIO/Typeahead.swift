import SectionNavCore

/// Keys already read from the terminal and queued behind the one that opened
/// a prompt, given to the line editor as the bytes it would have read itself:
/// without this, `:goto 5` and Enter arriving in one read (pasted, or in one
/// packet over a slow link) lost everything after the `:` to the list.
enum Typeahead {
  /// The bytes of the events at the front of `events` that a line editor
  /// reads as typed — text and control keys, alone or with Alt, a paste
  /// without line breaks — and each one's byte count; it stops at the
  /// first other event (a mouse report, an arrow key, a resize).
  static func bytes(of events: ArraySlice<Event>) -> (bytes: [UInt8], lengths: [Int]) {
    var bytes: [UInt8] = []
    var lengths: [Int] = []
    for event in events {
      let typed: [UInt8]
      switch event {
      case .key(let k) where k.modifiers.isEmpty || k.modifiers == .alt:
        // Alt and a key: ESC before the key's bytes, as the terminal sent it.
        let lead: [UInt8] = k.modifiers == .alt ? [0x1B] : []
        if case .char(let c) = k.key {
          typed = lead + Array(String(c).utf8)
        } else if let b = k.key.controlByte {
          typed = lead + [b]
        } else {
          return (bytes, lengths)
        }
      case .paste(let text) where !text.utf8.contains(0x0A) && !text.utf8.contains(0x0D):
        // Partly read, the rest of a paste could not be given back.
        typed = Array(text.utf8)
      default:
        return (bytes, lengths)
      }
      bytes += typed
      lengths.append(typed.count)
    }
    return (bytes, lengths)
  }

  /// How many of the events `lengths` counted lie wholly within the first
  /// `used` bytes: the ones the line editor took.
  static func eventsTaken(lengths: [Int], used: Int) -> Int {
    var total = 0
    for (i, n) in lengths.enumerated() {
      total += n
      if total > used { return i }
    }
    return lengths.count
  }
}

/// The initials rows file under (`--lines`, `--group-by initial`), decided
/// from the row's bytes: an ASCII letter by its byte, any other leading
/// scalar once (`Initials.of` on its first sight, the fold the index
/// uses), so a million rows make no `String` each. Only rows that start
/// with what `Initials` skips (non-ASCII whitespace, an emoji) or that the
/// bytes at hand do not settle are decoded whole. With `--locale`, each
/// row's bucket comes from its bytes (a letter's bucket can depend on the
/// letters after it, so nothing is kept per letter).
struct InitialSections {
  let collation: LocaleCollation?
  /// The initials by id, in the order first met.
  private(set) var titles: [String] = []
  private var ids: [String: Int] = [:]
  /// Id per ASCII letter (0–25) and `#` (26), per leading scalar, per collation bucket; -1 or nil unset.
  private var asciiIDs = [Int](repeating: -1, count: 27)
  private var scalarIDs: [UInt32: Int] = [:]
  private var bucketIDs: [Int]

  init(collation: LocaleCollation?) {
    self.collation = collation
    bucketIDs = [Int](repeating: -1, count: collation?.labels.count ?? 0)
  }

  /// The id of the initial of a row whose text starts with `start` (all of
  /// it when `complete`). `text` gives the whole row when the bytes do not
  /// settle it; each call of it adds one to `decoded`.
  mutating func id(
    start: UnsafeBufferPointer<UInt8>, complete: Bool, decoded: inout Int, text: () -> String
  ) -> Int {
    var i = 0
    while i < start.count, Self.skipsByte(start[i]) { i += 1 }
    func whole() -> String {
      decoded += 1
      return text()
    }
    if let collation {
      // A cut start may end inside what the sort key reads.
      guard complete || start.count - i >= 48, i == start.count || start[i] < 0x80 || !leadsWithSkipped(start, i)
      else { return bucketID(collation.bucket(whole())) }
      let b = i < start.count ? collation.bucket(UnsafeBufferPointer(rebasing: start[i...])) : LocaleCollation.underflow
      return bucketID(b)
    }
    guard i < start.count else { return complete ? asciiID(26) : id(of: Initials.of(whole())) }
    let c = start[i]
    if c < 0x80 {
      let letter = (c | 0x20) &- 0x61
      return asciiID(letter < 26 ? Int(letter) : 26)
    }
    var bytes = UnsafeBufferPointer(rebasing: start[i..<min(start.count, i + 4)]).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return id(of: Initials.of(whole())) }
    if let known = scalarIDs[scalar.value] { return known }
    // Skipped by `Initials.of`: the letter after it decides, never cached by it.
    if scalar.properties.isWhitespace || scalar.properties.isEmoji { return id(of: Initials.of(whole())) }
    decoded += 1
    let prefix = String(decoding: UnsafeBufferPointer(rebasing: start[i..<min(start.count, i + 32)]), as: UTF8.self)
    let made = id(of: Initials.of(prefix))
    scalarIDs[scalar.value] = made
    return made
  }

  /// Whether a row's leading byte is passed over before its initial: an
  /// ASCII space, tab, line feed, vertical tab, form feed or carriage return.
  @inline(__always)
  static func skipsByte(_ b: UInt8) -> Bool { b == 0x20 || b &- 0x09 < 5 }

  /// Whether the scalar at `start[i]` (not ASCII) may be passed over before
  /// the initial (whitespace, an emoji): the row's text then decides.
  private func leadsWithSkipped(_ start: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
    var bytes = UnsafeBufferPointer(rebasing: start[i..<min(start.count, i + 4)]).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return false }
    return scalar.properties.isWhitespace || scalar.properties.isEmoji
  }

  private mutating func asciiID(_ slot: Int) -> Int {
    if asciiIDs[slot] < 0 {
      asciiIDs[slot] = id(of: slot == 26 ? Initials.other : Initials.latinLetters[slot])
    }
    return asciiIDs[slot]
  }

  private mutating func bucketID(_ b: Int) -> Int {
    if bucketIDs[b] < 0 { bucketIDs[b] = id(of: collation!.labels[b]) }
    return bucketIDs[b]
  }

  private mutating func id(of title: String) -> Int {
    if let known = ids[title] { return known }
    ids[title] = titles.count
    titles.append(title)
    return titles.count - 1
  }
}

/// One prompt history (`commands` or `search`), oldest entry first. A value, so
/// the prompt, the file and tests all see the same rules: blank lines are not
/// kept, re-entering a line moves it to the newest position, at most
/// `capacity` entries survive, and only as many as fit in `maximumFileSize`.
public struct History: Equatable, Sendable {
  /// How many entries are kept (the newest ones).
  public static let capacity = 1000

  /// The most the entries take in the file, one line each (1 MiB), and the
  /// most of a file that is read: 1000 entries of up to 4 KiB could reach
  /// 4 MiB, a file the next session refused whole, losing every entry.
  public static let maximumFileSize = 1 << 20

  /// Entries, oldest first.
  public private(set) var entries: [String] = []

  public init() {}

  /// A history holding `entries` (oldest first) under the usual rules.
  public init(entries: some Sequence<String>) {
    // Newest first, so the first occurrence of a line is the one that stays.
    var seen = Set<String>()
    var kept: [String] = []
    var size = 0
    for line in entries.reversed() {
      guard kept.count < Self.capacity, let entry = Self.entry(line), seen.insert(entry).inserted
      else { continue }
      size += entry.utf8.count + 1
      if size > Self.maximumFileSize { break }
      kept.append(entry)
    }
    self.entries = kept.reversed()
  }

  /// Adds `line` as the newest entry.
  public mutating func add(_ line: String) {
    guard let entry = Self.entry(line) else { return }
    entries.removeAll { $0 == entry }
    entries.append(entry)
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    var size = entries.reduce(0) { $0 + $1.utf8.count + 1 }
    var dropped = 0
    while size > Self.maximumFileSize {
      size -= entries[dropped].utf8.count + 1
      dropped += 1
    }
    entries.removeFirst(dropped)
  }

  /// Longest entry kept, in UTF-8 bytes (4 KiB): a longer line is not
  /// remembered, so `Up` never pulls a giant line into the prompt.
  public static let maximumEntryLength = 4096

  /// The stored form of a line: one file line per entry, so line breaks become
  /// spaces; nil for a blank line or one longer than `maximumEntryLength`.
  static func entry(_ line: String) -> String? {
    guard line.utf8.count <= maximumEntryLength else { return nil }
    let entry =
      line.contains(where: \.isNewline) ? String(line.map { $0.isNewline ? " " : $0 }) : line
    return entry.allSatisfy(\.isWhitespace) ? nil : entry
  }
}

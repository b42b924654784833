import CICU
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A locale's collation and alphabetic index, from ICU (`--locale`): the
/// section order (one sort key per title, compared as bytes, digit runs as
/// numbers) and the buckets titles file under (`AlphabeticIndex`). ICU is
/// loaded on first use (`CICU`); the C locale never gets here and keeps
/// the folding rules of `Folding` and `Initials`.
public final class LocaleCollation: @unchecked Sendable, Equatable, CustomStringConvertible {
  // @unchecked: ICU collators are safe to share between threads for
  // comparing and making keys (their const API), and nothing here changes
  // after `init`.

  /// The ICU locale id (`sv_SE`, `zh_TW`, `ja`).
  public let locale: String
  let collator: OpaquePointer
  /// The visible buckets' labels, in order (`#`, `A`, …, `Z`, `Å`, `Ä`, `Ö`, `…`).
  public let labels: [String]
  /// Where names file: the buckets' boundaries and the visible bucket of each.
  let filing: Filing
  /// Set where the visible buckets do not come in the collation's order:
  /// Chinese files Latin `Apple` under A with the pinyin-A `阿`, though it
  /// sorts every Han name first. Sort keys then start with the bucket, as
  /// ICU's AlphabeticIndex sorts its records within buckets, so a title
  /// always sorts among the titles of its index entry.
  let keyFiling: Filing?
  /// The visible bucket of each label.
  let bucketOfLabel: [String: Int]
  /// The visible bucket `#`: names before the first label.
  public static let underflow = 0

  public var description: String { locale }

  /// Whether ICU has data for the locale's language: a name it does not
  /// know (`sve`, a typo for `sv`) opens its root order without a word.
  public var knownToICU: Bool {
    let valid = String(cString: cicu_collator_valid_locale(collator))
    if valid != "root" { return true }
    let language = locale.prefix { $0.isLetter }.lowercased()
    return language == "root" || language == "und"
  }

  public static func == (a: LocaleCollation, b: LocaleCollation) -> Bool { a.locale == b.locale }

  /// Why a locale cannot be used.
  public struct Unavailable: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  private init(locale: String, collator: OpaquePointer) {
    self.locale = locale
    self.collator = collator
    let index = AlphabeticIndex(collator: collator, locale: locale)
    var labels: [String] = []
    var visibleIndex: [Int: Int] = [:]
    for (i, b) in index.buckets.enumerated() where b.display == nil {
      visibleIndex[i] = labels.count
      labels.append(b.label)
    }
    if labels.isEmpty { labels = [AlphabeticIndex.underflowLabel] }
    self.labels = labels
    let visible = index.buckets.enumerated().map { i, b in visibleIndex[b.display ?? i] ?? 0 }
    var keys: [[UInt8]] = []
    for b in index.buckets {
      keys.append(Self.key(collator, primary: true, b.lowerBoundary))
    }
    filing = Filing(boundaries: keys.isEmpty ? [[0]] : keys, visible: visible.isEmpty ? [0] : visible)
    keyFiling = zip(filing.visible, filing.visible.dropFirst()).allSatisfy { $0 <= $1 } ? nil : filing
    var byLabel: [String: Int] = [:]
    for (i, label) in labels.enumerated() where byLabel[label] == nil { byLabel[label] = i }
    bucketOfLabel = byLabel
  }

  deinit { cicu_collator_close(collator) }

  private static let cache = Mutex<[String: LocaleCollation]>([:])

  /// The collation of `locale` (an ICU id; opened once per process).
  public static func open(_ locale: String) throws(Unavailable) -> LocaleCollation {
    if let known = cache.withLock({ $0[locale] }) { return known }
    var error = [CChar](repeating: 0, count: 256)
    guard let collator = cicu_collator_open(locale, &error, Int32(error.count)) else {
      throw Unavailable(
        description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    let made = LocaleCollation(locale: locale, collator: collator)
    return cache.withLock { known in
      if let other = known[locale] { return other }
      known[locale] = made
      return made
    }
  }

  /// The ICU locale a POSIX locale name stands for — `sv_SE.UTF-8` → `sv_SE`,
  /// `de_DE.UTF-8@collation=phonebook` → `de_DE@collation=phonebook` (the
  /// codeset dropped, ICU's keywords kept), glibc's script modifiers as
  /// scripts (`sr_RS@latin` → `sr_Latn_RS`: dropped, it was Cyrillic
  /// Serbian) and `@valencia` as ICU's variant; other modifiers (`@euro`)
  /// dropped — or nil for the C locale (`C`, `POSIX`, `C.UTF-8`, empty).
  public static func icuLocale(_ name: String) -> String? {
    var id = Substring(name)
    var modifier: Substring = ""
    if let at = id.firstIndex(of: "@") {
      modifier = id[id.index(after: at)...]
      id = id[..<at]
    }
    if let dot = id.firstIndex(of: ".") { id = id[..<dot] }
    if id.isEmpty || id == "C" || id == "POSIX" { return nil }
    if modifier.contains("=") { return id + "@" + modifier }
    let parts = id.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
    if let script = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva"][modifier.lowercased()] {
      return parts.count == 2 ? "\(parts[0])_\(script)_\(parts[1])" : "\(id)_\(script)"
    }
    if modifier.lowercased() == "valencia" { return parts.count == 2 ? id + "_VALENCIA" : id + "_ES_VALENCIA" }
    return String(id)
  }

  /// Whether `name` can be a locale name (letters, digits, `_ - . @ = ;`).
  public static func isWellFormed(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 100
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || "0123456789_-.@=;".unicodeScalars.contains($0))
      }
  }

  /// The locale the environment asks for: `LC_ALL`, else `LC_COLLATE`, else `LANG` (the first set and not empty).
  public static func environmentLocale(_ environment: [String: String]) -> String? {
    for name in ["LC_ALL", "LC_COLLATE", "LANG"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return nil
  }

  static func key(_ collator: OpaquePointer, primary: Bool, _ text: ICUText.Units) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 64)
    while true {
      let n = out.withUnsafeMutableBufferPointer {
        cicu_sort_key(collator, primary ? 1 : 0, text, Int32(text.count), $0.baseAddress, Int32($0.count))
      }
      if Int(n) <= out.count { return Array(out.prefix(Int(n))) }
      out = [UInt8](repeating: 0, count: Int(n))
    }
  }

  /// Appends the full-strength sort key of `title` (digit runs as numbers) to `bytes`.
  public func appendSortKey(_ title: String, to bytes: inout [UInt8]) {
    Self.appendSortKey(collator, title, filing: keyFiling, to: &bytes)
  }

  /// `appendSortKey` with the collator alone: two threads making keys
  /// with one `LocaleCollation` would otherwise retain and release that
  /// one object for every title, and its shared reference count costs
  /// more than the key (measured: a third of the time on two cores).
  /// `filing`: `keyFiling`, whose bucket then comes first.
  static func appendSortKey(_ collator: OpaquePointer, _ title: String, filing: Filing?, to bytes: inout [UInt8]) {
    // Keyed as filed: past leading whitespace and emoji, as `bucket` reads it.
    if let c = title.utf8.first, c <= 0x20 || c >= 0x80, let first = title.first,
      first.isWhitespace || Initials.isEmoji(first)
    {
      // Emoji only: keyed whole, as filed.
      let rest = Initials.filed(title)
      if rest.utf8.count < title.utf8.count { return appendSortKey(collator, rest, filing: filing, to: &bytes) }
    }
    let start = bytes.count
    // Room for the bucket, written once the key tells it.
    if filing != nil { bytes.append(contentsOf: [0, 0]) }
    let done: Void? = title.utf8.withContiguousStorageIfAvailable { t in
      appendKey(collator, t, primary: false, to: &bytes)
    }
    if done == nil {
      var title = title
      title.withUTF8 { t in appendKey(collator, t, primary: false, to: &bytes) }
    }
    guard let filing else { return }
    let bucket = bytes.withUnsafeBufferPointer {
      filing.bucket(ofKey: UnsafeBufferPointer(rebasing: $0[(start + 2)...]))
    }
    bytes[start] = UInt8(truncatingIfNeeded: bucket >> 8)
    bytes[start + 1] = UInt8(truncatingIfNeeded: bucket)
  }

  func appendKey(_ text: UnsafeBufferPointer<UInt8>, primary: Bool, to bytes: inout [UInt8]) {
    Self.appendKey(collator, text, primary: primary, to: &bytes)
  }

  static func appendKey(
    _ collator: OpaquePointer, _ text: UnsafeBufferPointer<UInt8>, primary: Bool, to bytes: inout [UInt8]
  ) {
    let start = bytes.count
    var room = max(32, text.count * 3 + 8)
    while true {
      bytes.append(contentsOf: repeatElement(0, count: room))
      let n = bytes.withUnsafeMutableBufferPointer { b in
        text.withMemoryRebound(to: CChar.self) { t in
          cicu_sort_key_utf8(
            collator, primary ? 1 : 0, t.baseAddress, Int32(t.count), b.baseAddress! + start, Int32(room))
        }
      }
      if Int(n) <= room {
        // Without the terminating 0: keys are compared with their lengths.
        bytes.removeLast(room - max(Int(n) - 1, 0))
        return
      }
      bytes.removeLast(room)
      room = Int(n)
    }
  }

  /// The primary-strength key of `text` (accents and case ignored), without its terminating 0.
  public func primaryKey(_ text: String) -> [UInt8] {
    var text = text
    var key: [UInt8] = []
    text.withUTF8 { appendKey($0, primary: true, to: &key) }
    return key
  }

  /// The visible bucket `title` files under (an index into `labels`);
  /// leading whitespace and emoji are skipped, as the C locale's initials
  /// skip them (`🇫🇷 France` under F).
  public func bucket(_ title: String) -> Int {
    var title = Initials.filed(title)
    return title.withUTF8 { bucket($0) }
  }

  /// The bucket of the text in `bytes` (UTF-8), judged by its first 48
  /// bytes — or more, while those are all ignorable (soft hyphens, zero-width
  /// spaces, combining marks: 17 ZWSPs before `Zorn` filed it under `#`).
  public func bucket(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var limit = 48
    while true {
      let (bucket, weighed) = bucket(bytes, prefix: limit)
      if weighed || limit >= bytes.count { return bucket }
      limit *= 4
    }
  }

  /// The bucket of the first `prefix` bytes of `bytes` (cut at a character
  /// boundary), and whether they have any primary weight.
  private func bucket(_ bytes: UnsafeBufferPointer<UInt8>, prefix: Int) -> (Int, weighed: Bool) {
    var n = min(bytes.count, prefix)
    // Cut at a character boundary.
    while n < bytes.count, n > 0, bytes[n] & 0xC0 == 0x80 { n -= 1 }
    var small: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &small) { raw in
      let key = raw.bindMemory(to: UInt8.self)
      let length = bytes.withMemoryRebound(to: CChar.self) { t in
        cicu_sort_key_utf8(collator, 1, t.baseAddress, Int32(n), key.baseAddress, Int32(key.count))
      }
      if Int(length) > key.count {
        var long = [UInt8](repeating: 0, count: Int(length))
        _ = long.withUnsafeMutableBufferPointer { l in
          bytes.withMemoryRebound(to: CChar.self) { t in
            cicu_sort_key_utf8(collator, 1, t.baseAddress, Int32(n), l.baseAddress, length)
          }
        }
        return (long.withUnsafeBufferPointer { filing.locate(UnsafeRawBufferPointer($0)) }, true)
      }
      // A key of its terminating 0 alone: nothing weighed.
      return (filing.locate(UnsafeRawBufferPointer(rebasing: raw[..<Int(length)])), length > 1)
    }
  }

  /// The buckets' boundaries, and which visible bucket each shows under.
  struct Filing: @unchecked Sendable {
    /// Primary sort keys of every bucket's lower boundary (visible or not), in order.
    let boundaries: [[UInt8]]
    /// For every bucket, the visible bucket its names show under.
    let visible: [Int]

    /// The visible bucket of a name with primary key `key` (with its 0): the
    /// last bucket whose lower boundary is not after it (`getBucketIndex`).
    func locate(_ key: UnsafeRawBufferPointer) -> Int { search { Self.less(key, boundaries[$0]) } }

    /// The visible bucket of a name whose full sort key (without its 0)
    /// is `key`: its primary weights, up to the first level separator (1),
    /// and a 0 are its primary key (compared here without being copied).
    func bucket(ofKey key: UnsafeBufferPointer<UInt8>) -> Int {
      let weights = UnsafeRawBufferPointer(
        UnsafeBufferPointer(rebasing: key[..<(key.firstIndex(of: 1) ?? key.endIndex)]))
      return search { Self.less(weights, thenZero: boundaries[$0]) }
    }

    /// The visible bucket of the last boundary not after the name
    /// (`before(i)`: the name sorts before boundary `i`).
    private func search(_ before: (Int) -> Bool) -> Int {
      var start = 0
      var limit = boundaries.count
      while start + 1 < limit {
        let i = (start + limit) / 2
        if before(i) { limit = i } else { start = i }
      }
      return visible[start]
    }

    private static func less(_ a: UnsafeRawBufferPointer, _ b: [UInt8]) -> Bool {
      b.withUnsafeBytes { b in
        let n = min(a.count, b.count)
        let r = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
        return r != 0 ? r < 0 : a.count < b.count
      }
    }

    /// `less` of `a` followed by a 0.
    private static func less(_ a: UnsafeRawBufferPointer, thenZero b: [UInt8]) -> Bool {
      b.withUnsafeBytes { b in
        let n = min(a.count, b.count)
        let r = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
        if r != 0 { return r < 0 }
        // Equal so far: a's 0 against b's next byte, then the lengths.
        guard a.count < b.count else { return false }
        return b[a.count] != 0 || a.count + 1 < b.count
      }
    }
  }

  /// The label `title` files under.
  public func label(_ title: String) -> String { labels[bucket(title)] }

  /// The bucket a label names (a section title made by grouping), else the bucket the text files under.
  public func bucket(label: String) -> Int { bucketOfLabel[label] ?? bucket(label) }

  /// The bucket a section files under: a title made by grouping names its
  /// bucket; one from the data files as ICU files it, though it equal a
  /// label (`…`, `1劃`: ICU files them under `#`).
  public func bucket(of section: SectionedList.Section) -> Int {
    section.derived ? bucket(label: section.title) : bucket(section.title)
  }
}

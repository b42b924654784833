/// Loads sectioned JSON in one pass: validates the whole document against
/// RFC 8259 while recording, for every item, only its byte range in the
/// buffer. Item text is decoded later, when a row is drawn (`SectionedList`).
///
/// Accepted shapes: an object `{"Title": [items…], …}` (sections sorted by
/// `NaturalOrder` unless `keepOrder`) or an array
/// `[{"title": "T", "items": [items…]}, …]` (an explicit order, always
/// kept; other keys ignored; a repeated `"title"`/`"items"` key replaces
/// the earlier one, as in most JSON decoders). Duplicate titles merge, in
/// order, into the first. Items may be any JSON value. Valid JSON of another shape is
/// `.notSectioned` at the first offending value — unless the document also
/// has a syntax error, which wins: the scan always runs to the end.
///
/// Limits (RFC 8259 §9 lets a parser set them): nesting deeper than
/// `maximumDepth` (10 000) levels is `.invalidJSON` ("nesting deeper than
/// 10000 levels"); inputs must be under 1 TiB. Implementation-defined cases:
/// invalid UTF-8 inside strings and lone surrogate escapes are accepted and
/// shown as U+FFFD; a leading byte order mark is rejected (RFC 8259 §8.1).
public enum JSONIndexer {
  /// Deepest nesting accepted.
  public static let maximumDepth = 10_000

  /// Validates `bytes` as RFC 8259 JSON and indexes it as sectioned data
  /// (copies the bytes; prefer the `ByteBuffer` entry point for files).
  public static func load(_ bytes: [UInt8], options: LoadOptions = LoadOptions()) throws(LoadError)
    -> SectionedList
  {
    try load(ByteBuffer(bytes), options: options)
  }

  /// Validates `buffer` as RFC 8259 JSON and indexes it as sectioned data.
  /// The list keeps `buffer` alive.
  ///
  /// `progress`, when given, is called on the loading thread about every
  /// 4 MiB and once at the end, with the number of bytes scanned and a
  /// `snapshot` function: calling it (only during the callback) builds the
  /// list indexed so far — finished sections plus the open one — so a
  /// background load can show its first rows early. It shares the item
  /// ranges (they never change under it) and places only the sections new
  /// since the last one, but still lists every section, so take one when it
  /// is needed, not at every call. The load may still fail after a snapshot
  /// was shown.
  public static func load(
    _ buffer: ByteBuffer, options: LoadOptions = LoadOptions(),
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(LoadError) -> SectionedList {
    let cores = Cores.available
    return try loadHalves(buffer, options: options, progress: progress, parallel: cores >= 2).list
  }

  /// `load`, telling how many scans shared the work. `parallel`: let a
  /// second thread scan the second half of a document of `minimumSplitSize`
  /// bytes or more (`ScanSplit`; tests and the fuzzer split small ones).
  /// `itemLoops` false: this thread's scan walks every item through its
  /// general loop (`Scan.itemLoops`; tests compare the two).
  static func loadHalves(
    _ buffer: ByteBuffer, options: LoadOptions,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)?, parallel: Bool,
    minimumSplitSize: Int = ScanSplit.minimumSize, itemLoops: Bool = true
  ) throws(LoadError) -> (list: SectionedList, halves: Int) {
    var scan = Scan(buffer: buffer, itemField: options.itemField, collation: options.collation)
    scan.itemLoops = itemLoops
    let split = parallel ? ScanSplit.start(buffer, options: options, minimumSize: minimumSplitSize) : nil
    defer { split?.cancel() }
    do {
      try scan.run(options: options, progress: progress, split: split)
    } catch {
      scan.items.discard()
      throw TextPosition.error(.invalidJSON, in: buffer, at: error.offset, error.message, cause: error.cause)
    }
    if let shape = scan.shapeFailure {
      scan.items.discard()
      throw TextPosition.error(.notSectioned, in: buffer, at: shape.offset, shape.message)
    }
    let halves = scan.adopted ? 2 : 1
    return (scan.finish(options: options), halves)
  }
}

/// The state of one indexing pass. A struct with the loop in one method, so
/// the hot variables stay in registers.
struct Scan {
  typealias Pointer = UnsafePointer<UInt8>

  /// What the document turned out to be.
  enum Shape {
    case undecided, objectOfSections, arrayOfSections, other
  }

  /// The input (for a stream still arriving, its growing buffer until `finish`).
  var buffer: ByteBuffer
  var items: PackedRangesBuilder
  /// The items a second half found (`adopt`), after `items`: kept as that
  /// scan made them, not copied (`PackedRanges.later`).
  var laterItems: PackedRanges? = nil
  var sections = RawSections()
  /// `NaturalOrder.sortKey` of each of `sections`' titles, made once (snapshots reuse them).
  var sortKeys: NaturalOrder.SortKeys
  /// The order of `sections` so far, updated by each snapshot and at the end.
  var order = SectionOrder()
  var shape = Shape.undecided
  var shapeFailure: SyntaxFailure?
  /// The widest item so far: exact for most, pending for the few whose
  /// width the bytes only bound (`ItemWidth`).
  var widest = ItemWidth.Widest()
  /// `--item-field` as bytes, when objects are shown by a field.
  let itemField: [UInt8]?
  /// Whether a second thread scanned the rest (`adopt`).
  var adopted = false
  /// Each section's sort key is made as it is noted (`run`: sections
  /// are sorted, in the C locale), from its title's bytes where they are
  /// ASCII (`SortKeys.append(ascii:)`), else from its `String`.
  var keysInScan = false
  /// Object and array items are skipped whole (`wholeItem`), string items
  /// after a plain one taken in a loop of their own (`stringItems`); off
  /// only to compare those with the general loop.
  var itemLoops = true

  /// `expectedBytes`: the input's size when `buffer` is only room for it (a stream).
  init(buffer: ByteBuffer, itemField: String? = nil, collation: LocaleCollation? = nil, expectedBytes: Int? = nil) {
    self.buffer = buffer
    sortKeys = NaturalOrder.SortKeys(collation: collation)
    self.itemField = itemField.map { Array($0.utf8) }
    // JSON of N bytes holds at most about N/2 values ("1,1,…"): room for
    // them all is reserved, so entries never move and snapshots share them.
    items = PackedRangesBuilder(reserving: (expectedBytes ?? buffer.count) / 2 + 16)
    // Room for a section per 64 bytes, reserved but touched only as used:
    // a file of many small sections then never copies its list as it
    // grows (a million sections moved 30 MB at each doubling). At most 4 M
    // (128 MB of address space): malloc must not refuse a huge file's.
    sectionRoom = min((expectedBytes ?? buffer.count) / 64, 1 << 22)
    sections.reserveCapacity(sectionRoom)
  }

  /// The sections room is reserved for (their sort keys' too, `keysInScan`).
  let sectionRoom: Int

  ///
  /// `entry`: start there instead of at the beginning, in the state of a
  /// section boundary (`ScanSplit`'s second half; `shape` is set). `split`:
  /// for the first half, hand over when reaching its start; for the second,
  /// where to report progress and look for cancellation. `feed`: the input
  /// is a stream still arriving (`JSONFollower`); where the bytes run out
  /// before its end, the scan waits for more and goes on from the token it
  /// was in (a cut token is scanned again: tokens have no side effects).
  mutating func run(
    options: LoadOptions, progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)?,
    entry: Int? = nil, split: ScanSplit? = nil, feed: StreamFollower.Feed? = nil
  ) throws(SyntaxFailure) {
    keysInScan = !options.keepOrder && sortKeys.collation == nil
    // About 12 bytes a key; untouched until used, as the sections' room.
    if keysInScan { sortKeys.reserve(keys: sectionRoom, bytes: sectionRoom * 16) }
    let base = buffer.base
    var end = base + (feed?.available ?? buffer.count)
    var p = JSONLexer.skipSpace(base + (entry ?? 0), end)
    // A stream: its first bytes may be still to come.
    while p == end, let feed, let n = feed.wait(beyond: end - base, items: 0, snapshot: { SectionedList([]) }) {
      end = base + n
      p = JSONLexer.skipSpace(p, end)
    }
    if entry == nil {
      if p == end {
        throw SyntaxFailure(
          offset: p - base, message: end == base ? "empty input" : "no JSON value (only whitespace)")
      }
      if p.pointee == 0xEF { throw SyntaxFailure.byteOrderMark }
      if p == base, ByteOrderMark.startsUTF16(p, count: end - p) { throw SyntaxFailure.utf16 }
    }

    let maxDepth = JSONIndexer.maximumDepth
    // Container kinds by depth: 1 = object, 0 = array. stack[0] is unused.
    let stack = UnsafeMutablePointer<UInt8>.allocate(capacity: maxDepth + 1)
    defer { stack.deallocate() }
    var depth = 0

    // Values at depths up to `watch` go through the shape hooks; items are
    // the values at `itemDepth` (-1: none open).
    var watch = 0
    var itemDepth = -1
    var itemStart = base
    // Whether the current item's display width is known exactly: no escapes,
    // no non-ASCII bytes, not an object shown by a field.
    var plain = true
    // Bytes the current string item's escapes take beyond their cells (`JSONLexer.skipString`).
    var saved = 0
    // Whitespace bytes skipped so far, to size compact JSON for free.
    var spaces = 0
    var itemSpaces = 0
    let objectsByField = options.itemField != nil
    // `--item-field`'s name in raw memory, for the per-member check.
    let fieldBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, itemField?.count ?? 0))
    fieldBytes.initialize(from: itemField ?? [], count: itemField?.count ?? 0)
    defer { fieldBytes.deallocate() }
    let fieldName = UnsafeBufferPointer(start: fieldBytes, count: itemField?.count ?? 0)
    // With `--item-field`: the item field's value in the current item, found
    // by the scan (so the object is never parsed again to measure it).
    var fieldStart: Pointer? = nil
    var fieldEnd: Pointer? = nil
    // Items up to `p` were noted by `stringItems` (the loop below notes none).
    var noted = false

    // Shape bookkeeping.
    var keyStart = base  // last key at a watched depth (its opening quote)
    var keyEnd = base
    var keyKind = 0  // array shape: 1 "title", 2 "items", 0 other
    var sectionTitle: String? = nil
    var sectionHasItems = false
    var sectionStart = base
    var sectionFirst = 0

    // Every 4 MiB: report progress and release the mapped pages left behind.
    var nextReport = (entry ?? 0) + (4 << 20)
    var released = entry ?? 0
    // The first half hands over to the second when it reaches this offset
    // (-1: never). A stream's rest may be split once it has all arrived.
    var split = split
    var handOffAt = entry == nil ? split?.offset ?? -1 : -1

    if entry != nil {
      // A section boundary: depth 1 of the document's object or array, after a ','.
      depth = 1
      if shape == .objectOfSections {
        stack[1] = 1
        watch = 1
        p = try Self.key(p, end, base, shape: shape, depth: 1, watch: 1, &keyStart, &keyEnd, &keyKind, &plain, &spaces)
      } else {
        stack[1] = 0
        watch = 2
      }
    }

    outer: while true {
      // A value starts at p (whitespace skipped, p < end not yet checked).
      if p == end {
        if more(&end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options) {
          // The space after a key's ':' may go on (the others are skipped waiting).
          let after = JSONLexer.skipSpace(p, end)
          spaces &+= after - p
          p = after
          continue outer
        }
        throw SyntaxFailure(offset: p - base, message: "unexpected end of input, expected a value")
      }
      var c = p.pointee
      var q = p
      if depth <= watch {
        if depth == itemDepth {
          itemStart = p
          itemSpaces = spaces
          plain = true
          saved = 0
          fieldStart = nil
          fieldEnd = nil
        } else {
          if feed != nil && c == 0x22 {
            // The hook may read the string (a section's title): all of it first.
            var ignored = true
            while true {
              do {
                _ = try JSONLexer.skipString(p, end, base, &ignored)
              } catch {
                if cut(
                  error, &end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
                {
                  continue
                }
              }
              break
            }
          }
          valueHook(
            at: p, c, end: end, depth: depth, keyKind: keyKind, watch: &watch, itemDepth: &itemDepth,
            sectionTitle: &sectionTitle, sectionHasItems: &sectionHasItems, sectionStart: &sectionStart,
            sectionFirst: &sectionFirst, keyStart: keyStart, keyEnd: keyEnd)
        }
      } else if objectsByField && depth == itemDepth + 1 && itemDepth >= 0 && stack[depth] == 1 {
        if Self.isItemField(keyStart, keyEnd, name: fieldName) {
          fieldStart = p
          fieldEnd = nil
        }
      }
      switch c {
      case 0x22:  // "
        if let after = JSONLexer.quickString(p, end, &plain) {
          p = after
          if depth == itemDepth && itemLoops && after - base < nextReport {
            // A string item: noted here, and those after it in a loop of their own.
            noteString(itemStart, after - itemStart, plain: plain, saved: 0)
            noted = true
            p = stringItems(after: after, end, limit: base + nextReport, handOff: handOffAt)
          }
        } else {
          let (wasPlain, wasSaved) = (plain, saved)
          while true {
            do {
              p = try JSONLexer.skipString(p, end, base, &plain, saved: &saved)
              break
            } catch {
              guard
                cut(error, &end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
              else { throw error }
              (plain, saved) = (wasPlain, wasSaved)
            }
          }
        }
      case 0x7B, 0x5B:  // { [
        if depth == itemDepth, itemLoops,
          let after = Self.wholeItem(
            p, end, base, depth: depth, field: objectsByField ? fieldName : nil, &plain, &spaces, &fieldStart, &fieldEnd
          )
        {
          // The item in one call (`wholeItem`); else the loop below redoes it.
          p = after
          break
        }
        if depth == maxDepth {
          throw SyntaxFailure(offset: p - base, message: "nesting deeper than \(maxDepth) levels")
        }
        if depth == itemDepth, c == 0x7B, objectsByField { plain = false }
        depth += 1
        let isObject: UInt8 = c == 0x7B ? 1 : 0
        stack[depth] = isObject
        q = skipSpace(p + 1, &end, feed, itemDepth, sectionTitle, first: sectionFirst, options: options)
        spaces &+= q - p - 1
        p = q
        if p < end, p.pointee == (isObject == 1 ? 0x7D : 0x5D) {
          // Empty container: closes at once.
          p += 1
          depth -= 1
          if depth + 1 == itemDepth || (shape != .other && depth < 2) {
            closeHook(
              closedDepth: depth + 1, at: p, watch: &watch, itemDepth: &itemDepth,
              sectionTitle: &sectionTitle, sectionHasItems: sectionHasItems, sectionStart: sectionStart,
              sectionFirst: sectionFirst)
          }
        } else if isObject == 1 {
          let watching = objectsByField && depth == itemDepth + 1 ? depth : watch
          if feed == nil {
            p = try Self.key(
              p, end, base, shape: shape, depth: depth, watch: watching, &keyStart, &keyEnd, &keyKind, &plain, &spaces)
          } else {
            p = try keyWaiting(
              p, &end, base, depth: depth, watch: watching, &keyStart, &keyEnd, &keyKind, &plain, &spaces, feed,
              open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
          }
          continue outer
        } else {
          continue outer
        }
      case 0x2D, 0x30...0x39:
        while true {
          do {
            q = try JSONLexer.skipNumber(p, end, base)
            // A number up to the end of the bytes so far may go on.
            if q == end
              && more(&end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
            {
              continue
            }
          } catch {
            if cut(error, &end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
            {
              continue
            }
            throw error
          }
          break
        }
        p = q
      case 0x74, 0x66, 0x6E:  // t f n
        while true {
          do {
            p = try JSONLexer.skipLiteral(p, end, base)
          } catch {
            if cut(error, &end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
            {
              continue
            }
            throw error
          }
          break
        }
      case 0x5D, 0x7D:
        throw SyntaxFailure(offset: p - base, message: "expected a value, found \(JSONLexer.describe(p, end))")
      default:
        throw SyntaxFailure(offset: p - base, message: "unexpected \(JSONLexer.describe(p, end)), expected a value")
      }

      // A value just ended at p: record it, then a ',' or a closing bracket.
      while true {
        if objectsByField, fieldStart != nil, fieldEnd == nil, depth == itemDepth + 1 { fieldEnd = p }
        if depth == itemDepth {
          let length = p - itemStart
          let first = itemStart.pointee
          if noted {
            noted = false  // by `stringItems`, up to here
          } else if first == 0x22 {
            noteString(itemStart, length, plain: plain, saved: saved)
          } else {
            items.append(offset: itemStart - base, length: length, plain: plain)
            // Objects and arrays are shown without the whitespace between tokens.
            let compact = first == 0x7B || first == 0x5B ? length - (spaces - itemSpaces) : length
            if plain {
              widest.note(exact: compact)
            } else {
              // An upper bound on its cells: an object shown by its field is
              // no wider than the field's bytes (a string's body's).
              var bound = compact
              if first == 0x7B, let s = fieldStart, let e = fieldEnd { bound = e - s - (s.pointee == 0x22 ? 2 : 0) }
              if bound > widest.floor {
                let field = fieldStart.flatMap { s in fieldEnd.map { (s, $0) } }
                measure(itemStart, length, compact: compact, field: field)
              }
            }
          }
          if p - base >= nextReport {
            if let progress {
              let open = itemDepth >= 0 ? sectionTitle : nil
              let other = split?.scanned.load(ordering: .relaxed) ?? 0
              progress(p - base + other) { snapshot(openTitle: open, openFirst: sectionFirst, options: options) }
            }
            if let feed {
              if split == nil, let rest = feed.takeSplit() {
                if rest.offset > p - base {
                  split = rest
                  handOffAt = rest.offset
                } else {
                  rest.cancel()
                }
              }
              let open = itemDepth >= 0 ? sectionTitle : nil
              feed.passed(p - base, items: items.count) {
                snapshot(openTitle: open, openFirst: sectionFirst, options: options)
              }
            }
            // Keep the last MiB: the open item and key may still be read back.
            let keep = (p - base) - (1 << 20)
            buffer.releasePages(from: released, to: keep)
            released = max(released, keep)
            nextReport += 4 << 20
            if let split {
              if let entry {
                if split.cancelled.load(ordering: .relaxed) { throw SyntaxFailure(offset: -1, message: "cancelled") }
                split.scanned.store(p - base - entry, ordering: .relaxed)
              } else if handOffAt >= 0 && p - base > handOffAt {
                // Passed the second half's start inside something else: the guess was wrong.
                split.cancel()
                handOffAt = -1
              }
            }
          }
        }
        if depth == 0 {
          p = skipSpace(p, &end, feed, itemDepth, sectionTitle, first: sectionFirst, options: options)
          if p != end {
            throw SyntaxFailure(
              offset: p - base, message: "unexpected \(JSONLexer.describe(p, end)) after the JSON value",
              cause: .valueAfterTheValue)
          }
          progress?(p - base) { snapshot(openTitle: nil, openFirst: 0, options: options) }
          return
        }
        q = skipSpace(p, &end, feed, itemDepth, sectionTitle, first: sectionFirst, options: options)
        spaces &+= q - p
        p = q
        if p == end { throw JSONLexer.notAfterValue(p, end, base, inObject: stack[depth] == 1) }
        c = p.pointee
        if c == 0x2C {  // ,
          q = skipSpace(p + 1, &end, feed, itemDepth, sectionTitle, first: sectionFirst, options: options)
          spaces &+= q - p - 1
          p = q
          if p - base == handOffAt, let split {
            handOffAt = -1
            if depth == 1 && itemDepth == -1 && shape == split.shape && watch == (shape == .objectOfSections ? 1 : 2) {
              try adopt(split, sorting: !options.keepOrder && shape == .objectOfSections)
              progress?(buffer.count) { snapshot(openTitle: nil, openFirst: 0, options: options) }
              return
            }
            split.cancel()
          }
          if stack[depth] == 1 {
            let watching = objectsByField && depth == itemDepth + 1 ? depth : watch
            if feed == nil {
              p = try Self.key(
                p, end, base, shape: shape, depth: depth, watch: watching, &keyStart, &keyEnd, &keyKind, &plain, &spaces
              )
            } else {
              p = try keyWaiting(
                p, &end, base, depth: depth, watch: watching, &keyStart, &keyEnd, &keyKind, &plain, &spaces, feed,
                open: itemDepth >= 0 ? sectionTitle : nil, first: sectionFirst, options: options)
            }
          } else if p < end, p.pointee == 0x5D {
            throw SyntaxFailure(offset: p - base, message: "expected a value after ',', found ']' (trailing comma)")
          }
          continue outer
        }
        if c == (stack[depth] == 1 ? 0x7D : 0x5D) {
          p += 1
          depth -= 1
          if depth + 1 == itemDepth || (shape != .other && depth < 2) {
            let closedSection = depth + 1 == itemDepth && shape == .objectOfSections
            closeHook(
              closedDepth: depth + 1, at: p, watch: &watch, itemDepth: &itemDepth,
              sectionTitle: &sectionTitle, sectionHasItems: sectionHasItems, sectionStart: sectionStart,
              sectionFirst: sectionFirst)
            if closedSection && itemLoops {
              // The sections after it in a loop of their own, while they are plain.
              let (after, stop) = sectionLoop(
                after: p, end, limit: base + nextReport, handOff: handOffAt, title: &sectionTitle, first: &sectionFirst)
              p = after
              if stop != .between {
                // Inside a section, as the general loop is after its `[` or a string item.
                (depth, stack[2], itemDepth, watch) = (2, 0, 2, 2)
                if stop == .atItem { continue outer }
                noted = true
              }
            }
          }
          continue
        }
        throw JSONLexer.notAfterValue(p, end, base, inObject: stack[depth] == 1)
      }
    }
  }

  /// Takes over the second half's results once this scan has reached its
  /// start in the state it assumed: waits for it, then appends its items,
  /// sections, sort keys and widths; its syntax error is this load's.
  /// `sorting`: the sections will be sorted — this half's ICU keys are
  /// made while the second half may still be scanning (it makes its own).
  mutating func adopt(_ split: ScanSplit, sorting: Bool) throws(SyntaxFailure) {
    if sorting { _ = makeSortKeys() }
    split.done.wait()
    if let failure = split.failure { throw failure }
    guard var second = split.second else { return }
    split.second = nil
    adopted = true
    let shift = items.count
    // Sort keys are made only when sections are sorted: this half's above, the second half its own.
    let keys = second.sortKeys.count > 0 && second.sortKeys.count == second.sections.count
    if second.items.count > 0 { laterItems = second.items.finish() }
    // The second half's sections and keys are kept as it made them, not copied.
    sections.adopt(second.sections, shift: shift)
    second.sections = RawSections()
    if keys { sortKeys.adopt(second.sortKeys) }
    second.sortKeys = NaturalOrder.SortKeys()
    widest.append(second.widest)
    if shapeFailure == nil { shapeFailure = second.shapeFailure }
    if second.shape == .other { shape = .other }
  }

  /// Notes a string item at `start`, `length` bytes with its quotes: its
  /// range, and its width when it could be the widest (a plain one's is
  /// its body's length; another's bytes less what its escapes save bound
  /// it, `saved`, and only one that could beat the widest is measured).
  @inline(__always)
  mutating func noteString(_ start: Pointer, _ length: Int, plain: Bool, saved: Int) {
    items.append(offset: start - buffer.base, length: length, plain: plain)
    let compact = length - 2
    if plain {
      widest.note(exact: compact)
    } else if compact - saved > widest.floor {
      measure(start, length, compact: compact, field: nil)
    }
  }

  /// The string items after one that ended at `p`, while each is the
  /// next value after a `,` and has no escape (`quickString`), noted one
  /// after another in this small loop instead of the general one (an
  /// array of plain strings: about a third of the instructions an item
  /// took). Returns the end of the last one noted; stops before anything
  /// else — another kind of value, an escape, the array's end, bytes not
  /// yet here, the second half's start (`handOff`) or the next progress
  /// report (`limit`) — which the general loop takes from there, as if
  /// this loop had not run. (The spaces between items are not counted:
  /// only those within an object or array item size it.)
  mutating func stringItems(after p: Pointer, _ end: Pointer, limit: Pointer, handOff: Int) -> Pointer {
    var p = p
    while true {
      let comma = JSONLexer.skipSpace(p, end)
      guard comma < end, comma.pointee == 0x2C else { return p }
      let next = JSONLexer.skipSpace(comma + 1, end)
      guard next < end, next.pointee == 0x22, next - buffer.base != handOff else { return p }
      var plain = true
      guard let after = JSONLexer.quickString(next, end, &plain), after < limit else { return p }
      noteString(next, after - next, plain: plain, saved: 0)
      p = after
    }
  }

  /// Whether the key `start..<end` (quotes included) is `name` (`--item-field`).
  /// Static and on raw bytes: it runs for every member of every item.
  @inline(__always)
  static func isItemField(_ start: Pointer, _ end: Pointer, name: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = end - start - 2
    if n == name.count && sameBytes(start + 1, name.baseAddress!, n) { return true }
    for i in 1...max(1, n) where start[i] == 0x5C || start[i] >= 0x80 {
      return JSONValueText.unescape(start, end - start) == String(decoding: name, as: UTF8.self)
    }
    return false
  }

  /// Notes the width of an item that is not plain: measured from its bytes
  /// when they tell it exactly, else kept with a bound for `finish`.
  /// `compact` is its length without the whitespace between tokens; `field`
  /// the range of its `--item-field` value, when it is an object that has one.
  @inline(never)
  mutating func measure(_ item: Pointer, _ length: Int, compact: Int, field: (Pointer, Pointer)?) {
    let offset = item - buffer.base
    var value = item
    var valueLength = length
    if let field {
      value = field.0
      valueLength = field.1 - field.0
    }
    switch value.pointee {
    case 0x22:
      // Text with marks or emoji is measured by clusters (`joinedBound`)
      // from its first joining scalar on, whatever its bound (a bound pass,
      // then clusters where it could beat the widest row, read most such
      // items twice).
      widest.note(
        offset: offset, length: length, TextWidth.cells(value + 1, valueLength - 2, escapes: true, floor: widest.floor))
    case 0x7B, 0x5B:
      if field == nil {
        // Shown as compact JSON: its own bytes (strings kept as written)
        // less the whitespace between tokens, each of which the bytes'
        // cells count as one. Measured from them, not decoded.
        let shown = TextWidth.cells(item, length, escapes: false).less(length - compact)
        widest.note(offset: offset, length: length, shown)
      } else {
        widest.note(offset: offset, length: length, TextWidth.Cells(cells: valueLength, exact: false, least: 0))
      }
    default:
      widest.note(exact: valueLength)
    }
  }

  /// A stream (`feed`) whose bytes run out at `end` for now: waits for
  /// more and moves `end`; false at the end of the input. The list so far
  /// (`open`: the section being filled, from item `first`) is offered to
  /// the feed's progress while the scan has caught up.
  @inline(never)
  mutating func more(
    _ end: inout Pointer, _ feed: StreamFollower.Feed?, open: String?, first: Int, options: LoadOptions
  ) -> Bool {
    guard let feed else { return false }
    let base = buffer.base
    let n = feed.wait(beyond: end - base, items: items.count) {
      snapshot(openTitle: open, openFirst: first, options: options)
    }
    guard let n else { return false }
    end = base + n
    return true
  }

  /// Whether `failure` may be only the stream cut short — it lies at the
  /// end of the bytes so far, or names a character whose UTF-8 sequence
  /// may go on past them (`JSONLexer.describe`) — and more has come
  /// (`more`): then the token is scanned again.
  mutating func cut(
    _ failure: SyntaxFailure, _ end: inout Pointer, _ feed: StreamFollower.Feed?, open: String?, first: Int,
    options: LoadOptions
  ) -> Bool {
    guard feed != nil else { return false }
    let at = failure.offset
    let available = end - buffer.base
    guard at >= available || at + 4 > available && buffer.base[at] >= 0x80 else { return false }
    return more(&end, feed, open: open, first: first, options: options)
  }

  /// The first non-space byte at or after `from`; a stream's scan waits
  /// there for more bytes when those it has end in space. A method given
  /// the loop's state, not a function nested in `run` capturing it: the
  /// capture made every hook call check exclusivity at run time.
  @inline(__always)
  mutating func skipSpace(
    _ from: Pointer, _ end: inout Pointer, _ feed: StreamFollower.Feed?, _ itemDepth: Int, _ sectionTitle: String?,
    first: Int, options: LoadOptions
  ) -> Pointer {
    let q = JSONLexer.skipSpace(from, end)
    if q != end { return q }
    return spaceWaiting(q, &end, feed, open: itemDepth >= 0 ? sectionTitle : nil, first: first, options: options)
  }

  /// `JSONLexer.skipSpace` having stopped at `end` (at `q`): the space
  /// goes on past it while more of a stream comes.
  @inline(never)
  mutating func spaceWaiting(
    _ q: Pointer, _ end: inout Pointer, _ feed: StreamFollower.Feed?, open: String?, first: Int, options: LoadOptions
  ) -> Pointer {
    var q = q
    while q == end && more(&end, feed, open: open, first: first, options: options) { q = JSONLexer.skipSpace(q, end) }
    return q
  }

  /// `key`, scanned again from `p` while a stream cut it short (`cut`).
  @inline(__always)
  mutating func keyWaiting(
    _ p: Pointer, _ end: inout Pointer, _ base: Pointer, depth: Int, watch: Int,
    _ keyStart: inout Pointer, _ keyEnd: inout Pointer, _ keyKind: inout Int,
    _ plain: inout Bool, _ spaces: inout Int, _ feed: StreamFollower.Feed?, open: String?, first: Int,
    options: LoadOptions
  ) throws(SyntaxFailure) -> Pointer {
    let (wasPlain, wasSpaces) = (plain, spaces)
    while true {
      do {
        return try Self.key(
          p, end, base, shape: shape, depth: depth, watch: watch, &keyStart, &keyEnd, &keyKind, &plain, &spaces)
      } catch {
        guard cut(error, &end, feed, open: open, first: first, options: options) else { throw error }
        (plain, spaces) = (wasPlain, wasSpaces)
      }
    }
  }

  /// Scans `"key" :` at p inside an object at `depth`; returns where the value starts.
  /// Static, with the shape passed in: a method copied the whole `Scan`
  /// (233 bytes) at every key, a fifth of the time on objects with `--item-field`.
  @inline(__always)
  static func key(
    _ p: Pointer, _ end: Pointer, _ base: Pointer, shape: Shape, depth: Int, watch: Int,
    _ keyStart: inout Pointer, _ keyEnd: inout Pointer, _ keyKind: inout Int,
    _ plain: inout Bool, _ spaces: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    if p == end || p.pointee != 0x22 { throw JSONLexer.notAKey(p, end, base) }
    var kp = true
    let after = try JSONLexer.skipString(p, end, base, &kp)
    if !kp { plain = false }
    if depth <= watch {
      keyStart = p
      keyEnd = after
      if shape == .arrayOfSections, depth == 2 { keyKind = Self.classify(p, after, kp) }
    }
    return try JSONLexer.skipColon(after, end, base: base, &spaces)
  }

  /// 1 for `"title"`, 2 for `"items"`, 0 for any other key.
  static func classify(_ start: Pointer, _ end: Pointer, _ plain: Bool) -> Int {
    let raw = UnsafeBufferPointer(start: start + 1, count: end - start - 2)
    let name: String
    if plain {
      if raw.elementsEqual("title".utf8) { return 1 }
      if raw.elementsEqual("items".utf8) { return 2 }
      return 0
    }
    name = JSONValueText.unescape(start, end - start)
    return name == "title" ? 1 : name == "items" ? 2 : 0
  }

  /// Shape checks for a value starting at `p` at a watched depth that is not an item.
  mutating func valueHook(
    at p: Pointer, _ c: UInt8, end: Pointer, depth: Int, keyKind: Int, watch: inout Int, itemDepth: inout Int,
    sectionTitle: inout String?, sectionHasItems: inout Bool, sectionStart: inout Pointer,
    sectionFirst: inout Int, keyStart: Pointer, keyEnd: Pointer
  ) {
    switch (shape, depth) {
    case (.undecided, 0):
      if c == 0x7B {
        shape = .objectOfSections
        watch = 1
      } else if c == 0x5B {
        shape = .arrayOfSections
        watch = 2
      } else {
        fail(
          at: p,
          "expected an object of sections ({\"Title\": [items…]}) or an array of sections ([{\"title\": …, \"items\": […]}]), found \(Self.kind(c))"
            + ShapeHint.lone,
          watch: &watch, itemDepth: &itemDepth)
      }
    case (.objectOfSections, 1):
      let title = JSONValueText.unescape(keyStart, keyEnd - keyStart)
      if c == 0x5B {
        sectionTitle = title
        sectionFirst = items.count
        itemDepth = 2
        watch = 2
      } else {
        fail(
          at: p,
          "section \(JSONText.quoted(title)) is not an array of items (found \(Self.kind(c)))"
            + ShapeHint.member(title, c),
          watch: &watch, itemDepth: &itemDepth)
      }
    case (.arrayOfSections, 1):
      if c == 0x7B {
        sectionTitle = nil
        sectionHasItems = false
        sectionStart = p
        sectionFirst = items.count
      } else {
        fail(
          at: p,
          "a section must be an object with \"title\" and \"items\" (found \(Self.kind(c)))" + ShapeHint.element(c),
          watch: &watch, itemDepth: &itemDepth)
      }
    case (.arrayOfSections, 2):
      if keyKind == 1 {
        if c == 0x22 {
          // The title string is scanned twice (here and by the main loop); titles are few.
          var ignored = true
          if let after = try? JSONLexer.skipString(p, end, buffer.base, &ignored) {
            sectionTitle = JSONValueText.unescape(p, after - p)
          }
        } else {
          fail(
            at: p, "a section's \"title\" must be a string (found \(Self.kind(c)))", watch: &watch,
            itemDepth: &itemDepth)
        }
      } else if keyKind == 2 {
        if c == 0x5B {
          items.truncate(to: sectionFirst)
          sectionHasItems = true
          itemDepth = 3
          watch = 3
        } else {
          fail(
            at: p, "a section's \"items\" must be an array (found \(Self.kind(c)))", watch: &watch,
            itemDepth: &itemDepth)
        }
      }
    default:
      break
    }
  }

  /// A container that may end a section just closed; `closedDepth` was its depth.
  mutating func closeHook(
    closedDepth: Int, at p: Pointer, watch: inout Int, itemDepth: inout Int, sectionTitle: inout String?,
    sectionHasItems: Bool, sectionStart: Pointer, sectionFirst: Int
  ) {
    if closedDepth == itemDepth {
      itemDepth = -1
      if shape == .objectOfSections {
        sections.append(RawSection(title: sectionTitle ?? "", end: items.count))
        if keysInScan { sortKeys.append(sectionTitle ?? "") }
        watch = 1
      } else {
        watch = 2
      }
      return
    }
    if shape == .arrayOfSections && closedDepth == 2 {
      if let title = sectionTitle, sectionHasItems {
        sections.append(RawSection(title: title, end: items.count))
      } else {
        fail(
          at: sectionStart,
          (sectionTitle == nil
            ? "a section has no \"title\" string" : "section \(JSONText.quoted(sectionTitle!)) has no \"items\" array")
            + ShapeHint.element(0x7B),
          watch: &watch, itemDepth: &itemDepth)
      }
      sectionTitle = nil
    }
  }

  /// Records the first shape error and stops tracking shape (validation goes on).
  mutating func fail(at p: Pointer, _ message: String, watch: inout Int, itemDepth: inout Int) {
    if shapeFailure == nil { shapeFailure = SyntaxFailure(offset: p - buffer.base, message: message) }
    shape = .other
    watch = -1
    itemDepth = -1
  }

  /// "a string", "a number", … for the value starting with `c`.
  static func kind(_ c: UInt8) -> String {
    switch c {
    case 0x22: return "a string"
    case 0x7B: return "an object"
    case 0x5B: return "an array"
    case 0x74, 0x66: return "a boolean"
    case 0x6E: return "null"
    default: return "a number"
    }
  }

  /// Merges duplicate titles and measures the widest item. Mutating, not
  /// consuming: consuming, the caller's copy of the scan kept the sort keys
  /// alive while the list was made (13 MB more peak memory a million sections).
  mutating func finish(options: LoadOptions) -> SectionedList {
    let widest = resolveWidest(options: options)
    // The scans are over: the pages each kept behind it go too (rows
    // shown later fault theirs back in from the page cache).
    buffer.releasePages(from: 0, to: buffer.count)
    let sorts = Self.sorts(options, shape)
    let list: SectionedList
    if sorts && order.placed < sections.count - order.placed && sections.count >= NaturalOrder.parallelCount
      && Cores.available > 1
    {
      // Mostly unplaced (no snapshot, or an early one): sorted all at once,
      // as `NaturalOrder.merge` would, and the list made straight from the sort.
      let keys = makeSortKeys()
      sortKeys = NaturalOrder.SortKeys()
      var (listed, repeating) = Self.sortedListed(sections, keys: consume keys)
      let ranges = Self.mergedSideBySide(&listed, repeating: repeating, finishedItems())
      list = SectionedList(
        sections: listed, store: .json(JSONItems(buffer: buffer, ranges: ranges, itemField: options.itemField)),
        maxItemWidth: widest)
    } else {
      // In file order, only whether titles repeat is asked.
      let repeats = sorts ? nil : order.lastDuplicates(sections)
      if sorts { order.update(sections, keys: makeSortKeys()) }
      sortKeys = NaturalOrder.SortKeys()  // not needed by the list: let go before it is made
      // Nor is the table of titles kept to find repeats in file order (a
      // million sections: 23 MB).
      let (sorted, duplicates) = (sorts ? order.sorted : nil, repeats ?? order.duplicates)
      order = SectionOrder()
      list = Self.assemble(
        sections, open: nil, finishedItems(), buffer: buffer, options: options, widest: widest,
        order: sorted, duplicates: duplicates)
    }
    if sections.count >= NaturalOrder.parallelCount {
      // The list has its own titles: the scan's go on another thread (a
      // million sections: 5 ms that the load does not wait for).
      let scans = (sections, order)
      (sections, order) = (RawSections(), SectionOrder())
      DetachedThread.release(scans)
    }
    return list
  }

  /// All items found, a second half's after this scan's (`laterItems`).
  func finishedItems() -> PackedRanges {
    let first = items.finish()
    return laterItems.map { PackedRanges(first, then: $0) } ?? first
  }

  /// The first `n` items, for a list made while the scan goes on (`snapshot`).
  mutating func sharedItems(_ n: Int) -> PackedRanges {
    guard let later = laterItems, n > items.count else { return items.share(n) }
    // Entries never move: the second half's first ones are a view of its storage.
    let rest = min(n - items.count, later.count)
    let part = rest == later.count ? later : PackedRanges(storage: later.storage, count: rest, overflow: later.overflow)
    return PackedRanges(items.share(items.count), then: part)
  }

  /// Whether sections are shown in natural order (else in file order).
  static func sorts(_ options: LoadOptions, _ shape: Shape) -> Bool {
    !options.keepOrder && shape != .arrayOfSections
  }

  /// The sort keys of all sections found so far. The C locale's are made
  /// as the sections are found (`keysInScan`); ICU's here, only the new
  /// ones — many at once (a whole file's, a first snapshot's) on two cores:
  /// an ICU key costs about a microsecond.
  mutating func makeSortKeys() -> NaturalOrder.SortKeys {
    let new = sortKeys.count..<sections.count
    if new.count >= NaturalOrder.parallelCount {
      sortKeys.append(contentsOf: .of(new.map { sections.title($0) }, collation: sortKeys.collation))
    } else if !new.isEmpty {
      sortKeys.append(keysOf: sections.titles(new))
    }
    return sortKeys
  }

  /// The widest item so far, decoding only pending items that could beat
  /// the widest exact one — and only those noted since the last call.
  mutating func resolveWidest(options: LoadOptions) -> Int {
    let base = buffer.base
    let field = options.itemField
    return widest.resolve { offset, length in
      TextSanitizer.width(JSONValueText.display(base + offset, length, itemField: field))
    }
  }

  /// What has been indexed so far as a list of its own: the finished
  /// sections, plus the open one when its title is known. It shares the
  /// item ranges (`PackedRangesBuilder.share`) and places only the sections
  /// new since the last snapshot (`SectionOrder`), so its cost grows with
  /// what is new, not with all found so far — bar the list of sections itself.
  mutating func snapshot(openTitle: String?, openFirst: Int, options: LoadOptions) -> SectionedList {
    let sorts = Self.sorts(options, shape)
    order.update(sections, keys: sorts ? makeSortKeys() : nil)
    let widest = resolveWidest(options: options)
    var listed = (order: sorts ? order.sorted : nil, duplicates: order.duplicates)
    var open: RawSection? = nil
    if let openTitle {
      assert(openFirst == sections.last?.end ?? 0, "items lie in sections, one after another")
      let section = RawSection(title: openTitle, end: items.count)
      if sorts { sortKeys.append(openTitle) }
      listed = order.with(section, sections: sections, keys: sorts ? sortKeys : nil)
      if sorts { sortKeys.removeLast() }
      open = section
    }
    let n = (open ?? sections.last)?.end ?? 0
    return Self.assemble(
      sections, open: open, sharedItems(n), buffer: buffer, options: options, widest: widest, order: listed.order,
      duplicates: listed.duplicates)
  }

  /// `sections` and `open` (a section after them, if any) over `items` as a
  /// list: in `order` (indices into them; nil: file order), duplicate titles
  /// merged when there are any.
  static func assemble(
    _ sections: RawSections, open: RawSection?, _ items: PackedRanges, buffer: ByteBuffer, options: LoadOptions,
    widest: Int, order: [Int]?, duplicates: Bool
  ) -> SectionedList {
    let store = { (ranges: PackedRanges) in
      ItemStore.json(JSONItems(buffer: buffer, ranges: ranges, itemField: options.itemField))
    }
    let count = sections.count + (open == nil ? 0 : 1)
    @inline(__always) func title(_ i: Int) -> String { i < sections.count ? sections.title(i) : open!.title }
    @inline(__always) func run(_ i: Int) -> Range<Int> {
      sections.firstItem(i)..<(i < sections.count ? sections.end(i) : open!.end)
    }
    if !duplicates {
      return SectionedList(
        sections: listed(sections, open: open, order: order), store: store(items), maxItemWidth: widest)
    }
    if let order {
      // Sorted: merged as a whole file's sorted sections are, so that a
      // stream's list and a file's hold their items alike.
      var list = listed(sections, open: open, order: order)
      let repeating = list.indices.dropFirst().filter { list[$0].title.sameScalars(as: list[$0 - 1].title) }
      let ranges = mergedSideBySide(&list, repeating: repeating, items)
      return SectionedList(sections: list, store: store(ranges), maxItemWidth: widest)
    }
    // In file order: each title's runs gathered where it was first seen.
    var groups: [(title: String, runs: [Range<Int>])] = []
    var firstIndex: [ExactName: Int] = [:]
    firstIndex.reserveCapacity(count)
    for i in 0..<count {
      if let g = firstIndex[ExactName(title(i))] {
        groups[g].runs.append(run(i))
      } else {
        firstIndex[ExactName(title(i))] = groups.count
        groups.append((title(i), [run(i)]))
      }
    }
    let (result, ranges) = merge(groups, items)
    return SectionedList(sections: result, store: store(ranges), maxItemWidth: widest)
  }

  /// How many sections ahead `listed` asks for the ones it will read.
  static let gatherAhead = 16

  /// The list's sections: `sections` then `open`, in `order`. Many are
  /// made on two cores, each filling half of the array: in sorted order
  /// every section read is a cache miss (a million take 80 ms on one),
  /// so each names the section it will read `gatherAhead` on.
  static func listed(_ sections: RawSections, open: RawSection?, order: [Int]?) -> [SectionedList.Section] {
    let count = sections.count + (open == nil ? 0 : 1)
    @Sendable func fill(_ out: UnsafeMutablePointer<SectionedList.Section>, _ range: Range<Int>) {
      for k in range {
        let i = order?[k] ?? k
        if let order, k + Self.gatherAhead < range.upperBound { sections.prefetch(order[k + Self.gatherAhead]) }
        if i < sections.count {
          (out + k).initialize(to: sections.listSection(i))
        } else {
          let first = sections.firstItem(i)
          let section = SectionedList.Section(title: open!.title, firstItem: first, itemCount: open!.end - first)
          (out + k).initialize(to: section)
        }
      }
    }
    return ForkJoin.array(count: count, prepare: { HugePages.prepare($0, count: count) }, fill)
  }

  /// `listed` (sorted: equal titles side by side, earliest first) with
  /// each stretch of equal titles made one section, its runs' items laid
  /// out one after another; `repeating`: where a title repeats the one
  /// before it, ascending (`sortedListed`). The items of the other
  /// sections keep their order (copied front to back, leaving out the
  /// stretches' runs), each such section moved back by the items left out
  /// before it; the stretches' items follow them. No title is read,
  /// retained or compared, and no item is read out of order but the
  /// stretches' (2 M sections of which a few repeat: gathering every item
  /// in sorted order took 0.15 s on one core, a cache miss each, after an
  /// array per title had been made).
  static func mergedSideBySide(_ listed: inout [SectionedList.Section], repeating: [Int], _ old: PackedRanges)
    -> PackedRanges
  {
    guard !repeating.isEmpty else { return old }
    let n = listed.count
    // The stretches (first section, one past the last) and their runs by where they start.
    var stretches: [Range<Int>] = []
    for k in repeating {
      if let last = stretches.last, last.upperBound == k {
        stretches[stretches.count - 1] = last.lowerBound..<k + 1
      } else {
        stretches.append(k - 1..<k + 1)
      }
    }
    var moved: [(first: Int, count: Int)] = []
    for stretch in stretches {
      for k in stretch { moved.append((listed[k].firstItem, listed[k].itemCount)) }
    }
    moved.sort { $0.first < $1.first }
    // `before[j]`: the items of the runs moved that start before `moved[j]`.
    var before = [Int](repeating: 0, count: moved.count + 1)
    for j in moved.indices { before[j + 1] = before[j] + moved[j].count }
    let movedBefore = MovedRuns(moved.map(\.first), items: old.count)
    var merged = PackedRangesBuilder(expected: old.count)
    @inline(__always) func copy(_ items: Range<Int>) {
      for i in items {
        let r = old.range(i)
        merged.append(offset: r.offset, length: r.length, plain: r.plain)
      }
    }
    var from = 0
    for run in moved {
      // An empty run may start where another does.
      if run.first > from { copy(from..<run.first) }
      from = max(from, run.first + run.count)
    }
    copy(from..<old.count)
    var kept = 0
    listed.withUnsafeMutableBufferPointer { buffer in
      let at = buffer.baseAddress!
      var next = 0  // into `repeating`
      var stretch = 0  // into `stretches`
      for k in 0..<n {
        if next < repeating.count && repeating[next] == k {
          // Laid out with the section it repeats.
          next += 1
          (at + k).deinitialize(count: 1)
          continue
        }
        let (first, count): (Int, Int)
        if stretch < stretches.count && stretches[stretch].lowerBound == k {
          // Its runs, this section's and those after it, where they still lie.
          first = merged.count
          for j in stretches[stretch] { copy(at[j].firstItem..<at[j].firstItem + at[j].itemCount) }
          count = merged.count - first
          stretch += 1
        } else {
          // Back by the moved items before it: the runs moved that start before its own.
          let was = at[k].firstItem
          (first, count) = (was - before[movedBefore.count(before: was)], at[k].itemCount)
        }
        if kept != k { (at + kept).moveInitialize(from: at + k, count: 1) }
        at[kept].place(firstItem: first, itemCount: count)
        kept += 1
      }
      // The places left behind hold nothing: filled to be dropped below.
      (at + kept).initialize(repeating: SectionedList.Section(title: "", firstItem: 0, itemCount: 0), count: n - kept)
    }
    listed.removeLast(n - kept)
    return merged.finish()
  }

  /// How many of some runs (by where they start, ascending) start before
  /// an item: the runs that start in the item's bucket of items (about one;
  /// empty runs may share a start, so searched, not stepped through). A
  /// binary search over all runs per section, its branches taken at
  /// random, was most of a merge's time (`grep` output by `path:line`: 628 k
  /// sections, 18 ms on one core).
  struct MovedRuns {
    let starts: [Int]
    /// `firstIn[b]`: how many runs start before bucket `b`'s first item.
    private let firstIn: [Int]
    private let shift: Int

    /// `starts` ascending, each below `items`.
    init(_ starts: [Int], items: Int) {
      self.starts = starts
      // Buckets of a power of two items, about as many as runs.
      let perRun = max(1, items / max(starts.count, 1))
      shift = Int.bitWidth - 1 - perRun.leadingZeroBitCount
      var firstIn = [Int](repeating: 0, count: (items >> shift) + 2)
      var j = 0
      for b in firstIn.indices {
        while j < starts.count, starts[j] >> shift < b { j += 1 }
        firstIn[b] = j
      }
      self.firstIn = firstIn
    }

    /// How many runs start before item `item` (at most `items`).
    @inline(__always) func count(before item: Int) -> Int {
      let b = item >> shift
      var (lo, hi) = (firstIn[b], firstIn[b + 1])
      while lo < hi {
        let mid = (lo + hi) / 2
        if starts[mid] < item { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
  }

  /// Lays each group of same-titled runs out one after another.
  static func merge(_ groups: [(title: String, runs: [Range<Int>])], _ old: PackedRanges) -> (
    [SectionedList.Section], PackedRanges
  ) {
    var merged = PackedRangesBuilder(expected: old.count)
    var result: [SectionedList.Section] = []
    result.reserveCapacity(groups.count)
    for group in groups {
      let first = merged.count
      for run in group.runs {
        for i in run {
          merged.append(offset: old.offset(i), length: old.length(i), plain: old.isPlain(i))
        }
      }
      result.append(.init(title: group.title, firstItem: first, itemCount: merged.count - first))
    }
    return (result, merged.finish())
  }

}

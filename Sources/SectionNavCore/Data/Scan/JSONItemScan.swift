#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One pass over JSON (or JSON Lines) that validates everything, as the
/// sectioned loader does, while picking out the items a `JSONPath` selects
/// and filing each under its `--group-by` section. Items stay byte ranges
/// into the buffer.
///
/// The scan can run on input that is still arriving: `run(available:eof:)`
/// goes as far as the bytes allow and, when a value is cut off by the end of
/// what has arrived, steps back to the last value that ended and waits for
/// more (a `Checkpoint`). A real error is reported as soon as its byte is
/// seen, so `/dev/zero` fails at byte 1 instead of filling memory.
struct JSONItemScan {
  typealias Pointer = UnsafePointer<UInt8>

  /// Everything the scan needs to resume at a value boundary.
  struct Checkpoint {
    var offset = 0
    var depth = 0
    /// Whether `offset` is just after a value (else: where a value starts).
    var afterValue = false
    var itemDepth = -1
    var items = 0
    var roots = 0
    var sequence = false
    var yields = false
    var firstRootStart = 0
    var firstRootEnd = 0
    /// Whitespace bytes skipped between tokens so far (compact widths for free).
    var spaces = 0
  }

  let buffer: ByteBuffer
  let steps: [JSONPath.Step]
  /// Member names of key steps, as UTF-8 (empty for other steps).
  let stepKeys: [[UInt8]]
  let pathText: String
  /// Where objects holding the item as a member are (`carrierMembers`), or -1.
  let carrierDepth: Int
  /// No `--path` was given: the document's top-level array (or each value
  /// of JSON Lines) holds the items.
  let implicit: Bool
  let lineMode: Bool
  let skipBad: Bool
  let grouping: GroupBy
  /// `--locale`'s collation (nil: the C locale).
  let collation: LocaleCollation?
  let store: (PackedRanges) -> ItemStore
  /// The one-item list for rendering an item to find its initial.
  let single = SingleRange()
  /// Rows come from fields (`--item-field`, `--item-format`), not the value as written.
  let rendersFields: Bool
  /// `--item-field`'s name as UTF-8 and whether `--item-format` is given (how an object's row starts).
  let itemFieldBytes: [UInt8]?
  let hasTemplate: Bool
  /// `--item-format`'s fields, planned once for measuring rows.
  let templateCells: TemplateCells?
  /// The named fields no item has had yet (an error at the end).
  var fieldCheck: FieldCheck

  var items: ItemGroups
  /// The live position and mode of the scan.
  var state = Checkpoint()
  /// `state` at the last value boundary, to step back to when the input runs out.
  var saved = Checkpoint()
  /// The first path error (a syntax error found later still wins).
  var pathFailure: SyntaxFailure?
  /// The path met something only jq's full semantics settle (`failPath`,
  /// a repeated key): `ItemStream` evaluates it once the input is complete.
  var needsEvaluation = false
  /// Member key hashes of the objects `[]` is taking the values of, by
  /// depth, each with where its key is (a key read again after stepping
  /// back to a checkpoint is not a repeat).
  var eachKeys: [[UInt64: Int]]
  /// Where the lines skipped under `--skip-bad` start.
  var skippedLines: [Int] = []
  /// Bad lines skipped under `--skip-bad`, and the first of them.
  var skipped = 0
  var firstSkipped: SyntaxFailure?
  /// Where the scan stepped back to wait for more input, and how far it had got.
  var wanted = 0
  var finished = false
  /// Only check the syntax: no path, no items.
  var validateOnly = false
  /// Object items go through `objectMembers`, and keys are matched by
  /// `MemberNames` (off only to compare both with the general loop).
  var objectItems = true
  /// The JSON line still arriving, how much of it has been checked, and
  /// where the search for its end stopped (an offset: the next search goes
  /// on from there, not from the line's start — a 1 GB line arriving in
  /// pipe-sized reads was searched again from its start on every read).
  var partialLineStart = -1
  var partialLineChecked = 0
  var partialLineSearched = 0
  /// Bytes looked through for line ends, in all (tests count them).
  var lineEndSearched = 0

  // Per path depth d (0…steps.count): whether the value at depth d is on
  // the path, where the child its key/index step matched starts (-1: none
  // yet; an offset, not a flag, so that a child read again after stepping
  // back to a checkpoint is not taken for a repeated key), how many
  // children have ended, and where it starts. Raw memory, as `stack`: the
  // hooks write them per value, and an array's write checks uniqueness.
  let onPath: UnsafeMutablePointer<Bool>
  let foundAt: UnsafeMutablePointer<Int>
  let elements: UnsafeMutablePointer<Int>
  let starts: UnsafeMutablePointer<Int>
  /// Container kinds by depth: 1 object, 0 array.
  let stack: UnsafeMutablePointer<UInt8>
  /// The member key most recently read at a watched depth.
  var keyStart = 0
  var keyEnd = 0
  var keyPlain = true
  var itemStart = 0
  var itemPlain = true
  /// What the escapes of the string last scanned save (`JSONLexer.scanString`'s
  /// `saved`): for a string item, its cells are at most its body's bytes less that.
  var stringSaved = 0
  /// `state.spaces` when the open item started.
  var itemSpaces = 0
  /// The `--group-by` field as member names, when it has no index step: its
  /// value is then found by the scan itself (no second pass over the item).
  /// Kept in raw memory (names back to back, `groupKeyOffsets[k]..<[k+1]`)
  /// so the per-member checks cost no reference counting.
  let groupDepth: Int
  let groupKeyBytes: UnsafeMutablePointer<UInt8>
  let groupKeyOffsets: UnsafeMutablePointer<Int>
  /// Whether the open item's member at each group depth is on the field's path.
  let groupOn: UnsafeMutablePointer<Bool>
  /// The open item's group value (offsets; `groupEnd` -1 when not seen).
  var groupStart = 0
  var groupEnd = -1
  /// The fields the open item's row shows, as the scan passes them.
  var shown: ShownFields
  /// Per member level of the open item (below `max(groupDepth, shown.levels)`),
  /// bit `L` (63: 63 or more) set when a name looked for there is `L` bytes
  /// long: most keys are passed over on their length alone (`memberStarts`).
  let nameLengths: UnsafeMutablePointer<UInt64>
  /// Where a row that starts with an escape has its first bytes decoded
  /// (`rowStart`): room for `rowPrefix` bytes and one more escape.
  let rowScratch = UnsafeMutablePointer<UInt8>.allocate(capacity: rowPrefix + 12)
  static let rowPrefix = 32
  /// The names looked for at each member level of the open item (below
  /// `max(groupDepth, shown.levels)`, at least one level).
  let memberNames: UnsafeMutablePointer<MemberNames>
  /// Those of the item's own members (level 0).
  var firstNames: MemberNames { memberNames[0] }

  init(
    buffer: ByteBuffer, options: LoadOptions, defaultTitle: String, store: @escaping (PackedRanges) -> ItemStore
  ) {
    self.buffer = buffer
    let path = options.path
    steps = path?.steps ?? []
    stepKeys = steps.map { if case .key(let k) = $0 { Array(k.utf8) } else { [] } }
    pathText = path?.text ?? "."
    carrierDepth = JSONItemScan.carrierDepth(of: steps)
    implicit = path == nil
    lineMode = options.format == .jsonLines
    skipBad = options.skipBad && lineMode
    grouping = options.groupBy ?? .single(path?.lastKey ?? defaultTitle)
    collation = options.collation
    self.store = store
    rendersFields = options.itemField != nil || options.itemFormat != nil
    itemFieldBytes = options.itemField.map { Array($0.utf8) }
    hasTemplate = options.itemFormat != nil
    templateCells = options.itemFormat.map { TemplateCells($0) }
    shown = ShownFields(itemField: itemFieldBytes, template: options.itemFormat)
    fieldCheck = FieldCheck(options)
    var keys: [[UInt8]] = []
    if case .field(let field) = options.groupBy,
      field.steps.allSatisfy({ if case .key = $0 { true } else { false } })
    {
      keys = field.steps.map { if case .key(let k) = $0 { Array(k.utf8) } else { [] } }
    }
    groupDepth = keys.count
    let all = keys.flatMap { $0 }
    groupKeyBytes = .allocate(capacity: max(1, all.count))
    groupKeyBytes.initialize(from: all, count: all.count)
    groupKeyOffsets = .allocate(capacity: keys.count + 1)
    var offset = 0
    for (k, key) in keys.enumerated() {
      groupKeyOffsets[k] = offset
      offset += key.count
    }
    groupKeyOffsets[keys.count] = offset
    groupOn = .allocate(capacity: max(1, keys.count))
    groupOn.initialize(repeating: false, count: max(1, keys.count))
    let levels = max(keys.count, shown.levels)
    nameLengths = .allocate(capacity: max(1, levels))
    nameLengths.initialize(repeating: 0, count: max(1, levels))
    for (k, key) in keys.enumerated() { nameLengths[k] |= 1 << UInt64(min(key.count, 63)) }
    for f in 0..<shown.count {
      for k in 0..<shown.depths[f] { nameLengths[k] |= 1 << UInt64(min(shown.nameLength[f * shown.levels + k], 63)) }
    }
    memberNames = .allocate(capacity: max(1, levels))
    for k in 0..<max(1, levels) {
      (memberNames + k).initialize(to: MemberNames(level: k, group: k < keys.count ? keys[k] : nil, shown: shown))
    }
    items = ItemGroups(expected: 1024, collation: options.collation, separate: true)
    let n = steps.count + 2
    onPath = .allocate(capacity: n)
    onPath.initialize(repeating: false, count: n)
    foundAt = .allocate(capacity: n)
    foundAt.initialize(repeating: -1, count: n)
    elements = .allocate(capacity: n)
    elements.initialize(repeating: 0, count: n)
    starts = .allocate(capacity: n)
    starts.initialize(repeating: 0, count: n)
    eachKeys = [[UInt64: Int]](repeating: [:], count: n)
    stack = .allocate(capacity: JSONIndexer.maximumDepth + 2)
    state.yields = path?.yieldsItems ?? lineMode
    saved = state
  }

  /// The state just after an element of a top-level array, where a second
  /// half (`ItemSplit`) starts: depth 1 in the array, one root so far, the
  /// elements the items (no `--path`, or `.`) or each the start of a path
  /// that yields them (`.[]…`).
  mutating func enterTopArray() {
    state.depth = 1
    state.afterValue = true
    state.itemDepth = elementItemDepth
    state.roots = 1
    stack[1] = 0
    onPath[0] = true
  }

  /// `state.itemDepth` between the elements of a top-level array: 1 when
  /// they are the items, -1 when a path (`.[]…`) starts at each of them.
  var elementItemDepth: Int { steps.isEmpty ? 1 : -1 }

  /// Frees what the scan allocated (call once, after the last list was made).
  mutating func release() {
    stack.deallocate()
    onPath.deallocate()
    foundAt.deallocate()
    elements.deallocate()
    starts.deallocate()
    groupKeyBytes.deallocate()
    groupKeyOffsets.deallocate()
    groupOn.deallocate()
    nameLengths.deallocate()
    rowScratch.deallocate()
    for k in 0..<max(1, max(groupDepth, shown.levels)) { memberNames[k].release() }
    memberNames.deinitialize(count: max(1, max(groupDepth, shown.levels)))
    memberNames.deallocate()
    shown.release()
  }

  var n: Int { steps.count }

  /// Scans up to `available` bytes. With `eof`, the input is complete and
  /// any cut-off value is an error; otherwise the scan waits at the last
  /// value boundary (`wanted` says how many bytes to wait for).
  mutating func run(available: Int, eof: Bool) throws(SyntaxFailure) {
    guard !finished else { return }
    wanted = 0
    let base = buffer.base
    let limit = base + available
    if lineMode {
      try runLines(limit: limit, eof: eof)
      return
    }
    do {
      try scan(from: base + state.offset, end: limit, eof: eof)
    } catch {
      if !eof && error.offset >= available {
        // Cut off by the end of what has arrived: resume from the last
        // boundary once the value there has had room to double (so a huge
        // value is not rescanned at every chunk).
        state = saved
        items.truncate(to: saved.items)
        wanted = saved.offset + 2 * (available - saved.offset) + 4096
        return
      }
      throw error
    }
  }

  /// JSON Lines: one value per line; a line is scanned once it is complete.
  mutating func runLines(limit: Pointer, eof: Bool) throws(SyntaxFailure) {
    let base = buffer.base
    var p = base + state.offset
    // Lines that are one compact object each, the usual JSON Lines, need no
    // search for their end first (`objectLine`); not a line seen arriving before.
    let objectLines = objectItems && implicit && !validateOnly
    while p < limit {
      if objectLines, p.pointee == 0x7B, p - base != partialLineStart, let next = objectLine(p, limit, eof: eof) {
        p = next
        state.offset = p - base
        continue
      }
      let searched = p - base == partialLineStart ? min(max(p, base + partialLineSearched), limit) : p
      let newline = memchrPointer(searched, limit)
      lineEndSearched &+= (newline ?? limit) - searched
      guard newline != nil || eof else {
        try checkPartialLine(from: p, limit: limit)
        partialLineSearched = limit - base
        break
      }
      let lineEnd = newline ?? limit
      let next = newline.map { $0 + 1 } ?? limit
      let before = items.count
      let widest = items.rows.bar
      state.depth = 0
      do throws(SyntaxFailure) {
        let start = JSONLexer.skipSpace(p, lineEnd)
        if start < lineEnd {
          try scan(from: start, end: lineEnd, eof: true)
          if let failure = pathFailure {
            pathFailure = nil
            throw failure
          }
        }
      } catch {
        guard skipBad else { throw error }
        items.truncate(to: before, widest: widest)
        skipped += 1
        skippedLines.append(p - base)
        if firstSkipped == nil { firstSkipped = error }
      }
      p = next
      state.offset = p - base
    }
    if eof { finished = true }
  }

  /// A line still arriving is checked now and then (each time it has
  /// doubled), so an endless bad line (`--jsonl /dev/zero`) fails at its
  /// first bad byte instead of being read to the end of memory.
  mutating func checkPartialLine(from p: Pointer, limit: Pointer) throws(SyntaxFailure) {
    let start = p - buffer.base
    if start != partialLineStart {
      partialLineStart = start
      partialLineChecked = 0
    }
    let length = limit - p
    guard !skipBad, length >= 2 * partialLineChecked + 65_536 else { return }
    partialLineChecked = length
    // In line mode, as the whole line will be: a value followed by more on
    // its line fails with the words the complete line's scan would use.
    var lines = LoadOptions()
    lines.format = .jsonLines
    var trial = JSONItemScan(buffer: buffer, options: lines, defaultTitle: "") { _ in .strings([]) }
    defer {
      trial.release()
      trial.items.discard()
    }
    trial.validateOnly = true
    trial.state.roots = 1
    do {
      try trial.scan(from: JSONLexer.skipSpace(p, limit), end: limit, eof: false)
    } catch {
      if error.offset < limit - buffer.base { throw error }
    }
  }

  /// Scans values from `p` to `end`. Outside line mode, `end` is where the
  /// input stops for now; in line mode, the end of the line.
  mutating func scan(from start: Pointer, end: Pointer, eof: Bool) throws(SyntaxFailure) {
    let base = buffer.base
    var p = start
    var depth = state.depth
    var spaces = state.spaces
    let watch = validateOnly ? -1 : n + 1 + max(groupDepth, shown.levels)
    // Values at depths up to `limit` go through the hooks: `watch`, or less
    // inside a member no field is looked for in (`memberStarts`).
    var limit = watch
    let maxDepth = JSONIndexer.maximumDepth
    var needValue = !state.afterValue
    if lineMode { needValue = true }
    if state.offset == 0, state.roots == 0, !lineMode {
      p = JSONLexer.skipSpace(p, end)
      if p == end {
        if !eof { throw SyntaxFailure(offset: end - base, message: "") }
        throw SyntaxFailure(offset: p - base, message: end == base ? "empty input" : "no JSON value (only whitespace)")
      }
      if p.pointee == 0xEF { throw SyntaxFailure.byteOrderMark }
      if p == base, ByteOrderMark.startsUTF16(p, count: end - p) { throw SyntaxFailure.utf16 }
    } else if state.offset == 0, lineMode, end - p >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
      // Refused in JSON Lines as in a JSON text, and said so the same way
      // (not as an unexpected U+FEFF).
      throw SyntaxFailure.byteOrderMark
    } else if state.offset == 0, lineMode, p == base, ByteOrderMark.startsUTF16(p, count: end - p) {
      throw SyntaxFailure.utf16
    }

    @inline(__always) func describe(_ p: Pointer) -> String { JSONLexer.describe(p, end) }

    while true {
      if needValue {
        if p == end { throw SyntaxFailure(offset: p - base, message: "unexpected end of input, expected a value") }
        let c = p.pointee
        // (Members below the path had theirs at their key: `memberStarts`.)
        if depth <= limit, depth <= n || stack[depth] == 0 { valueStarts(at: p, c, depth: depth, spaces: spaces) }
        switch c {
        case 0x22:
          var plain = true
          var saved = 0
          p = try JSONLexer.scanString(p, end, base, &plain, saved: &saved)
          if !plain { itemPlain = false }
          stringSaved = saved
        case 0x7B, 0x5B:
          // An object on the path whose member is the item (`.[].name`).
          let carrier = c == 0x7B && depth == carrierDepth && depth <= limit && state.itemDepth < 0 && onPath[depth]
          if c == 0x7B, objectItems, depth == state.itemDepth || carrier {
            // An object item, or a carrier, in a loop of its own
            // (`objectMembers`, `carrierMembers`); given back when it fails.
            var blank = spaces
            do {
              if carrier {
                p = try carrierMembers(p, end, depth: depth, &blank)
              } else {
                p = try objectMembers(p, end, depth: depth + 1, level: 0, &blank)
              }
              spaces = blank
              if depth <= limit {
                limit = watch
                ends(at: p, depth: depth, spaces: spaces)
              }
              needValue = false
              checkpoint(p, depth, spaces, limit: limit, watch: watch)
              continue
            } catch {
              if carrier { giveBackCarrier(depth: depth) } else { startItem(at: p - base, spaces: spaces) }
            }
          }
          if depth == maxDepth {
            throw SyntaxFailure(offset: p - base, message: "nesting deeper than \(maxDepth) levels")
          }
          depth += 1
          let isObject: UInt8 = c == 0x7B ? 1 : 0
          stack[depth] = isObject
          let q = JSONLexer.skipSpace(p + 1, end)
          spaces &+= q - p - 1
          p = q
          if p < end, p.pointee == (isObject == 1 ? 0x7D : 0x5D) {
            p += 1
            depth -= 1
            if depth <= limit { ends(at: p, depth: depth, spaces: spaces) }
            needValue = false
            checkpoint(p, depth, spaces, limit: limit, watch: watch)
            continue
          }
          if isObject == 1 {
            p = try key(p, end, depth: depth, watch: watch, &spaces)
            if depth <= limit + 1, depth <= watch, depth > n {
              limit = memberStarts(depth: depth, at: p) ? watch : depth - 1
            }
          }
          continue
        case 0x2D, 0x30...0x39:
          p = try JSONLexer.skipNumber(p, end, base)
          // A number up to the end of the bytes so far may go on: wait.
          // (A string or a literal is whole: it ends a split's first half.)
          if !eof && p == end { throw SyntaxFailure(offset: p - base, message: "") }
        case 0x74, 0x66, 0x6E:
          p = try JSONLexer.skipLiteral(p, end, base)
        case 0x5D, 0x7D:
          throw SyntaxFailure(offset: p - base, message: "expected a value, found \(describe(p))")
        default:
          throw SyntaxFailure(offset: p - base, message: "unexpected \(describe(p)), expected a value")
        }
        // A scalar ended.
        if depth <= limit { ends(at: p, depth: depth, spaces: spaces) }
        needValue = false
        checkpoint(p, depth, spaces, limit: limit, watch: watch)
        continue
      }
      // Just after a value at `depth`.
      if depth == 0 {
        let valueEnd = p
        p = JSONLexer.skipSpace(p, end)
        if p == end {
          if lineMode { return }
          if !eof { throw SyntaxFailure(offset: p - base, message: "") }
          finish(at: p)
          return
        }
        if lineMode {
          // Lines ended by CR alone (classic Mac) are one line to JSON Lines:
          // say so, rather than only "after the JSON value" at line 2.
          let crOnly = memchr(valueEnd, 0x0D, p - valueEnd) != nil
          throw SyntaxFailure(
            offset: p - base,
            message: "unexpected \(describe(p)) after the JSON value (one value per line"
              + (crOnly ? "; lines end with LF or CRLF, not CR alone)" : ")"))
        }
        // Several values are JSON Lines only when line breaks part them
        // (`[][]` stays invalid JSON, as RFC 8259 says).
        if memchr(valueEnd, 0x0A, p - valueEnd) == nil {
          throw SyntaxFailure(offset: p - base, message: "unexpected \(describe(p)) after the JSON value")
        }
        needValue = true
        continue
      }
      var q = JSONLexer.skipSpace(p, end)
      spaces &+= q - p
      p = q
      if p == end { throw JSONLexer.notAfterValue(p, end, base, inObject: stack[depth] == 1) }
      let c = p.pointee
      if c == 0x2C {
        q = JSONLexer.skipSpace(p + 1, end)
        spaces &+= q - p - 1
        p = q
        if stack[depth] == 1 {
          p = try key(p, end, depth: depth, watch: watch, &spaces)
          if depth <= limit + 1, depth <= watch, depth > n {
            limit = memberStarts(depth: depth, at: p) ? watch : depth - 1
          }
        } else if p < end, p.pointee == 0x5D {
          throw SyntaxFailure(offset: p - base, message: "expected a value after ',', found ']' (trailing comma)")
        }
        needValue = true
        continue
      }
      if c == (stack[depth] == 1 ? 0x7D : 0x5D) {
        p += 1
        depth -= 1
        if depth <= limit {
          // Out of the object whose quiet member lowered `limit`, if one did.
          limit = watch
          ends(at: p, depth: depth, spaces: spaces)
        }
        checkpoint(p, depth, spaces, limit: limit, watch: watch)
        continue
      }
      throw JSONLexer.notAfterValue(p, end, base, inObject: stack[depth] == 1)
    }
  }

  /// Remembers a value boundary to resume from when the input runs out —
  /// not inside a quiet member (`limit` below `watch`): the hooks skipped
  /// there leave state a resumed scan would misread.
  @inline(__always)
  mutating func checkpoint(_ p: Pointer, _ depth: Int, _ spaces: Int, limit: Int, watch: Int) {
    if lineMode || depth > n + 3 || (depth > limit && limit != watch) { return }
    let offset = p - buffer.base
    let count = items.count
    state.offset = offset
    state.depth = depth
    state.afterValue = true
    state.items = count
    state.spaces = spaces
    // Field by field, from registers: `saved = state` compiles to wide loads
    // of the fields just stored, which stall store-to-load forwarding
    // (the copy was ~40% of the scan loop on an array of objects).
    saved.offset = offset
    saved.depth = depth
    saved.afterValue = true
    saved.items = count
    saved.spaces = spaces
    saved.itemDepth = state.itemDepth
    saved.roots = state.roots
    saved.sequence = state.sequence
    saved.yields = state.yields
    saved.firstRootStart = state.firstRootStart
    saved.firstRootEnd = state.firstRootEnd
  }

  /// Scans `"key" :` at p inside an object at `depth`; returns where the value starts.
  @inline(__always)
  mutating func key(_ p: Pointer, _ end: Pointer, depth: Int, watch: Int, _ spaces: inout Int) throws(SyntaxFailure)
    -> Pointer
  {
    let base = buffer.base
    if p == end || p.pointee != 0x22 { throw JSONLexer.notAKey(p, end, base) }
    var plain = true
    let after = try JSONLexer.scanString(p, end, base, &plain)
    if !plain { itemPlain = false }
    if depth <= watch {
      keyStart = p - base
      keyEnd = after - base
      keyPlain = plain
    }
    return try JSONLexer.skipColon(after, end, base: base, &spaces)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fields an object item's row shows (`--item-field`, or every field
/// of `--item-format` when each is a chain of member names), found by the
/// scan as it passes the open item's members: measuring the row then needs
/// no second walk of the item. Kept in raw memory (as the `--group-by`
/// field is) so the per-member checks cost no reference counting.
struct ShownFields {
  /// How many fields are watched (0: none; rows are measured by looking up).
  let count: Int
  /// The most member names in one field.
  let levels: Int
  /// Per field, how many member names it has.
  let depths: UnsafeMutablePointer<Int>
  /// Field `f`'s `k`-th name is `names[nameStart[f * levels + k]..<+nameLength[…]]`.
  let names: UnsafeMutablePointer<UInt8>
  let nameStart: UnsafeMutablePointer<Int>
  let nameLength: UnsafeMutablePointer<Int>
  /// Whether the open item's member at each level is on field `f`'s way (`f * levels + k`).
  let on: UnsafeMutablePointer<Bool>
  /// The same by level, as one word each (bit `f`: field `f`): what a
  /// member one level deeper may go on with (`JSONItemScan.namedMember`).
  let onMask: UnsafeMutablePointer<UInt64>
  /// Where each field's value lies in the open item (`end` -1: not seen).
  let start: UnsafeMutablePointer<Int>
  let end: UnsafeMutablePointer<Int>
  /// Per field, the bytes its string's escapes take beyond the cells they
  /// show as at most (`JSONLexer.skipString`'s `saved`; 0 when not known):
  /// its body's bytes less this bound its row, and a `\u`-escaped text's
  /// bytes are five or six times its cells.
  let saved: UnsafeMutablePointer<Int>
  /// Per `--item-format` field piece, in order, its field.
  let pieces: [Int]
  /// The cells of the template's literal text.
  let literal: TextWidth.Cells
  /// A member key only decoding can compare (an escape, non-ASCII) came
  /// by on a watched level: the open item's fields are looked up instead.
  var unsure = false

  /// Watches `itemField`, or `template`'s fields; nothing when a field
  /// takes an element by index or there are over 64 (those are looked up).
  init(itemField: [UInt8]?, template: ItemTemplate?) {
    var fields: [[[UInt8]]] = []
    var pieces: [Int] = []
    if let template {
      for field in template.fields {
        var keys: [[UInt8]] = []
        for step in field.steps {
          guard case .key(let k) = step else {
            fields = []
            pieces = []
            break
          }
          keys.append(Array(k.utf8))
        }
        if keys.count != field.steps.count { break }
        if let at = fields.firstIndex(of: keys) {
          pieces.append(at)
        } else {
          fields.append(keys)
          pieces.append(fields.count - 1)
        }
      }
    } else if let itemField {
      fields = [[itemField]]
    }
    // Fields are bits of a word (`matches`): more are looked up.
    if fields.count > 64 {
      fields = []
      pieces = []
    }
    count = fields.count
    literal = template?.literal ?? .exact(0)
    levels = fields.map(\.count).max() ?? 0
    self.pieces = pieces
    let slots = max(1, count * levels)
    depths = .allocate(capacity: max(1, count))
    nameStart = .allocate(capacity: slots)
    nameLength = .allocate(capacity: slots)
    on = .allocate(capacity: slots)
    on.initialize(repeating: false, count: slots)
    onMask = .allocate(capacity: max(1, levels))
    onMask.initialize(repeating: 0, count: max(1, levels))
    start = .allocate(capacity: max(1, count))
    end = .allocate(capacity: max(1, count))
    end.initialize(repeating: -1, count: max(1, count))
    saved = .allocate(capacity: max(1, count))
    saved.initialize(repeating: 0, count: max(1, count))
    let all = fields.flatMap { $0.flatMap { $0 } }
    names = .allocate(capacity: max(1, all.count))
    names.initialize(from: all, count: all.count)
    var offset = 0
    for (f, keys) in fields.enumerated() {
      depths[f] = keys.count
      for (k, key) in keys.enumerated() {
        nameStart[f * levels + k] = offset
        nameLength[f * levels + k] = key.count
        offset += key.count
      }
    }
  }

  /// Frees the memory (once, when the scan is released).
  func release() {
    depths.deallocate()
    names.deallocate()
    nameStart.deallocate()
    nameLength.deallocate()
    on.deallocate()
    onMask.deallocate()
    start.deallocate()
    end.deallocate()
    saved.deallocate()
  }

  /// A new item opens: no field seen yet.
  @inline(__always)
  mutating func reset() {
    for f in 0..<count { end[f] = -1 }
    unsure = false
  }

  /// A value starts at `offset`, `level` members deep in the open item
  /// (0: the item's own member): `key` is its member name when `member`
  /// (else it is an array element), `plain` when the name is ASCII without escapes.
  @inline(__always)
  mutating func valueStarts(
    level k: Int, offset: Int, member: Bool, plain: Bool, key: UnsafePointer<UInt8>, length: Int
  ) {
    if member && !plain {
      unsure = true
      return
    }
    take(level: k, matches: member ? matches(level: k, key: key, length: length) : 0, offset: offset)
  }

  /// The fields (bit `f`: field `f`) whose way goes through the member
  /// with the plain `key`, `level` members deep in the open item.
  @inline(__always)
  func matches(level k: Int, key: UnsafePointer<UInt8>, length: Int) -> UInt64 {
    var bits: UInt64 = 0
    for f in 0..<count where k < depths[f] {
      let i = f * levels + k
      if nameLength[i] == length && (k == 0 || on[i - 1]) && sameBytes(names + nameStart[i], key, length) {
        bits |= 1 << UInt64(f)
      }
    }
    return bits
  }

  /// A value starts at `offset`, `level` members deep, on the way of the
  /// fields `matches` (`matches(level:key:length:)`) and off the others'.
  @inline(__always)
  func take(level k: Int, matches: UInt64, offset: Int) {
    if k < levels { onMask[k] = matches }
    for f in 0..<count where k < depths[f] {
      let i = f * levels + k
      let on = matches >> UInt64(f) & 1 != 0
      self.on[i] = on
      // A repeated key replaces what an earlier one held (the last wins).
      if on { if k == depths[f] - 1 { start[f] = offset } else { end[f] = -1 } }
    }
  }

  /// A value `level` members deep in the open item ended at `offset`.
  @inline(__always)
  func valueEnds(level k: Int, offset: Int) {
    for f in 0..<count where k == depths[f] - 1 && on[f * levels + k] {
      end[f] = offset
      saved[f] = 0
    }
  }

  /// Where field `f` lies relative to the item starting at `itemStart`, or
  /// nil when the item has no such member.
  @inline(__always)
  func range(_ f: Int, itemStart: Int) -> (offset: Int, length: Int)? {
    end[f] < 0 ? nil : (start[f] - itemStart, end[f] - start[f])
  }

  /// At least `templateCells`, cheaply: a value takes no more cells than
  /// its bytes (a string's body's), so most rows need no measuring.
  func templateBound(_ p: UnsafePointer<UInt8>, itemStart: Int) -> Int {
    var bound = literal.cells
    for f in pieces {
      guard let value = range(f, itemStart: itemStart), value.length > 0 else { continue }
      let c = p[value.offset]
      bound += c == 0x6E ? 0 : c == 0x22 ? value.length - 2 : value.length
    }
    return bound
  }

  /// The cells of the item's row under the template, from the fields found
  /// (the item starts at `p`, at offset `itemStart`).
  func templateCells(_ p: UnsafePointer<UInt8>, itemStart: Int) -> ItemStore.Cells {
    var cells = literal
    for f in pieces {
      guard let value = range(f, itemStart: itemStart), value.length > 0, p[value.offset] != 0x6E else { continue }
      cells = cells + JSONValueText.cells(p + value.offset, value.length)
    }
    return cells
  }
}

/// Whether `a[0..<n]` and `b[0..<n]` hold the same bytes: member names are
/// short, and a byte loop beats calling `memcmp` for them.
@inline(__always)
func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
  if n > 16 { return memcmp(a, b, n) == 0 }
  for i in 0..<n where a[i] != b[i] { return false }
  return true
}

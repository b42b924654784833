/// Where item text comes from: plain strings (demos, tests), JSON values or
/// text lines kept as byte ranges into the loaded buffer.
enum ItemStore: Sendable {
  case strings([String])
  case json(JSONItems)
  case lines(LineItems)
  /// CSV/TSV records (`RecordItems`).
  case records(RecordItems)
  /// Some items of another list, in a chosen order (a filtered view).
  case subset(SubsetItems)

  var count: Int {
    switch self {
    case .strings(let s): return s.count
    case .json(let j): return j.ranges.count
    case .lines(let l): return l.ranges.count
    case .records(let r): return r.ranges.count
    case .subset(let s): return s.ordinals.count
    }
  }

  func text(at index: Int) -> String {
    switch self {
    case .strings(let s): return s[index]
    case .json(let j): return j.text(at: index)
    case .lines(let l): return l.text(at: index)
    case .records(let r): return r.text(at: index)
    case .subset(let s): return s.base.store.text(at: Int(s.ordinals[index]))
    }
  }

  /// The text of a long item decoded only from its first `limit` bytes —
  /// enough for what a row can show — so drawing a 100 MB item stays cheap.
  /// The end of such a prefix may be cut mid-character; callers draw less.
  func text(at index: Int, prefixBytes limit: Int) -> String {
    switch self {
    case .strings(let s): return s[index]
    case .json(let j): return j.text(at: index, prefixBytes: limit)
    case .lines(let l): return l.text(at: index, prefixBytes: limit)
    case .subset(let s): return s.base.store.text(at: Int(s.ordinals[index]), prefixBytes: limit)
    case .records(let r): return r.text(at: index)
    }
  }

  /// Whether `text(at:prefixBytes:)` stops before the end of the item.
  func isCut(at index: Int, prefixBytes limit: Int) -> Bool {
    switch self {
    case .strings: return false
    case .json(let j):
      let p = j.buffer.base + j.ranges.offset(index)
      return j.ranges.length(index) > limit && !(p.pointee == 0x7B && (j.itemField != nil || j.template != nil))
    case .lines(let l): return l.ranges.length(index) > limit
    // Records decode whole (`text(at:prefixBytes:)` does not cut them).
    case .records: return false
    case .subset(let s): return s.base.store.isCut(at: Int(s.ordinals[index]), prefixBytes: limit)
    }
  }

  func json(at index: Int) -> String {
    switch self {
    case .strings(let s): return JSONText.quoted(s[index])
    case .json(let j): return j.json(at: index)
    case .lines(let l): return JSONText.quoted(l.text(at: index))
    case .records(let r): return r.json(at: index)
    case .subset(let s): return s.base.store.json(at: Int(s.ordinals[index]))
    }
  }
}

/// Items that are JSON values in a buffer, decoded when asked.
struct JSONItems: Sendable {
  let buffer: ByteBuffer
  let ranges: PackedRanges
  let itemField: String?
  /// `--item-format`: objects shown through a template.
  var template: ItemTemplate? = nil

  func text(at index: Int) -> String {
    let p = buffer.base + ranges.offset(index)
    let length = ranges.length(index)
    if let template, p.pointee == 0x7B {
      return template.render { JSONValueText.fieldText($0, in: p, length) }
    }
    return JSONValueText.display(p, length, itemField: itemField)
  }

  func text(at index: Int, prefixBytes limit: Int) -> String {
    let p = buffer.base + ranges.offset(index)
    let length = ranges.length(index)
    // Objects shown by a field need the whole object to find it.
    guard length > limit, !(p.pointee == 0x7B && (itemField != nil || template != nil)) else {
      return text(at: index)
    }
    return JSONValueText.display(p, limit, itemField: nil)
  }

  func json(at index: Int) -> String {
    JSONValueText.json(buffer.base + ranges.offset(index), ranges.length(index))
  }
}

/// Items that are lines of text in a buffer (invalid UTF-8 shown as U+FFFD).
struct LineItems: Sendable {
  let buffer: ByteBuffer
  let ranges: PackedRanges

  func text(at index: Int) -> String {
    String(
      decoding: UnsafeBufferPointer(start: buffer.base + ranges.offset(index), count: ranges.length(index)),
      as: UTF8.self)
  }

  func text(at index: Int, prefixBytes limit: Int) -> String {
    String(
      decoding: UnsafeBufferPointer(
        start: buffer.base + ranges.offset(index), count: min(limit, ranges.length(index))),
      as: UTF8.self)
  }
}

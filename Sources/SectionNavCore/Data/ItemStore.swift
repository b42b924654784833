/// Where item text comes from: plain strings (demos, tests), JSON values or
/// text lines kept as byte ranges into the loaded buffer.
enum ItemStore: Sendable {
  case strings([String])
  case json(JSONItems)
  case lines(LineItems)

  var count: Int {
    switch self {
    case .strings(let s): return s.count
    case .json(let j): return j.ranges.count
    case .lines(let l): return l.ranges.count
    }
  }

  func text(at index: Int) -> String {
    switch self {
    case .strings(let s): return s[index]
    case .json(let j): return j.text(at: index)
    case .lines(let l): return l.text(at: index)
    }
  }

  func json(at index: Int) -> String {
    switch self {
    case .strings(let s): return JSONText.quoted(s[index])
    case .json(let j): return j.json(at: index)
    case .lines(let l): return JSONText.quoted(l.text(at: index))
    }
  }
}

/// Items that are JSON values in a buffer, decoded when asked.
struct JSONItems: Sendable {
  let buffer: ByteBuffer
  let ranges: PackedRanges
  let itemField: String?

  func text(at index: Int) -> String {
    JSONValueText.display(buffer.base + ranges.offset(index), ranges.length(index), itemField: itemField)
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
}

/// One text per jq value, for `--group-by`: values jq's `==` calls equal
/// get the same text. Numbers by value (`3`, `3.0`, `3e0` → `3`), strings
/// by their decoded text (`"\u00e9"` and `"é"` → `"é"`, NFC and NFD kept
/// apart, as jq keeps them), objects by content (keys sorted, a repeated
/// key's last value), arrays element by element.
extension JSONValueText {
  /// The canonical text of the validated value at `p`.
  static func canonical(_ p: Pointer, _ length: Int) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(length)
    appendCanonical(UnsafeBufferPointer(start: p, count: length), depth: 0, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Deeper than this a value is written compact as it is (bounded
  /// recursion; no real group value nests so deep).
  static let canonicalDepth = 64

  static func appendCanonical(_ v: UnsafeBufferPointer<UInt8>, depth: Int, to out: inout [UInt8]) {
    guard let p = v.baseAddress, !v.isEmpty else { return }
    switch p.pointee {
    case 0x22:
      out += JSONText.quoted(unescape(p, v.count)).utf8
    case 0x7B, 0x5B:
      if depth >= canonicalDepth {
        out += compact(p, v.count).utf8
        return
      }
      let isObject = p.pointee == 0x7B
      var members: [(key: String, value: UnsafeBufferPointer<UInt8>)] =
        isObject
        ? Members(v).map { (unescape(p + $0.key.lowerBound, $0.key.count), UnsafeBufferPointer(rebasing: v[$0.value])) }
        : Elements(v).map { ("", UnsafeBufferPointer(rebasing: v[$0])) }
      if isObject {
        var last: [GroupKey: Int] = [:]
        for (n, m) in members.enumerated() { last[GroupKey(text: m.key, kind: .text)] = n }
        members = last.values.sorted().map { members[$0] }
        members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      }
      out.append(isObject ? 0x7B : 0x5B)
      for (n, m) in members.enumerated() {
        if n > 0 { out.append(0x2C) }
        if isObject {
          out += JSONText.quoted(m.key).utf8
          out.append(0x3A)
        }
        appendCanonical(m.value, depth: depth + 1, to: &out)
      }
      out.append(isObject ? 0x7D : 0x5D)
    case 0x2D, 0x30...0x39:
      out += canonicalNumber(String(decoding: v, as: UTF8.self)).utf8
    default:
      out += v
    }
  }

  /// A JSON number by value: integers without a fraction, others in
  /// Swift's shortest round-trip form (`1.5`, `1e-05`). One too large for
  /// a double is the largest double, as jq prints it (`1e400`:
  /// `1.7976931348623157e+308`), never `inf`, which is not JSON.
  static func canonicalNumber(_ text: String) -> String {
    guard var d = Double(text) else { return text }
    if d.isInfinite { d = d < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
    if d == d.rounded(), abs(d) < 1e17 { return String(Int64(d)) }
    return d.description
  }
}

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

  /// A JSON number by value, as jq writes it: the shortest digits that
  /// read back as the same double, in an exponent form when its decimal
  /// exponent is below -4 or beyond the digits by more than 15 (`1e+16`,
  /// `1e-05`, `1.5e+300`), else written out (`123456789012345680`, `0.001`).
  /// Zero is `0` whatever its sign: jq's `==`, which `group_by` follows,
  /// calls `-0` and `0` equal. One too large for a double is the largest double, as jq prints
  /// it (`1e400`: `1.7976931348623157e+308`), never `inf`, which is not JSON.
  static func canonicalNumber(_ text: String) -> String {
    guard var d = Double(text) else { return text }
    if d.isInfinite { d = d < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
    if d == 0 { return "0" }
    let sign = d.sign == .minus ? "-" : ""
    // Swift's description has the shortest round-trip digits too: read them
    // and the decimal exponent out of it (`1.2345e+17`, `0.001`, `100.0`).
    let shown = abs(d).description
    var mantissa = Substring(shown)
    var exponent = 0
    if let e = shown.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = shown[..<e]
      exponent = Int(shown[shown.index(after: e)...].drop { $0 == "+" }) ?? 0
    }
    let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
    var digits = Array((mantissa[..<point] + mantissa[point...].dropFirst()).utf8)
    var decimalPoint = mantissa.distance(from: mantissa.startIndex, to: point) + exponent
    while digits.first == UInt8(ascii: "0") {
      digits.removeFirst()
      decimalPoint -= 1
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    let n = digits.count
    var out = sign
    if decimalPoint <= -4 || decimalPoint > n + 15 {
      out += String(decoding: digits[..<1], as: UTF8.self)
      if n > 1 { out += "." + String(decoding: digits[1...], as: UTF8.self) }
      let e = decimalPoint - 1
      out += (e < 0 ? "e-" : "e+") + (abs(e) < 10 ? "0" : "") + String(abs(e))
    } else if decimalPoint <= 0 {
      out += "0." + String(repeating: "0", count: -decimalPoint) + String(decoding: digits, as: UTF8.self)
    } else if decimalPoint >= n {
      out += String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: decimalPoint - n)
    } else {
      out +=
        String(decoding: digits[..<decimalPoint], as: UTF8.self) + "."
        + String(decoding: digits[decimalPoint...], as: UTF8.self)
    }
    return out
  }
}

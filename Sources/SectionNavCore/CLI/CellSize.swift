/// A frame size written `WxH` (`--size`, `resize`): the one parser.
public struct CellSize: Sendable, Equatable {
  public var width: Int
  public var height: Int

  /// Each side 1…1000, written in ASCII digits; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
    func number(_ s: Substring) -> Int? {
      guard !s.isEmpty, s.count <= 4, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      return Int(s).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
    guard parts.count == 2, let w = number(parts[0]), let h = number(parts[1]) else { return nil }
    width = w
    height = h
  }
}

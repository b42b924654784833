/// The marked items (`--multi`), by position in the full data's item store,
/// in the order they were marked: Enter prints them so and `{+}` gives them
/// so, as fzf does (marking `cherry` then `apple` prints `cherry` first).
public struct Marks: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// The positions, first marked first.
  public private(set) var order: [UInt32] = []
  private var members = Set<UInt32>()

  public init(_ positions: [UInt32]) {
    for p in positions where members.insert(p).inserted { order.append(p) }
  }

  public init(arrayLiteral positions: UInt32...) { self.init(positions) }

  public var isEmpty: Bool { order.isEmpty }
  public var count: Int { order.count }
  public func contains(_ p: UInt32) -> Bool { members.contains(p) }

  /// Marks `p` last, or unmarks it when it is marked.
  mutating func toggle(_ p: UInt32) {
    if members.remove(p) != nil {
      order.removeAll { $0 == p }
    } else {
      members.insert(p)
      order.append(p)
    }
  }

  /// Marks each of `positions` not marked yet, last, in their order; unmarks
  /// those in `unmark` — at once, not one by one (a million: linear).
  mutating func update(marking positions: [UInt32], unmarking unmark: Set<UInt32>) {
    if !unmark.isEmpty {
      order.removeAll { unmark.contains($0) }
      members.subtract(unmark)
    }
    for p in positions where members.insert(p).inserted { order.append(p) }
  }

  public static func == (a: Marks, b: Marks) -> Bool { a.order == b.order }
  public func hash(into hasher: inout Hasher) { hasher.combine(order) }
}

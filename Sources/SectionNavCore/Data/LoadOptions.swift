/// How raw input becomes sections.
public struct LoadOptions: Sendable, Equatable {
  /// Keep sections in input order instead of sorting them by title.
  public var keepOrder = false
  /// Show object items by this field.
  public var itemField: String?
  public init(keepOrder: Bool = false, itemField: String? = nil) {
    self.keepOrder = keepOrder
    self.itemField = itemField
  }
}

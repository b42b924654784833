import SectionNavCore
// Removed when the data layer lands.
extension Demos { static func indexLabels(for name: String) -> [String: String]? { nil } }
enum LineInput {
  static func load(_ bytes: [UInt8], delimiter: String?, keepOrder: Bool) -> SectionedList { SectionedList([]) }
}

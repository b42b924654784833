/// The embedded demo data sets. (Stub: being written.)
public enum Demos {
  public static let names = ["devices", "numbers", "grid"]

  public static func named(_ name: String) -> SectionedList? {
    switch name {
    case "numbers":
      return SectionedList(
        stride(from: 0, to: 200, by: 10).map { start in
          (title: "\(start)–\(start + 9)", items: (start..<start + 10).map { "Item \($0)" })
        })
    default: return nil
    }
  }
}

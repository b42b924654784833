/// A new snapshot of the data from a background indexer: the list so far and
/// how far indexing has got (nil once complete).
public struct DataUpdate: Sendable, Equatable {
  public var list: SectionedList
  /// 0…1 while indexing continues; nil when the list is complete.
  public var progress: Double?
  /// The data is still arriving from a stream (its size unknown): the
  /// status line says `reading… N items` instead of a percentage.
  public var reading: Bool

  public init(list: SectionedList, progress: Double?, reading: Bool = false) {
    self.list = list
    self.progress = progress
    self.reading = reading
  }

  public static func == (a: DataUpdate, b: DataUpdate) -> Bool {
    a.list === b.list && a.progress == b.progress && a.reading == b.reading
  }
}

import SectionNavCore

extension AppState {
  /// Handles `event` with its background work (a search) done on the spot,
  /// as the script runner does, so the fuzzers reach the results too.
  @discardableResult
  mutating func send(_ event: Event) -> [Effect] {
    var runner = SynchronousRunner()
    return runner.send(event, to: &self)
  }
}

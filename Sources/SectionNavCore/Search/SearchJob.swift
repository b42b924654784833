/// A search as background work: the query and the data it runs over (a
/// snapshot: the list may change meanwhile). Its result comes back as
/// `.searchFinished`.
public struct SearchJob: BackgroundJob {
  public let id: Int
  public let query: FilterQuery
  public let list: SectionedList
  public let rowMap: RowMap

  public func run(shouldStop: () -> Bool) -> Event {
    .searchFinished(jobID: id, AppState.findMatches(query, in: list, rowMap: rowMap, shouldStop: shouldStop))
  }
}

/// A search job the state is waiting for, and what to do with its result.
struct RunningSearch: Sendable, Equatable {
  enum Purpose: Sendable, Equatable {
    /// `/`, `search`: land on the first match after the cursor.
    case land
    /// `n`/`N` over data that changed since the matches were found.
    case step(Int)
    /// The data changed under a shown search: find its matches again, quietly.
    case refresh
  }
  var query: FilterQuery
  var purpose: Purpose
  /// Keys typed while the user waits for it (`/foo⏎nn` in one read, as
  /// less's synchronous search takes them): handled once it has landed.
  var keysAfter: [KeyEvent] = []
}

extension SearchResult: Equatable {
  /// Same query, rows and completeness over the same list object.
  public static func == (a: SearchResult, b: SearchResult) -> Bool {
    a.list === b.list && a.query == b.query && a.rows == b.rows && a.isComplete == b.isComplete
      && a.itemsScanned == b.itemsScanned
  }
}

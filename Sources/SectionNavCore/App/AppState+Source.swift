extension AppState {
  /// Whether the runner looks, after `event`, whether the mapped data file
  /// shrank (a `stat`, `.dataShrank` if it did): only after what the user
  /// did, when rows that became empty would next be seen — never for time,
  /// data or results, so an idle screen makes no system call — and only
  /// while the list is still the file's and no shrink has been seen.
  public func looksAtSource(after event: Event) -> Bool {
    event.isUserInput && !sourceShrank && !workflow.reloaded
  }
}

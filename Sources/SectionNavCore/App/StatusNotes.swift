/// What the status line says besides where the cursor is.
struct StatusNotes: Sendable {
  /// Errors, wrap notes, command output: until the next key.
  var message: String?
  /// The data file shrank on disk after it was read: its warning stays (a
  /// key clears `message`, not this) until `reload` replaces the data.
  var sourceShrank = false
}

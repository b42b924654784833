/// Why data could not be loaded, with a 1-based line and column (columns in
/// characters) so the message points at the spot like a compiler error.
public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: String, Sendable {
    case invalidJSON = "invalid JSON"
    case notSectioned = "not sectioned data"
    /// `--path` does not lead to a list of items.
    case path = "path"
    case invalidCSV = "invalid CSV"
    case invalidTSV = "invalid TSV"
    /// A field named by an option that no item has.
    case field = "unknown field"
    /// `--lines` input that is not lines of text (`TextCheck`).
    case notText = "not text"
  }
  /// A failure that callers tell apart by more than its kind.
  public enum Cause: Sendable, Equatable {
    /// A second value after a complete JSON value: perhaps JSON Lines.
    case valueAfterTheValue
    /// An option names a CSV/TSV column the header lacks: the options are
    /// at fault, not the data (reported as `unknown field`, as for JSON).
    case unknownColumn
    /// UTF-16 input (`ByteOrderMark.startsUTF16`): no other format reads it either.
    case utf16
  }
  public var kind: Kind
  public var line: Int
  public var column: Int
  public var message: String
  public var cause: Cause?

  public init(_ kind: Kind, line: Int, column: Int, _ message: String) {
    self.kind = kind
    self.line = line
    self.column = column
    self.message = message
  }

  /// `LINE:COLUMN: error: KIND: MESSAGE` (the caller prefixes the file name).
  public var description: String { "\(line):\(column): error: \(kind.rawValue): \(message)" }
}

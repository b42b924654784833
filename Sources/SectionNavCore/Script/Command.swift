/// One command of the script / prompt grammar (SPEC section 6). (Being written.)
public enum Command: Sendable, Equatable {
  case quit
}

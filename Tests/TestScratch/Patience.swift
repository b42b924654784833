import Foundation

/// How long a test polls for something that should come soon (a prompt, a
/// frame, an exit) before it gives up. Generous on purpose: a poll returns as
/// soon as the thing happens, so only a failing test waits this long, while a
/// short deadline fails healthy runs on a loaded machine.
public enum Patience {
  public static let seconds: Double = 60

  /// A wait's time left, counting only the time its task was awake to
  /// look: each look is charged at most a second however long the task
  /// slept. The whole suite's synchronous tests (loops over every scalar)
  /// can hold both of a 2-core machine's cooperative threads for a minute;
  /// a wait that could not look meanwhile ran out at its first look after,
  /// with the program long done.
  public struct Budget {
    private var left: Double
    private var last = Date()

    public init(_ seconds: Double = Patience.seconds) { left = seconds }

    /// Charges the time since the last call (at most a second); whether any is left.
    public mutating func remains() -> Bool {
      let now = Date()
      left -= min(now.timeIntervalSince(last), 1)
      last = now
      return left > 0
    }
  }
}

/// How long a test polls for something that should come soon (a prompt, a
/// frame, an exit) before it gives up. Generous on purpose: a poll returns as
/// soon as the thing happens, so only a failing test waits this long, while a
/// short deadline fails healthy runs on a loaded machine.
public enum Patience {
  public static let seconds: Double = 60
}

import Testing

@testable import TerminalIO

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct SignalPipeTests {
  /// A stop that a later continue of the same read undid is not acted on
  /// (20 quick `kill -TSTP; kill -CONT` pairs stopped the program 20 times,
  /// one `fg` each); a stop after the last continue still stops it, once
  /// per SIGTSTP as the user sent them, and nothing else is dropped.
  @Test func stopsUndoneByALaterContinueAreDropped() {
    let pairs = Array(repeating: [SIGTSTP, SIGCONT], count: 20).flatMap { $0 }
    #expect(SignalPipe.withoutUndoneStops(pairs) == Array(repeating: SIGCONT, count: 20))
    #expect(
      SignalPipe.withoutUndoneStops(pairs + [SIGWINCH, SIGTSTP]) == Array(repeating: SIGCONT, count: 20) + [
        SIGWINCH, SIGTSTP,
      ])
    #expect(SignalPipe.withoutUndoneStops([SIGTSTP, SIGWINCH, SIGINT]) == [SIGTSTP, SIGWINCH, SIGINT])
    #expect(SignalPipe.withoutUndoneStops([SIGWINCH, SIGTSTP, SIGTERM, SIGCONT]) == [SIGWINCH, SIGTERM, SIGCONT])
  }
}

import Foundation
import Testing

@testable import SectionNavCore

/// `SECTIONNAV_OPTS`, `XDG_CONFIG_HOME`, `HOME` and the rest reach the
/// options as Foundation read them before the program stopped linking it.
@Suite struct ProcessEnvironmentTests {
  @Test func readsTheVariablesFoundationReads() {
    let variables = ProcessEnvironment.current()
    #expect(variables.count > 2)
    #expect(variables == ProcessInfo.processInfo.environment)
  }
}

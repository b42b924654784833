import Foundation
import SectionNavCore

let status = Launcher.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)

import Foundation
import SectionNavCore

/// The full-screen navigator on /dev/tty. (Terminal front end being written.)
enum InteractiveMode {
  static func run(config: Configuration, list: SectionedList, settings: AppSettings, chosen: Chosen) throws(Exit)
    -> Int32
  {
    throw Exit(status: 2, message: "sectionnav: error: the interactive terminal is not available yet: use --script")
  }
}

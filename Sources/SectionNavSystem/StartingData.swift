import SectionNavCore
import TerminalIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the data stands when the UI starts.
public enum StartingData {
  case ready(SectionedList)
  /// A large file, mapped but not yet indexed.
  case background(ByteBuffer)
  /// A pipe, terminal or device still to be read (`BackgroundLoader.start(stream:)`).
  case stream(fd: Int32)

  /// The list when it is all here.
  public var ready: SectionedList? {
    if case .ready(let list) = self { return list }
    return nil
  }

  /// Opens the data the way `Session` says: scripts and `--check` wait for
  /// the whole index; a large file opens at once and is indexed in the
  /// background; a pipe or standard input is shown as it arrives.
  public static func open(_ config: Configuration) throws(Failure) -> StartingData {
    guard let file = config.file, Session.loadsAsItArrives(config) else { return .ready(try DataLoading.load(config)) }
    switch try DataLoading.open(file) {
    case .stream(let fd):
      return .stream(fd: fd)
    case .buffer(let buffer):
      return Session.indexesInBackground(count: buffer.count, config)
        ? .background(buffer) : .ready(try DataLoading.parse(buffer, config))
    }
  }

  /// The whole list, however it started arriving (`--select-1` waits for the end, as fzf does).
  public func complete(_ config: Configuration) throws(Failure) -> SectionedList {
    switch self {
    case .ready(let list): return list
    case .background(let buffer): return try DataLoading.parse(buffer, config)
    case .stream(let fd):
      defer { if fd != 0 { close(fd) } }
      return try DataLoading.parseStream(fd: fd, config)
    }
  }

  /// Starts reading what is not read yet on a thread that posts it to
  /// `inbox`; the event that tells the state the data is on its way (nil: it is all here).
  public func startLoading(_ config: Configuration, inbox: EventInbox) -> Event? {
    switch self {
    case .ready: return nil
    case .background(let buffer):
      BackgroundLoader.start(buffer: buffer, config: config, inbox: inbox)
      return .data(DataUpdate(list: SectionedList([]), progress: 0))
    case .stream(let fd):
      BackgroundLoader.start(stream: fd, config: config, inbox: inbox)
      return .data(DataUpdate(list: SectionedList([]), progress: 0, reading: true))
    }
  }
}

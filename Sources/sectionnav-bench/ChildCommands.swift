import Foundation
import SectionNavCore
import TerminalIO

/// The hidden subcommands the benchmark runs itself as, so each measurement
/// of peak memory starts from a fresh process. Each prints one line of
/// space-separated numbers.
enum ChildCommands {
  /// `load FILE`: map and index the file as the app does; prints seconds,
  /// peak RSS (bytes, `ru_maxrss`), the item count, the peak RSS of this
  /// process image (`VmHWM`, see `Measure.peakRSSOfImage`) and the CPU
  /// seconds the load took.
  static func load(_ path: String) -> String {
    let cpuStart = Measure.threadCPU()
    let start = Measure.now()
    guard let buffer = try? DataSource.read(path: path), let list = try? JSONIndexer.load(buffer) else {
      return "error"
    }
    let seconds = Measure.now() - start
    let cpu = Measure.threadCPU() - cpuStart
    let rss = Measure.peakRSS()
    let image = Measure.peakRSSOfImage()
    return withExtendedLifetime(list) { "\(seconds) \(rss) \(list.itemCount) \(image) \(cpu)" }
  }

  /// `decode FILE`: Foundation's `JSONDecoder` into `[String: [String]]`,
  /// reading the file included; prints the same four figures as `load`.
  static func decode(_ path: String) -> String {
    let start = Measure.now()
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let dict = try? JSONDecoder().decode([String: [String]].self, from: data)
    else { return "error" }
    let seconds = Measure.now() - start
    let rss = Measure.peakRSS()
    let items = dict.values.reduce(0) { $0 + $1.count }
    return "\(seconds) \(rss) \(items) \(Measure.peakRSSOfImage())"
  }

  /// `idle`: the peak RSS of a process that does nothing (the baseline).
  static func idle() -> String { "0 \(Measure.peakRSS()) 0 \(Measure.peakRSSOfImage())" }

  /// `first-frame FILE`: what the interactive mode does before drawing, for
  /// a file big enough to index in the background (`InteractiveMode`,
  /// `BackgroundLoader`): map the file, start an empty `AppState` (its first,
  /// empty frame), start `JSONIndexer.load` on its own thread, wait for the
  /// first snapshot (posted from the first progress callback, after 4 MiB),
  /// hand it to the state as a `.data` event, render and diff the frame with
  /// `ScreenWriter`. Prints seconds to the empty frame's bytes, seconds to
  /// the first snapshot, seconds to the first frame showing rows, its byte
  /// count and the snapshot's item count. The indexing thread is abandoned
  /// by the process exiting.
  static func firstFrame(_ path: String) -> String {
    let start = Measure.now()
    guard let buffer = try? DataSource.read(path: path) else { return "error" }
    var state = AppState(list: SectionedList([]), settings: AppSettings(), width: 80, height: 24)
    _ = state.handle(.data(DataUpdate(list: SectionedList([]), progress: 0)))
    var writer = ScreenWriter()
    let emptyBytes = writer.render(state.render())
    let emptyDone = Measure.now()
    keep(emptyBytes.count)

    let mailbox = Mailbox()
    let thread = Thread {
      let total = max(1, buffer.count)
      _ = try? JSONIndexer.load(buffer, options: LoadOptions()) { scanned, snapshot in
        if !mailbox.isFull {
          mailbox.put(DataUpdate(list: snapshot(), progress: Double(scanned) / Double(total)))
        }
      }
    }
    thread.stackSize = 8 << 20
    thread.start()
    let update = mailbox.take()
    let snapshotAt = Measure.now()
    _ = state.handle(.data(update))
    let bytes = writer.render(state.render())
    let done = Measure.now()
    return
      "\(emptyDone - start) \(snapshotAt - start) \(done - start) \(bytes.count) \(update.list.itemCount)"
  }
}

/// One value handed from the indexing thread to the waiting one.
final class Mailbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: DataUpdate?
  private var full = false

  var isFull: Bool {
    condition.lock()
    defer { condition.unlock() }
    return full
  }

  func put(_ update: DataUpdate) {
    condition.lock()
    value = update
    full = true
    condition.signal()
    condition.unlock()
  }

  func take() -> DataUpdate {
    condition.lock()
    while value == nil { condition.wait() }
    let v = value!
    condition.unlock()
    return v
  }
}

import SectionNavCore
import SectionNavSystem

/// `--filter-print QUERY`: the filter without a terminal, like `fzf --filter`:
/// the matching items, one per line per `--print` (each section's
/// survivors together, in data order or ranked under `--sort`); exit 1 when
/// nothing matches.
enum FilterPrintMode {
  static func run(query: String, list: SectionedList, config: Configuration, chosen: Chosen) throws(Failure) -> Int32 {
    let result = FilterJob.complete(
      query: FilterQuery(query, options: config.match), list: list, sort: config.sort ?? false)
    // Under --print0 every survivor is checked before anything is written: an
    // item holding a NUL fails the run with nothing printed, as `xargs -0`
    // would otherwise act on the pieces.
    if chosen.terminator == "\0" { try write(result, list: list, chosen: chosen, output: false) }
    try write(result, list: list, chosen: chosen, output: true)
    return (result.itemCount > 0 ? ExitCode.success : ExitCode.notChosen).rawValue
  }

  /// The survivors per `--print`, written in 1 MiB pieces when `output`.
  private static func write(_ result: FilterResult, list: SectionedList, chosen: Chosen, output: Bool) throws(Failure) {
    let fast = chosen.format == .standard && !Output.standardOutputIsTerminal
    let terminator = Array(chosen.terminator.utf8)
    let checkNUL = !output && fast
    var out: [UInt8] = []
    out.reserveCapacity(1 << 20)
    for k in 0..<result.sectionCount {
      let s = Int(result.sections[k])
      for o in result.starts[k]..<result.starts[k + 1] {
        let ordinal = Int(result.ordinals[Int(o)])
        if fast {
          let start = out.count
          list.appendItemText(ordinal: ordinal, to: &out)
          if checkNUL && out[start...].contains(0) {
            throw Chosen.holdsNUL(list, section: s, item: list.item(ordinal: ordinal, in: s))
          }
          out.append(contentsOf: terminator)
        } else {
          out.append(contentsOf: try chosen.text(list, section: s, item: list.item(ordinal: ordinal, in: s)).utf8)
        }
        if out.count >= 1 << 20 {
          if output { Output.write(bytes: out) }
          out.removeAll(keepingCapacity: true)
        }
      }
    }
    if output { Output.write(bytes: out) }
  }
}

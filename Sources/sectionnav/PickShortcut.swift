import SectionNavCore
import SectionNavSystem

/// fzf's `--select-1` and `--exit-0`: the whole input is read, the starting
/// query (`--query`, else everything) is run, and one match (`-1`) or none
/// (`-0`) ends the run before any screen opens, with fzf's output and status.
enum PickShortcut {
  /// Whether the run may end before the screen opens.
  static func wanted(_ config: Configuration) -> Bool { config.selectOne || config.exitZero }

  /// The exit status when the run ends here (the one match printed), else nil: the screen opens.
  static func run(list: SectionedList, config: Configuration, chosen: Chosen) throws(Failure) -> Int32? {
    // Under `--disabled` the query filters nothing: the whole list counts, as in fzf.
    let query = config.disabled ? "" : config.query ?? ""
    let result = FilterJob.complete(query: FilterQuery(query, options: config.match), list: list, sort: false)
    if result.itemCount == 0 && config.exitZero { return ExitCode.notChosen.rawValue }
    guard result.itemCount == 1 && config.selectOne else { return nil }
    let section = Int(result.sections[0])
    let item = list.item(ordinal: Int(result.ordinals[0]), in: section)
    Output.write(bytes: try chosen.text(list, section: section, item: item))
    return ExitCode.success.rawValue
  }
}

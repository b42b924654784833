import SectionNavCore
import SectionNavSystem

/// `--filter-print QUERY`: the filter without a terminal, like `fzf --filter`:
/// the matching items, one per line per `--print` (each section's
/// survivors together, ranked as fzf ranks them unless `--no-sort` keeps
/// data order); exit 1 when nothing matches.
enum FilterPrintMode {
  static func run(query: String, list: SectionedList, config: Configuration, chosen: Chosen) throws(Failure) -> Int32 {
    let result = FilterJob.complete(
      query: FilterQuery(query, options: config.match), list: list, sort: config.sort ?? true)
    // A file cut under its mapping reads as NULs: matched and printed as
    // items, with status 0, unless the cut is noticed (before printing, and
    // after, for a cut while the items were read out).
    try DataLoading.checkUnchanged(config)
    let status = try result.print(chosen) { Output.write(bytes: $0) }.rawValue
    try DataLoading.checkUnchanged(config)
    return status
  }
}

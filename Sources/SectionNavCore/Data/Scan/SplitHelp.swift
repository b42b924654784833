/// When the first half's thread of a two-core load (`ItemSplit`,
/// `ScanSplit`), done first, takes over the back of the second half's
/// work: when that is behind by enough to be worth it, or — for tests and
/// the fuzzer, which must see it happen whatever the threads' speeds —
/// always, the second half held back until the part has been taken.
enum SplitHelp {
  case whenBehind, always
}

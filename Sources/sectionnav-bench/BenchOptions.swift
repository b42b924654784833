/// The knobs of a run (`sectionnav-bench [--size MB] [--seeds N] [--rounds N]
/// [--peer-limit SECONDS]`): the defaults are the run README's Performance
/// section prints; smaller sizes and fewer seeds make a quick check.
struct BenchOptions {
  /// Size of each generated whole-process file, in MB (10⁶ bytes); the
  /// 600 MB and 1 M-section files scale with it (×10, ×size/60).
  var sizeMB = 60
  /// Seeds per shape: each row reports its worst seed, so a row fast on one
  /// seed only shows as slow.
  var seeds = 3
  /// `sectionnav` runs per row and seed (the median is the seed's figure).
  var rounds = 5
  /// A peer (jq, Python, mlr) runs once per seed; one whose single run took
  /// longer than this on the first seed is not run on the later seeds (the
  /// row says so), so `jq -s` on 60 MB costs its 7–40 s once, not per seed.
  var peerLimit = 5.0

  var target: Int { sizeMB * 1_000_000 }
  var seedList: [UInt64] { (1...max(1, seeds)).map { UInt64($0) } }
  /// Scales a count made for 60 MB files to this run's size.
  func scaled(_ n: Int) -> Int { max(1, n * sizeMB / 60) }

  /// The options as a command line would give them.
  var arguments: String {
    "--size \(sizeMB) --seeds \(seeds) --rounds \(rounds) --peer-limit \(peerLimit.formatted0)"
  }

  static let usage = "usage: sectionnav-bench [--size MB] [--seeds N] [--rounds N] [--peer-limit SECONDS]"

  /// Parses the options; nil on anything else.
  static func parse(_ arguments: ArraySlice<String>) -> BenchOptions? {
    var options = BenchOptions()
    var rest = arguments
    while let flag = rest.popFirst() {
      guard let value = rest.popFirst(), let number = Double(value), number > 0 else { return nil }
      switch flag {
      case "--size": options.sizeMB = max(1, Int(number))
      case "--seeds": options.seeds = max(1, Int(number))
      case "--rounds": options.rounds = max(1, Int(number))
      case "--peer-limit": options.peerLimit = number
      default: return nil
      }
    }
    return options
  }
}

extension Double {
  /// The number without a trailing `.0` (`5`, `2.5`).
  fileprivate var formatted0: String { self == rounded() ? String(Int(self)) : String(self) }
}

// THROWAWAY timing harness (not committed).
import Foundation
import SectionNavCore
#if canImport(Glibc)
  import Glibc
#endif

let path = CommandLine.arguments[1]
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "mem"
func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
if mode == "mem" {
  let t0 = now()
  let buf = try! DataSource.read(path: path)
  let t1 = now()
  let list = try! JSONIndexer.load(buf)
  let t2 = now()
  var ru = rusage(); getrusage(RUSAGE_SELF.rawValue, &ru)
  print("read \(String(format: "%.1f", (t1-t0)*1000)) ms, index \(String(format: "%.1f", (t2-t1)*1000)) ms = \(String(format: "%.0f", Double(buf.count)/(t2-t1)/1e6)) MB/s; sections \(list.sectionCount) items \(list.itemCount) width \(list.maxItemWidth); maxrss \(ru.ru_maxrss/1024) MB, file \(buf.count/1_000_000) MB")
} else {
  let buf = try! DataSource.read(path: path)
  var best = 1e9
  for _ in 0..<10 {
    let t1 = now()
    let list = try! JSONIndexer.load(buf, options: LoadOptions(keepOrder: mode == "keep"))
    let t2 = now()
    best = min(best, t2 - t1)
    _ = list.itemCount
  }
  print("best of 10: \(String(format: "%.1f", best*1000)) ms = \(String(format: "%.0f", Double(buf.count)/best/1e6)) MB/s")
}

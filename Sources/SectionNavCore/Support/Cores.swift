import CMapGuard

/// How many cores this process may run on, for splitting work.
public enum Cores {
  /// The CPUs in this process's affinity mask (so `taskset -c 0` means
  /// one), else the online CPUs. Asked of the C library directly: on Linux
  /// `ProcessInfo.activeProcessorCount` first sets up Foundation URLs to the
  /// cgroup quota files, work no load needs.
  public static let available = Int(sn_cores_available())
}

import CMapGuard

/// How the process's large memory blocks are managed.
public enum LargeBlocks {
  /// Makes blocks of 128 KiB and up come from and go back to the kernel
  /// (`sn_fix_mmap_threshold`): a load's big arrays, freed, no longer count
  /// towards the peak memory of what follows. Call once, at start.
  public static func returnToTheKernel() {
    #if canImport(Glibc)
      sn_fix_mmap_threshold()
    #endif
  }
}

// swift-tools-version:6.0
import PackageDescription

// Linux (glibc) only: the terminal, signal and mapping code uses Linux
// spellings; the `canImport(Darwin)` branches are neither built nor tested.
let package = Package(
  name: "sectionnav",
  products: [
    .executable(name: "sectionnav", targets: ["sectionnav"]),
    .executable(name: "sectionnav-bench", targets: ["sectionnav-bench"]),
  ],
  targets: [
    // Pure core: data, layout, scrolling, index, rendering, update, scripts. No terminal code.
    .target(name: "SectionNavCore", dependencies: ["CMapGuard", "CICU"]),
    // SIGBUS guard for memory-mapped files that shrink while open.
    .target(name: "CMapGuard"),
    // ICU's C API for --locale (collation, index exemplars), loaded with
    // dlopen when a non-C locale asks for it, not linked: see CICU.c.
    .target(name: "CICU"),
    // Non-variadic C wrappers over libedit's variadic el_set/el_get/history.
    // libedit (Debian: libedit2, and libedit-dev for <histedit.h>) is loaded
    // when the first prompt opens, not linked: see CLineEdit.c.
    .target(name: "CLineEdit"),
    .target(name: "LineEditor", dependencies: ["CLineEdit", "SectionNavCore"]),
    // Gives the terminal back before a crash is reported (fatal signals).
    .target(name: "CFatalRescue", dependencies: ["CMapGuard"]),
    // Raw mode, alternate screen, mouse, input decoding and diffed output.
    .target(name: "TerminalIO", dependencies: ["SectionNavCore", "CFatalRescue"]),
    // Where the program touches the system: shell commands (preview,
    // execute, reload), loading files and streams (in the background too),
    // side files, standard output. The core does not import it.
    .target(name: "SectionNavSystem", dependencies: ["SectionNavCore", "TerminalIO", "CChildCleanup"]),
    // What a signal must not leave behind: commands' process groups, `{f}` files.
    .target(name: "CChildCleanup"),
    .executableTarget(
      name: "sectionnav",
      dependencies: ["SectionNavCore", "TerminalIO", "LineEditor", "SectionNavSystem"],
      // lld (shipped with the Swift toolchain) packs the ~26 000 relative
      // relocations of the position-independent binary into a 5 KB DT_RELR
      // table (glibc 2.36+): 0.5–0.7 MB less memory at start than reading
      // gold's 620 KB `.rela.dyn`, and no slower.
      linkerSettings: [
        .unsafeFlags(
          ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
          .when(platforms: [.linux])
        )
      ]
    ),
    .executableTarget(
      name: "sectionnav-bench",
      dependencies: ["SectionNavCore", "TerminalIO"]
    ),
    // Tests' temporary files: one directory per test run, checked empty at exit.
    .target(name: "TestScratch", path: "Tests/TestScratch"),
    .testTarget(name: "SectionNavCoreTests", dependencies: ["SectionNavCore", "TestScratch"]),
    .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "SectionNavCore", "TestScratch"]),
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "TestScratch"]),
    // Runs the built binary: fixtures, the conformance corpus, tmux sessions.
    .testTarget(name: "EndToEndTests", dependencies: ["SectionNavCore", "sectionnav", "TestScratch"]),
  ],
  swiftLanguageModes: [.v6]
)

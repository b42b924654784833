import Testing

/// libedit's `el_init` looks the terminal up through terminfo, which is not
/// thread-safe (two editors created at once on different threads crashed in
/// its `strcmp`), so every suite that creates a `LineEditor` is nested here
/// and runs one test at a time (`.serialized` applies to nested suites).
@Suite(.serialized) enum LibeditSuites {}

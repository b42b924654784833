import SectionNavCore

#if canImport(Glibc)
  import Glibc
#endif

/// Fuzzes `--preview`/`--bind` command templates against hostile items: the
/// first byte picks an item (quotes, `$(…)`, backquotes, `;`, newlines, `#`,
/// NUL, …, each trying to create a marker file), every further byte a shell
/// token (quotes, `$(`, `${x:-`, `$((`, backquotes, comments, here-documents,
/// placeholders, fzf forms), so the templates are shell a user might write.
/// A template is refused with a message, or rendered; then the item's text is
/// nowhere in the command's text, and `/bin/sh -c` with its variables (and
/// files) creates no marker: data never runs as code, whatever the template.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let item = input.pick(TemplateFuzz.items)
  var template = ""
  while !input.isAtEnd && template.utf8.count < 400 { template += input.pick(TemplateFuzz.tokens) }
  let parsed: CommandTemplate
  do {
    parsed = try CommandTemplate(template)
  } catch {
    require(!error.message.isEmpty, "empty refusal for \(template.debugDescription)")
    return 0
  }
  let line = parsed.render(.init(section: item, item: item, index: 7, json: item, query: item, marked: [item, "m"]))
  require(
    !line.text.contains(TemplateFuzz.marker), "the item reached the command's text: \(line.text.debugDescription)")
  TemplateFuzz.run(line)
  require(access(TemplateFuzz.marker, F_OK) != 0, "\(template.debugDescription) ran \(item.debugDescription)")
  return 0
}

enum TemplateFuzz {
  /// A fresh directory per process; the marker is a file in it no token can name.
  static let directory: String = {
    var template = Array("/tmp/sectionnav-fuzz-template-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      fatalError("mkdtemp failed")
    }
    let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    atexit {
      unlink(TemplateFuzz.file)
      rmdir(TemplateFuzz.directory)
    }
    return path
  }()

  static let marker = directory + "/PWNED"
  /// Where `{f}`, `{json-file}` and `{+f}` point: the runner writes such files; here one will do.
  static let file = directory + "/value"

  /// Items that create the marker with the shell's own redirection (no
  /// program: PATH is empty) if any part of them is read as code.
  static let items: [String] = {
    let make = ": >\(marker)"
    return [
      "x; \(make) #", "$(\(make))", "`\(make)`", "'; \(make); '", "\"; \(make); \"", "'$(\(make))'",
      "\"$(\(make))\"", "x\n\(make)\n", "\\'; \(make); #", "a\\\"; \(make); #", "'\u{301}; \(make); '\u{301}",
      "}; \(make); {", "${x:-$(\(make))}", "x\0; \(make)", "# '\n\(make)", "$'\\x27'; \(make)", "))); \(make)",
      "E\n\(make)\nE", "1)); \(make); ((1", "a[$(\(make))]",
    ]
  }()

  static let tokens = [
    "printf %s ", "echo ", ": ", " ", "{}", "{item}", "{section}", "{index}", "{json}", "{q}", "{+}", "{f}",
    "{+f}", "{json-file}", "'", "\"", "$(", ")", "`", "${x:-", "}", "{", "$((", "))", "((", "$'", "\\", "#", "\n",
    ";", "|", "&&", "<<E\n", "\nE\n", "<<'E'\n", "x", "$", "(", "{1}", "{a,b}", ">/dev/null ", "${", "$x", "=",
  ]

  /// `sh -c` with only the line's variables (files written to `file`), in
  /// the directory, no input; killed after two seconds.
  static func run(_ line: ShellLine) {
    var environment = ["PATH=/nonexistent"]
    for v in line.environment {
      environment.append("\(v.name)=\(String(v.value.unicodeScalars.filter { $0 != "\0" }))")
    }
    for f in line.files {
      let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      if fd >= 0 {
        let bytes = Array(f.value.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
      }
      environment.append("\(f.name)=\(file)")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    let argv: [String] = ["/bin/sh", "-c", "cd \(directory) || exit\n" + line.text]
    var cArgs = argv.map { strdup($0) } + [nil]
    var cEnvironment = environment.map { strdup($0) } + [nil]
    defer {
      for p in cArgs { free(p) }
      for p in cEnvironment { free(p) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArgs, &cEnvironment) == 0 else { return }
    var status: Int32 = 0
    for _ in 0..<2000 {
      if waitpid(pid, &status, WNOHANG) == pid { return }
      usleep(1000)
    }
    kill(-pid, SIGKILL)
    waitpid(pid, &status, 0)
  }
}

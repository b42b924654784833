/// What `sectionnav --shell SHELL` prints: the key-binding widget, then the
/// completion, for `eval "$(sectionnav --shell bash)"` in a shell's rc file.
/// The texts live in docs/shell/ and docs/completions/ (the files packagers
/// install); `scripts/gen_shell_scripts` embeds them in ShellScriptTexts.swift.
public enum ShellScripts {
  public static let shells = ["bash", "zsh", "fish"]

  /// The widget and completion for `shell` (one of `shells`).
  public static func text(for shell: String) -> String {
    switch shell {
    case "zsh": return zshWidget + "\n\n" + zshCompletion + "\n"
    case "fish": return fishWidget + "\n\n" + fishCompletion + "\n"
    default: return bashWidget + "\n\n" + bashCompletion + "\n"
    }
  }
}

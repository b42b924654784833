/// The one place the version lives: `--version`, the help text and the man page
/// test read it from here.
public enum Version {
  public static let number = "0.1.0"
  /// What `--version` prints.
  public static let string = "sectionnav \(number)"
}

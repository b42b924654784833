import SectionNavCore

extension DataLoading {
  /// The collation `--locale` asks for — else a contacts demo's language,
  /// else `LC_ALL`, `LC_COLLATE` or `LANG` — or nil for the C locale. ICU is
  /// loaded here, only for a locale other than C; where it is missing, one
  /// note and the C locale's rules.
  public static func collation(_ config: Configuration, environment: [String: String]) -> LocaleCollation? {
    let demoLocale = config.file == nil ? config.demo.locale : nil
    let name = config.locale ?? demoLocale ?? LocaleCollation.environmentLocale(environment) ?? "C"
    guard LocaleCollation.isWellFormed(name), let id = LocaleCollation.icuLocale(name) else { return nil }
    do {
      let collation = try LocaleCollation.open(id)
      // A `--locale` ICU does not know is most likely a typo; one the
      // environment names (glibc has locales ICU lacks) gets root order quietly.
      if config.locale != nil, !collation.knownToICU {
        Output.error(
          "sectionnav: note: locale \(id): ICU has no collation for it; titles sort in ICU's root order")
      }
      return collation
    } catch {
      Output.error("sectionnav: note: locale \(id): \(error.description); sorting and the index follow the C locale")
      return nil
    }
  }
}

/// Item texts that would run as code if pasted into a command: quotes of
/// both kinds, `$(…)`, backquotes, `;`, newlines, backslashes, `#`, a
/// combining mark after a quote, NUL. Each tries to create `marker`. `long` adds an item of 128 KiB and more, past what one
/// command-line argument or environment string may hold on Linux.
public enum HostileItems {
  public static func texts(marker: String, long: Bool = false) -> [String] {
    let touch = "touch \(marker)"
    var texts = [
      "x; \(touch) #", "$(\(touch))", "`\(touch)`", "'; \(touch); '", "\"; \(touch); \"", "'$(\(touch))'",
      "\"$(\(touch))\"", "x\n\(touch)\n", "\\'; \(touch); #", "a\\\"; \(touch); #", "'\u{301}; \(touch); '\u{301}",
      "\"\u{301}$(\(touch))", "}; \(touch); {", "${x:-$(\(touch))}", "x\0; \(touch)", "# '\n\(touch)",
      "$'\\x27'; \(touch)", "))); \(touch)", "-n", "*",
    ]
    if long { texts.append(String(repeating: "$(\(touch)) '\"`", count: 131_072 / 20 + 1)) }
    return texts
  }
}

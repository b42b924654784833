import SectionNavCore

/// The shortest SGR sequence that takes the terminal from one style to
/// another: either the differences alone (`22`, `39`, a new colour, …) or a
/// reset followed by the whole new style, whichever has fewer bytes. Keeps
/// colour codes off the wire when only the text changes.
enum StyleTransition {
  /// Appends the sequence from `old` (nil: unknown, so reset first) to `new`;
  /// appends nothing when they are equal.
  static func append(from old: Style?, to new: Style, into out: inout [UInt8]) {
    if let old, old == new { return }
    let full = ["0"] + parameters(of: new)
    var chosen = full
    if let old {
      let delta = differences(from: old, to: new)
      if delta.joined(separator: ";").utf8.count < full.joined(separator: ";").utf8.count {
        chosen = delta
      }
    }
    out.append(contentsOf: SGR.sequence(chosen).utf8)
  }

  /// Parameters that set `style` on top of a reset.
  static func parameters(of style: Style) -> [String] { style.sgrParameters }

  /// Parameters that change only what differs. Bold and dim share their off
  /// code (22), so turning one off re-asserts the other.
  static func differences(from old: Style, to new: Style) -> [String] {
    var params: [String] = []
    if (old.bold && !new.bold) || (old.dim && !new.dim) {
      params.append("22")
      if new.bold { params.append("1") }
      if new.dim { params.append("2") }
    } else {
      if new.bold && !old.bold { params.append("1") }
      if new.dim && !old.dim { params.append("2") }
    }
    if old.italic != new.italic { params.append(new.italic ? "3" : "23") }
    if old.underline != new.underline { params.append(new.underline ? "4" : "24") }
    if old.reverse != new.reverse { params.append(new.reverse ? "7" : "27") }
    if old.foreground != new.foreground {
      params.append(new.foreground.map { code($0, background: false) } ?? "39")
    }
    if old.background != new.background {
      params.append(new.background.map { code($0, background: true) } ?? "49")
    }
    return params
  }

  /// SGR parameters selecting `color` as foreground or background.
  static func code(_ color: Color, background: Bool) -> String {
    color.sgrParameters(background: background)
  }

}

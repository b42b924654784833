/// One `--bind` entry: a key and the actions it runs in order.
public struct KeyBind: Sendable, Equatable {
  /// The key, or nil for an event's binding.
  public var key: KeyEvent?
  /// fzf's event (`start`, `load`, `change`) instead of a key.
  public var event: BindEvent?
  public var actions: [BindAction]
  /// The actions as written, for the help screen.
  public var text: String

  /// Parses a `--bind` value: `KEY:ACTION[+ACTION…]`, several separated by
  /// commas (`ctrl-r:reload(cat f),f5:toggle-preview`). An action with an
  /// argument takes it in parentheses — or `[…]`, `{…}`, `<…>` when the
  /// argument holds the closing parenthesis —, or after a colon up to the end
  /// of the value (`ctrl-o:execute:less {item}`), as in fzf. Errors name the
  /// bad token.
  public static func parse(_ value: String) throws(UsageError) -> [KeyBind] {
    var binds: [KeyBind] = []
    var rest = Substring(value)
    while true {
      // The key ends at the first ':' after its first character, so ':' itself is a key ("::abort").
      guard !rest.isEmpty, let colon = rest.dropFirst().firstIndex(of: ":") else {
        throw UsageError("invalid --bind '\(value)': expected KEY:ACTION")
      }
      let keyName = String(rest[..<colon])
      let event = BindEvent(rawValue: keyName.lowercased())
      let key = event == nil ? try BindKeyNames.parse(keyName, in: value) : nil
      rest = rest[rest.index(after: colon)...]
      let start = rest.startIndex
      var actions: [BindAction] = []
      while true {
        let (action, after) = try parseAction(rest, in: value)
        actions.append(action)
        rest = after
        if rest.first == "+" {
          rest = rest.dropFirst()
          continue
        }
        break
      }
      binds.append(KeyBind(key: key, event: event, actions: actions, text: String(value[start..<rest.startIndex])))
      if rest.isEmpty { return binds }
      guard rest.first == "," else {
        throw UsageError("invalid --bind '\(value)': unexpected '\(rest)'")
      }
      rest = rest.dropFirst()
    }
  }

  static let closers: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]

  /// One action at the start of `text` and what follows it.
  private static func parseAction(_ text: Substring, in value: String) throws(UsageError)
    -> (BindAction, Substring)
  {
    let nameEnd = text.firstIndex { !($0.isLetter || $0 == "-") } ?? text.endIndex
    let name = String(text[..<nameEnd]).lowercased()
    var rest = text[nameEnd...]
    guard BindAction.argumentNames.contains(name) else {
      guard let action = BindAction.plainNames[name] else {
        let token = name.isEmpty ? String(text.prefix { $0 != "+" && $0 != "," }) : name
        throw UsageError(
          "invalid --bind '\(value)': unknown action '\(token)' (the actions: "
            + BindAction.allNames.map { BindAction.argumentNames.contains($0) ? $0 + "(…)" : $0 }.joined(
              separator: ", ")
            + ")")
      }
      return (action, rest)
    }
    let argument: String
    if rest.first == ":" {
      argument = String(rest.dropFirst())
      rest = rest[rest.endIndex...]
    } else if let open = rest.first, let close = closers[open] {
      // The argument ends at a closing bracket followed by '+', ',' or the end.
      var end: Substring.Index?
      var i = rest.index(after: rest.startIndex)
      while i < rest.endIndex {
        if rest[i] == close {
          let next = rest.index(after: i)
          if next == rest.endIndex || rest[next] == "+" || rest[next] == "," {
            end = i
            break
          }
        }
        i = rest.index(after: i)
      }
      guard let end else {
        throw UsageError("invalid --bind '\(value)': '\(name)\(open)' has no closing '\(close)'")
      }
      argument = String(rest[rest.index(after: rest.startIndex)..<end])
      rest = rest[rest.index(after: end)...]
    } else {
      throw UsageError("invalid --bind '\(value)': '\(name)' needs an argument, e.g. \(name)(…)")
    }
    if argument.isEmpty && !["print", "change-query", "change-prompt"].contains(name) {
      throw UsageError("invalid --bind '\(value)': empty command for '\(name)'")
    }
    func template() throws(UsageError) -> CommandTemplate {
      do {
        return try CommandTemplate(argument)
      } catch {
        throw UsageError("invalid --bind '\(value)': \(error.message)")
      }
    }
    switch name {
    case "execute": return (.execute(try template()), rest)
    case "execute-silent": return (.executeSilent(try template()), rest)
    case "reload": return (.reload(try template()), rest)
    case "reload-sync": return (.reload(try template(), sync: true), rest)
    case "become": return (.become(try template()), rest)
    case "change-query": return (.changeQuery(argument), rest)
    case "change-prompt": return (.changePrompt(argument), rest)
    default:
      do {
        return (.print(try PrintFormat(argument)), rest)
      } catch {
        throw UsageError("invalid --bind '\(value)': \(error.message)")
      }
    }
  }
}

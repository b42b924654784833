/// The `state` command's one line of JSON (README.md, "Script mode").
extension AppState {
  /// The cursor item in `state` is cut to this many characters (then `…`),
  /// so `state` on a huge item costs what a row costs.
  public static let stateItemCharacters = 1024

  public func stateJSON() -> String {
    let offset = displayedOffset
    let section = topSection
    var json = "{\"offset\":{\"x\":\(offset.x),\"y\":\(offset.y)},\"top\":\(offset.y),"
    json += "\"section\":" + (section.map { JSONText.terminalQuoted(list.title($0)) } ?? "null") + ","
    json += "\"sectionIndex\":" + (section.map(String.init) ?? "null") + ","
    if let c = cursor {
      json += "\"cursor\":{\"section\":\(JSONText.terminalQuoted(list.title(c.section))),"
      let item = list.itemPreview(section: c.section, item: c.item, characters: Self.stateItemCharacters)
      json += "\"item\":\(JSONText.terminalQuoted(item))},"
    } else {
      json += "\"cursor\":null,"
    }
    json += "\"rows\":\(rowMap.totalRows),\"sections\":\(rowMap.sectionCount),"
    json += "\"size\":{\"width\":\(screenWidth),\"height\":\(screenHeight)}"
    json += filterJSON
    json += "}"
    return json
  }
}

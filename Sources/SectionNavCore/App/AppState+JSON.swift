/// The `state` command's one line of JSON (README.md, "Script mode").
extension AppState {
  public func stateJSON() -> String {
    let offset = displayedOffset
    let section = topSection
    var json = "{\"offset\":{\"x\":\(offset.x),\"y\":\(offset.y)},\"top\":\(offset.y),"
    json += "\"section\":" + (section.map { JSONText.quoted(list.title($0)) } ?? "null") + ","
    json += "\"sectionIndex\":" + (section.map(String.init) ?? "null") + ","
    if let c = cursor {
      json += "\"cursor\":{\"section\":\(JSONText.quoted(list.title(c.section))),"
      json += "\"item\":\(JSONText.quoted(list.itemText(section: c.section, item: c.item)))},"
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

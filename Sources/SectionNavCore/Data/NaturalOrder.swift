import Foundation

/// Case-insensitive natural order ("Item 2" before "Item 10"), the order a
/// keyed data model sorted by key shows to people.
public enum NaturalOrder {
  public static func compare(_ a: String, _ b: String) -> ComparisonResult {
    let options: String.CompareOptions = [.caseInsensitive, .numeric, .diacriticInsensitive]
    let r = a.compare(b, options: options, range: nil, locale: nil)
    if r != .orderedSame { return r }
    return a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
  }
}

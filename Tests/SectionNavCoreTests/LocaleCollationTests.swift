import Foundation
import Testing

@testable import SectionNavCore

/// ICU's own AlphabeticIndex and collator (`Tests/Oracles/alphabetic_index.cpp`),
/// compiled once per test run into `.build/oracles/` against libicu-dev.
enum ICUOracle {
  static let source = repositoryRoot.appendingPathComponent("Tests/Oracles/alphabetic_index.cpp").path
  static let binary = repositoryRoot.appendingPathComponent(".build/oracles/alphabetic_index").path

  /// nil when the oracle is ready, else why not.
  static let unavailable: String? = {
    let build =
      "mkdir -p \"$(dirname '\(binary)')\" && command -v c++ >/dev/null && pkg-config --exists icu-i18n icu-uc "
      + "&& c++ -O1 -o '\(binary)' '\(source)' $(pkg-config --cflags --libs icu-i18n icu-uc)"
    let (status, _, error) = run("/bin/sh", ["-c", build], input: "")
    return status == 0 ? nil : "cannot build ICU's AlphabeticIndex oracle (needs c++ and libicu-dev): \(error)"
  }()

  static func run(_ path: String, _ arguments: [String], input: String) -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    do { try process.run() } catch { return (127, "", "\(error)") }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  /// ICU's labels, each title's label, and the titles sorted as its index
  /// holds them: by bucket, then collated (digit runs as numbers).
  static func index(_ locale: String, _ titles: [String]) -> (labels: [String], buckets: [String], sorted: [String]) {
    let (status, out, err) = run(binary, [locale], input: titles.map { $0 + "\n" }.joined())
    precondition(status == 0, "oracle failed for \(locale): \(err)")
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let labels = lines[0].split(separator: "\t").map(String.init)
    return (labels, Array(lines[1...titles.count]), Array(lines[(titles.count + 1)...(2 * titles.count)]))
  }
}

@Suite struct LocaleCollationTests {
  static let locales = ["sv", "de", "es", "ja", "zh", "ko", "ru", "el"]

  /// The titles of `Fixtures/locale/NAME.json` in file order.
  static func fixtureTitles(_ name: String) throws -> [String] {
    let list = try JSONIndexer.load(
      [UInt8](Data(contentsOf: fixtureURL("locale/\(name).json"))), options: LoadOptions(keepOrder: true))
    return list.sections.map(\.title)
  }

  func open(_ locale: String) throws -> LocaleCollation {
    try LocaleCollation.open(locale)
  }

  func sorted(_ titles: [String], _ c: LocaleCollation?) -> [String] {
    NaturalOrder.sortedIndices(titles, collation: c).map { titles[$0] }
  }

  @Test func swedishEndsWithÅÄÖAfterZ() throws {
    let sv = try open("sv")
    #expect(Array(sv.labels.suffix(5)) == ["Z", "Å", "Ä", "Ö", "…"])
    #expect(sv.labels.first == "#")
    #expect(sv.label("Öberg") == "Ö" && sv.label("Øystein") == "Ö" && sv.label("Über") == "Y")
    #expect(sorted(["Öberg", "Zorn", "Olsson"], sv) == ["Olsson", "Zorn", "Öberg"])
    // The C locale files Ö with O, as before.
    #expect(sorted(["Öberg", "Zorn", "Olsson"], nil) == ["Öberg", "Olsson", "Zorn"])
  }

  @Test func germanSpanishRussianGreekAndKoreanLabels() throws {
    #expect(try open("de").labels == ["#"] + (65...90).map { String(UnicodeScalar($0)!) } + ["…"])
    #expect(try open("es").labels.contains("Ñ"))
    #expect(try open("es").label("Ñandú") == "Ñ")
    #expect(try open("de").label("Äpfel") == "A")
    let ru = try open("ru")
    #expect(ru.labels.dropFirst().prefix(3) == ["А", "Б", "В"] && ru.labels.dropLast().last == "Я")
    #expect(ru.label("Ёлка") == "Е")
    #expect(try open("el").label("ήλιος") == "Η")
    #expect(try open("ko").labels.dropFirst().prefix(3) == ["ㄱ", "ㄴ", "ㄷ"])
    #expect(try open("ko").label("까치") == "ㄱ")
  }

  @Test func kanaLandInGojuonRowsAndPinyinFilesChineseUnderLatinLetters() throws {
    let ja = try open("ja")
    #expect(ja.labels == ["#", "あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ", "…"])
    #expect(["いちご", "きのこ", "しお", "アイス", "カレー"].map(ja.label) == ["あ", "か", "さ", "あ", "か"])
    let zh = try open("zh")
    #expect(zh.label("王") == "W" && zh.label("张") == "Z" && zh.label("Apple") == "A")
  }

  @Test func digitRunsSortAsNumbersInALocale() throws {
    #expect(sorted(["Item 10", "Item 2", "Item 1"], try open("sv")) == ["Item 1", "Item 2", "Item 10"])
  }

  @Test func posixNamesMapToICUOnesAndCMeansNoCollation() {
    #expect(LocaleCollation.icuLocale("sv_SE.UTF-8") == "sv_SE")
    #expect(LocaleCollation.icuLocale("de_DE@euro") == "de_DE")
    #expect(LocaleCollation.icuLocale("zh_TW@collation=stroke") == "zh_TW@collation=stroke")
    // A codeset before ICU's keyword, and glibc's script modifiers.
    #expect(LocaleCollation.icuLocale("de_DE.UTF-8@collation=phonebook") == "de_DE@collation=phonebook")
    #expect(LocaleCollation.icuLocale("sr_RS@latin") == "sr_Latn_RS")
    #expect(LocaleCollation.icuLocale("uz_UZ.UTF-8@cyrillic") == "uz_Cyrl_UZ")
    #expect(LocaleCollation.icuLocale("ca_ES@valencia") == "ca_ES_VALENCIA")
    for c in ["C", "POSIX", "C.UTF-8", ""] { #expect(LocaleCollation.icuLocale(c) == nil) }
    #expect(LocaleCollation.environmentLocale(["LANG": "ja_JP.UTF-8", "LC_COLLATE": "sv_SE"]) == "sv_SE")
    #expect(LocaleCollation.environmentLocale(["LANG": "ja_JP.UTF-8", "LC_ALL": ""]) == "ja_JP.UTF-8")
    #expect(!LocaleCollation.isWellFormed("sv SE") && !LocaleCollation.isWellFormed("../x"))
  }

  @Test func linesGroupByTheLocalesBucketsInItsOrder() throws {
    let text = Array("いちご\nきのこ\nしお\nアイス\nカレー\n山田\nTokyo\n".utf8)
    let list = LineInput.load(text, delimiter: nil, keepOrder: false, collation: try open("ja"))
    #expect(
      contents(list) == [["#", "Tokyo"], ["あ", "いちご", "アイス"], ["か", "きのこ", "カレー"], ["さ", "しお"], ["…", "山田"]])
    let c = LineInput.load(text, delimiter: nil, keepOrder: false)
    #expect(c.sections.map(\.title) == ["T", "い", "き", "し", "ア", "カ", "山"])
  }

  @Test func groupByInitialOverJSONUsesTheBuckets() throws {
    var options = LoadOptions()
    options.groupBy = .initial
    options.collation = try open("sv")
    let list = try ItemLoader.load(ByteBuffer(Array(#"["Öberg","Zorn","Olsson","Åsa","7"]"#.utf8)), options: options)
      .list
    #expect(contents(list) == [["#", "7"], ["O", "Olsson"], ["Z", "Zorn"], ["Å", "Åsa"], ["Ö", "Öberg"]])
  }

  @Test func alphabetIndexShowsEveryLabelAndLandsOnTheNearestSectionBefore() throws {
    let sv = try open("sv")
    let index = SectionIndex(titles: ["Anna", "Zorn", "Öberg"], mode: .alphabet, collation: sv)
    #expect(index.entries.map(\.label) == sv.labels)
    let section = Dictionary(uniqueKeysWithValues: index.entries.map { ($0.label, $0.section) })
    #expect(section["#"] == 0 && section["A"] == 0 && section["B"] == 0 && section["Z"] == 1)
    #expect(section["Å"] == 1 && section["Ä"] == 1 && section["Ö"] == 2 && section["…"] == 2)
    #expect(index.entry(startingWith: "ö").map { index.entries[$0].label } == "Ö")
    let initials = SectionIndex(titles: ["Anna", "Zorn", "Öberg"], mode: .initials, collation: sv)
    #expect(initials.entries.map(\.label) == ["A", "Z", "Ö"])
  }

  /// A title from the data that equals a label (`…`, ICU's overflow
  /// label) files where ICU files it (`#`), not under that label — the
  /// index came out `… # A Z`, out of order; a title made by grouping
  /// names its bucket.
  @Test func aTitleEqualToALabelFilesAsICUFilesIt() throws {
    let sv = try open("sv")
    func labels(_ sections: [SectionedList.Section]) -> [String] {
      SectionIndex(sections: sections, mode: .initials, labels: [:], collation: sv).entries.map(\.label)
    }
    let real = ["…", "1x", "Anna", "Zorn"].enumerated().map {
      SectionedList.Section(title: $1, firstItem: $0, itemCount: 1)
    }
    #expect(labels(real) == ["#", "A", "Z"])
    let grouped = ["#", "A", "…"].enumerated().map {
      SectionedList.Section(title: $1, firstItem: $0, itemCount: 1, derived: true)
    }
    #expect(labels(grouped) == ["#", "A", "…"])
    // Ignorable characters before the first letter, past the 48 bytes a
    // bucket is judged by at first, are looked past, as ICU does.
    #expect(sv.label(String(repeating: "\u{200B}", count: 17) + "Zorn") == "Z")
    #expect(sv.label(String(repeating: "\u{AD}", count: 200) + "Öberg") == "Ö")
    #expect(sv.label(String(repeating: "\u{200B}", count: 30)) == "#")
  }

  @Test func typeAheadAndGotoMatchAtPrimaryStrengthThenByBucket() throws {
    var settings = AppSettings()
    settings.collation = try open("ja")
    let list = SectionedList([("いちご", ["a"]), ("カレー", ["b"]), ("きのこ", ["c"])])
    var state = AppState(list: list, settings: settings, width: 30, height: 10)
    state.typeAhead("か")
    #expect(state.currentSection == 1)  // カレー: か and カ are equal at primary strength
    state.typeAhead("キ")
    #expect(state.currentSection == 2)  // キ finds きのこ
    #expect(try state.section(named: "キノコ") == 2)  // equal at primary strength
    #expect(try state.section(named: "か") == 1)  // one letter: the first section in its bucket
    #expect(throws: CommandError.self) { try state.section(named: "さ") }
  }

  /// Thai's vowels written before their consonant sort after it (`โต๊ะ` as
  /// `ต` `โ`), so no sort key starts with the vowel's: `'โ` and `goto ไ`
  /// find the title that starts with it as written (they went to the
  /// bucket's first section).
  @Test func thaiLeadingVowelsFindTheTitleWrittenWithThem() throws {
    var settings = AppSettings()
    settings.collation = try open("th")
    let list = SectionedList(["แมว", "โต๊ะ", "ไก่", "ฮา"].map { (title: $0, items: ["i"]) })
    var state = AppState(list: list, settings: settings, width: 30, height: 10)
    _ = try state.run("key ' โ")
    #expect(state.cursor.map { state.list.sections[$0.section].title } == "โต๊ะ")
    #expect(try state.list.sections[state.section(named: "ไ")].title == "ไก่")
  }

  /// `'x` and type-ahead go where the same letter leads, in a locale and
  /// in C: the first title that starts with it, read from where it is
  /// filed, else its index entry. `'z` went to the bucket's first section
  /// (`1x` in Japanese) while Tab `z` found `Zed`; in C, `'l` found ` lead`
  /// and Tab `l` did not.
  @Test(arguments: [nil, "ja", "sv"] as [String?])
  func jumpKeyAndTypeAheadAgree(_ locale: String?) throws {
    var settings = AppSettings()
    settings.collation = try locale.map { try open($0) }
    let titles = [" lead", "🇫🇷 France", "Anna", "Zed", "かとう", "1x"]
    let list = SectionedList(titles.map { (title: $0, items: ["i"]) })
    for letter in ["l", "f", "z", "a"] {
      var jumped = AppState(list: list, settings: settings, width: 30, height: 10)
      _ = try jumped.run("key ' \(letter)")
      var typed = AppState(list: list, settings: settings, width: 30, height: 10)
      typed.typeAhead(letter)
      let landed = jumped.cursor.map { list.sections[$0.section].title }
      #expect(landed == typed.cursor.map { list.sections[$0.section].title }, "\(locale ?? "C") \(letter)")
      let filed = landed.map(Initials.filed)?.lowercased()
      #expect(filed?.hasPrefix(letter) == true, "\(locale ?? "C") \(letter): \(landed ?? "-")")
    }
  }

  /// Every fixture locale against ICU's own AlphabeticIndex: the labels,
  /// each title's bucket and the sorted order, for the fixture titles and
  /// the contacts demos' names.
  @Test(
    .enabled(
      if: ICUOracle.unavailable == nil, "needs c++ and libicu-dev to build ICU's AlphabeticIndex (scripts/setup)"),
    arguments: locales + ["en", "da", "cs", "zh_TW", "zh@collation=stroke", "th", "ar"])
  func agreesWithICUsAlphabeticIndex(_ locale: String) throws {
    var titles = ["Zorn", "Öberg", "Æbelø", "Chile", "Schule", "ß", "123", " ", "☃", "😀"]
    if let fixture = try? Self.fixtureTitles(locale) { titles += fixture }
    for demo in [Demo.contactsJa, .contactsSv, .contactsZh] { titles += Demos.names(demo) }
    let icu = ICUOracle.index(locale, titles)
    let ours = try open(locale)
    #expect(ours.labels == icu.labels)
    for (title, label) in zip(titles, icu.buckets) {
      #expect(ours.label(title) == label, "\(locale): \(title)")
    }
    #expect(sorted(titles, ours) == icu.sorted)
  }

  /// Where the index's buckets and the collation disagree (Chinese), a
  /// key starts with the title's bucket, found from the key's own primary
  /// weights: the bucket `bucket` finds from the title. Elsewhere keys are
  /// the collation's alone.
  @Test func keysStartWithTheBucketWhereTheIndexAndTheCollationDisagree() throws {
    #expect(try open("sv").keyFiling == nil && open("ja").keyFiling == nil)
    let zh = try open("zh")
    #expect(zh.keyFiling != nil)
    for title in Self.manyTitles(2000, seed: 3) + Demos.names(.contactsZh) + ["Apple", "阿", "", " 王", "1号"] {
      var key: [UInt8] = []
      zh.appendSortKey(title, to: &key)
      #expect(Int(key[0]) << 8 | Int(key[1]) == zh.bucket(title), "\(title)")
    }
  }

  /// Titles enough to be keyed and sorted on two cores (`parallelCount`),
  /// from words of several scripts with numbers: the order is ICU's, and
  /// the keys made on two threads are the keys made on one.
  static func manyTitles(_ count: Int, seed: UInt64) -> [String] {
    let words = [
      "Zorn", "Öberg", "Åsa", "Ärla", "zebra", "Chile", "schule", "ß", "ñandú", "Ωmega", "Юрий", "ягода",
      "いちご", "アイス", "きのこ", "佐藤", "王", "张", "가나", "☃", "#tag", "Émile", "eve", "Eve",
    ]
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    return (0..<count).map { _ in
      let word = words[next() % words.count]
      return next() % 3 == 0 ? word : "\(word) \(next() % 5000)"
    }
  }

  @Test(
    .enabled(
      if: ICUOracle.unavailable == nil, "needs c++ and libicu-dev to build ICU's AlphabeticIndex (scripts/setup)"),
    arguments: ["sv", "ja"])
  func manyTitlesSortOnTwoCoresAsICUSortsThem(_ locale: String) throws {
    let titles = Self.manyTitles(NaturalOrder.parallelCount + 4321, seed: 7)
    let ours = try open(locale)
    #expect(sorted(titles, ours) == ICUOracle.index(locale, titles).sorted)
    var oneThread = NaturalOrder.SortKeys(collation: ours)
    for t in titles { oneThread.append(t) }
    let twoThreads = NaturalOrder.SortKeys.of(titles, collation: ours)
    #expect(twoThreads.bytes == oneThread.bytes && twoThreads.ends == oneThread.ends)
  }

  /// The C locale's many titles: sorted on two cores, every neighbour is in
  /// the order a sort of the pair gives (one thread), equal titles by index.
  @Test func manyTitlesInTheCLocaleKeepThePairwiseOrder() {
    let titles = Self.manyTitles(NaturalOrder.parallelCount + 999, seed: 11)
    let order = NaturalOrder.sortedIndices(titles)
    #expect(order.sorted() == Array(titles.indices))
    for (a, b) in zip(order, order.dropFirst()) {
      let pair = NaturalOrder.sortedIndices([titles[a], titles[b]])
      #expect(pair == [0, 1] && (titles[a] != titles[b] || a < b), "\(titles[a]) before \(titles[b])")
    }
  }
}

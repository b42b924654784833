/// The contacts demos (`--demo contacts-ja`, `contacts-sv`, `contacts-zh`):
/// an address book in one language, filed by that language's alphabetic
/// index — what iOS's contacts show and no other terminal tool does. The
/// names are data only; their sections come from the locale's collation at
/// load time (`Demos.contacts`), so without ICU they fall back to A–Z.
enum DemoContacts {
  /// Japanese: hiragana and katakana readings together under the gojūon
  /// rows, names written in kanji in the overflow `…`, Latin ones under `#`.
  static let japanese = [
    "あべ しんぞう", "いとう ひろぶみ", "うえだ あきら", "えんどう みほ", "おおたに しょうへい",
    "かとう ゆき", "きむら たくや", "くどう しずか", "こばやし なおこ", "さとう たけし",
    "しみず あや", "すずき いちろう", "せきぐち まい", "たなか けいこ", "ちば まさる",
    "つじ ひとなり", "なかむら ともこ", "にしだ としゆき", "のぐち ひでよ", "はやし まりこ",
    "ひらの あゆむ", "ふじた なおき", "ほんだ けいすけ", "まつもと じゅん", "みやざき はやお",
    "むらかみ はるき", "やまだ たろう", "よしだ さおり", "わたなべ けん", "アンドウ ミキ",
    "カワバタ ヤスナリ", "サカモト リュウイチ", "ナカタ ヒデトシ", "ハヤカワ ユイ", "ヤノ アキコ",
    "ラモス ルイ", "山田 花子", "田中 一郎", "佐藤 健", "Yoko Ono", "110 警察",
  ]

  /// Swedish: Å, Ä and Ö after Z, Ü with Y, W apart from V.
  static let swedish = [
    "Anna Andersson", "Astrid Lindgren", "Björn Borg", "Carl Larsson", "Dag Hammarskjöld",
    "Evert Taube", "Fredrik Reinfeldt", "Greta Garbo", "Hasse Alfredson", "Ingmar Bergman",
    "Jenny Lind", "Karin Boye", "Lars Vilks", "Monica Zetterlund", "Nils Holgersson",
    "Olof Palme", "Pippi Långstrump", "Rut Lindberg", "Selma Lagerlöf", "Tove Jansson",
    "Ulf Lundell", "Vilhelm Moberg", "Wilhelm Peterson-Berger", "Yngve Gamlin", "Zlatan Ibrahimović",
    "Åsa Larsson", "Åke Holmberg", "Ärla Bergström", "Ängla Nilsson", "Östen Sjöberg",
    "Örjan Ramberg", "Øystein Ore", "Über Ullman", "112 SOS Alarm",
  ]

  /// Chinese (pinyin): characters filed under the Latin letter of their reading.
  static let chinese = [
    "王小明", "张伟", "李娜", "刘洋", "陈静", "杨帆", "赵敏", "黄磊", "周杰伦", "吴京",
    "徐静蕾", "孙俪", "马云", "朱德", "胡歌", "郭靖", "何炅", "高圆圆", "林俊杰", "罗志祥",
    "梁朝伟", "郑爽", "谢娜", "韩寒", "唐嫣", "冯小刚", "于谦", "董卿", "萧敬腾", "程前",
    "曹操", "袁隆平", "邓紫棋", "许巍", "傅园慧", "沈腾", "曾志伟", "彭于晏", "吕布", "欧阳娜娜",
    "Alice Wang", "10086 中国移动",
  ]
}

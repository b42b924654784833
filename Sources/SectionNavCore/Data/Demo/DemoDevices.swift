/// Apple devices by category — the `devices` demo. Real model names, in
/// release order within each category; long enough to scroll a lot at 80×24.
enum DemoDevices {
  static let indexLabels: IndexLabels = [
    "Apple TV": "📺", "Apple Watch": "⌚", "HomePod": "🔊", "iPad": "▭", "iPhone": "📱", "iPod": "🎵", "Mac": "💻",
  ]

  static let sections: [(title: String, items: [String])] = [
    (
      "Apple TV",
      [
        "Apple TV (1st generation)", "Apple TV (2nd generation)", "Apple TV (3rd generation)", "Apple TV HD",
        "Apple TV 4K (1st generation)", "Apple TV 4K (2nd generation)", "Apple TV 4K (3rd generation)",
      ]
    ),
    (
      "Apple Watch",
      [
        "Apple Watch (1st generation)", "Apple Watch Series 1", "Apple Watch Series 2", "Apple Watch Series 3",
        "Apple Watch Series 4", "Apple Watch Series 5", "Apple Watch SE", "Apple Watch Series 6",
        "Apple Watch Series 7", "Apple Watch Series 8", "Apple Watch SE (2nd generation)", "Apple Watch Ultra",
        "Apple Watch Series 9", "Apple Watch Ultra 2", "Apple Watch Series 10",
      ]
    ),
    ("HomePod", ["HomePod", "HomePod mini", "HomePod (2nd generation)"]),
    (
      "iPad",
      [
        "iPad", "iPad 2", "iPad (3rd generation)", "iPad (4th generation)", "iPad (5th generation)",
        "iPad (6th generation)", "iPad (7th generation)", "iPad (8th generation)", "iPad (9th generation)",
        "iPad (10th generation)", "iPad (A16)", "iPad mini", "iPad mini 2", "iPad mini 3", "iPad mini 4",
        "iPad mini (5th generation)", "iPad mini (6th generation)", "iPad mini (A17 Pro)", "iPad Air", "iPad Air 2",
        "iPad Air (3rd generation)", "iPad Air (4th generation)", "iPad Air (5th generation)",
        "iPad Air 11-inch (M2)", "iPad Air 13-inch (M2)", "iPad Air 11-inch (M3)", "iPad Air 13-inch (M3)",
        "iPad Pro 12.9-inch (1st generation)", "iPad Pro 9.7-inch", "iPad Pro 10.5-inch",
        "iPad Pro 12.9-inch (2nd generation)", "iPad Pro 11-inch (1st generation)",
        "iPad Pro 12.9-inch (3rd generation)", "iPad Pro 11-inch (2nd generation)",
        "iPad Pro 12.9-inch (4th generation)", "iPad Pro 11-inch (3rd generation)",
        "iPad Pro 12.9-inch (5th generation)", "iPad Pro 11-inch (4th generation)",
        "iPad Pro 12.9-inch (6th generation)", "iPad Pro 11-inch (M4)", "iPad Pro 13-inch (M4)",
      ]
    ),
    (
      "iPhone",
      [
        "iPhone", "iPhone 3G", "iPhone 3GS", "iPhone 4", "iPhone 4S", "iPhone 5", "iPhone 5c", "iPhone 5s",
        "iPhone 6", "iPhone 6 Plus", "iPhone 6s", "iPhone 6s Plus", "iPhone SE", "iPhone 7", "iPhone 7 Plus",
        "iPhone 8", "iPhone 8 Plus", "iPhone X", "iPhone XR", "iPhone XS", "iPhone XS Max", "iPhone 11",
        "iPhone 11 Pro", "iPhone 11 Pro Max", "iPhone SE (2nd generation)", "iPhone 12 mini", "iPhone 12",
        "iPhone 12 Pro", "iPhone 12 Pro Max", "iPhone 13 mini", "iPhone 13", "iPhone 13 Pro", "iPhone 13 Pro Max",
        "iPhone SE (3rd generation)", "iPhone 14", "iPhone 14 Plus", "iPhone 14 Pro", "iPhone 14 Pro Max",
        "iPhone 15", "iPhone 15 Plus", "iPhone 15 Pro", "iPhone 15 Pro Max", "iPhone 16", "iPhone 16 Plus",
        "iPhone 16 Pro", "iPhone 16 Pro Max", "iPhone 16e",
      ]
    ),
    (
      "iPod",
      [
        "iPod (1st generation)", "iPod (2nd generation)", "iPod (3rd generation)", "iPod mini",
        "iPod (4th generation)", "iPod photo", "iPod shuffle", "iPod nano", "iPod (5th generation)",
        "iPod classic", "iPod touch", "iPod touch (2nd generation)", "iPod touch (3rd generation)",
        "iPod touch (4th generation)", "iPod touch (5th generation)", "iPod nano (7th generation)",
        "iPod shuffle (4th generation)", "iPod touch (6th generation)", "iPod touch (7th generation)",
      ]
    ),
    (
      "Mac",
      [
        "iMac (Retina 5K, 27-inch, 2020)", "iMac Pro (2017)", "iMac (24-inch, M1, 2021)", "iMac (24-inch, M3, 2023)",
        "iMac (24-inch, M4, 2024)", "Mac mini (M1, 2020)", "Mac mini (M2, 2023)", "Mac mini (M2 Pro, 2023)",
        "Mac mini (M4, 2024)", "Mac mini (M4 Pro, 2024)", "Mac Studio (M1 Max, 2022)", "Mac Studio (M1 Ultra, 2022)",
        "Mac Studio (M2 Max, 2023)", "Mac Studio (M2 Ultra, 2023)", "Mac Studio (M4 Max, 2025)",
        "Mac Studio (M3 Ultra, 2025)", "Mac Pro (2019)", "Mac Pro (M2 Ultra, 2023)", "MacBook (Retina, 12-inch, 2017)",
        "MacBook Air (M1, 2020)", "MacBook Air (13-inch, M2, 2022)", "MacBook Air (15-inch, M2, 2023)",
        "MacBook Air (13-inch, M3, 2024)", "MacBook Air (15-inch, M3, 2024)", "MacBook Air (13-inch, M4, 2025)",
        "MacBook Air (15-inch, M4, 2025)", "MacBook Pro (13-inch, M1, 2020)", "MacBook Pro (14-inch, 2021)",
        "MacBook Pro (16-inch, 2021)", "MacBook Pro (13-inch, M2, 2022)", "MacBook Pro (14-inch, 2023)",
        "MacBook Pro (16-inch, 2023)", "MacBook Pro (14-inch, M3, Nov 2023)", "MacBook Pro (16-inch, Nov 2023)",
        "MacBook Pro (14-inch, M4, 2024)", "MacBook Pro (14-inch, M4 Pro or M4 Max, 2024)",
        "MacBook Pro (16-inch, 2024)",
      ]
    ),
  ]
}

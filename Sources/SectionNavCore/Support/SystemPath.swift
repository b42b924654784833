#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Command-line arguments with every byte kept. `CommandLine.arguments`
/// decodes each as UTF-8 and repairs what is not (a Latin-1 `lat\xe9.json`
/// becomes `lat\u{FFFD}.json`): no file has the repaired name, and two names
/// repaired alike, or one spelled with a real U+FFFD, could not be told
/// apart. Here a byte that is not part of UTF-8 becomes the private-use
/// scalar U+10FF00 + byte (U+10FF80–U+10FFFF), as Python's
/// `surrogateescape` keeps such bytes (lone surrogates are not Swift
/// scalars); those scalars spelled in an argument are kept as their bytes
/// too, so the mapping goes both ways. The system is given the bytes back
/// (`withCString`); the user is shown U+FFFD for each (`shown`).
public enum SystemPath {
  /// The scalar for byte `b` is `escape + b`; bytes 0x80–0xFF only (a
  /// byte outside UTF-8 is never ASCII).
  static let escape: UInt32 = 0x10FF00
  static let firstEscape: UInt32 = 0x10FF80

  /// The program's arguments after its name, each byte kept.
  public static func arguments() -> [String] {
    (1..<max(1, Int(CommandLine.argc))).compactMap { k in
      CommandLine.unsafeArgv[k].map { encoded(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
    }
  }

  /// `bytes` as text, a byte outside UTF-8 (or spelling U+10FF80 or above)
  /// as its escape scalar.
  static func encoded(_ bytes: UnsafeRawBufferPointer) -> String {
    var scalars = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var at = 0
    func escapeBytes(_ count: Int) {
      for b in bytes[at..<at + count] { scalars.append(Unicode.Scalar(Self.escape + UInt32(b))!) }
      at += count
    }
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let unit):
        let scalar = UTF8.decode(unit)
        if scalar.value >= firstEscape {
          escapeBytes(unit.count)
        } else {
          scalars.append(scalar)
          at += unit.count
        }
      case .error(let length): escapeBytes(length)
      case .emptyInput: return String(scalars)
      }
    }
  }

  /// Whether `text` holds an escaped byte (its UTF-8 then has F4 8F BE or F4 8F BF).
  static func hasEscapes(_ text: String) -> Bool { text.unicodeScalars.contains { $0.value >= firstEscape } }

  /// Calls `body` with the C string to give the system for `path`.
  public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    guard hasEscapes(path) else { return path.withCString(body) }
    var bytes: [UInt8] = []
    for scalar in path.unicodeScalars {
      if scalar.value >= firstEscape {
        bytes.append(UInt8(scalar.value - escape))
      } else {
        UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    bytes.append(0)
    return bytes.withUnsafeBytes { body($0.bindMemory(to: CChar.self).baseAddress!) }
  }

  /// `text` as the user sees it: U+FFFD for each escaped byte, as a
  /// decoder that repairs shows it.
  public static func shown(_ text: String) -> String {
    guard hasEscapes(text) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value >= firstEscape ? "\u{FFFD}" : $0 }))
  }

  /// `open(2)` of `path`.
  public static func open(_ path: String, _ flags: Int32) -> Int32 {
    withCString(path) {
      #if canImport(Glibc)
        Glibc.open($0, flags)
      #else
        Darwin.open($0, flags)
      #endif
    }
  }

  /// `stat(2)` of `path` into `info`.
  public static func status(_ path: String, _ info: inout stat) -> Int32 {
    withCString(path) { stat($0, &info) }
  }

  /// Whether `path` is standard input: `-`, or a name of the pipe or file
  /// it is (`/dev/stdin`, `/proc/self/fd/0`) — read once, it is gone. (A
  /// device such as `/dev/null` reads alike under every name.)
  public static func isStandardInput(_ path: String) -> Bool {
    if path == "-" { return true }
    var named = stat()
    var input = stat()
    guard fstat(0, &input) == 0, input.st_mode & S_IFMT != S_IFCHR, status(path, &named) == 0 else { return false }
    return named.st_dev == input.st_dev && named.st_ino == input.st_ino
  }
}

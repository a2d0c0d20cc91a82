/// A position in a file's bytes that knows its line and (lazily) its column in Unicode scalars.
///
/// Every byte is passed through `advance`, so line counting happens in one place. Columns are
/// counted only where a token starts, from the last counted offset on the same line, so that a
/// long line costs one pass however many tokens it holds.
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var offset: Int
    private(set) var line = 1
    private var countedOffset: Int
    private var countedColumn = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        offset = hasByteOrderMark ? 3 : 0
        countedOffset = offset
    }

    var atEnd: Bool { offset >= bytes.count }

    /// The byte `ahead` positions on, or 0 past the end (0 never starts anything a lexer looks for).
    func peek(_ ahead: Int = 0) -> UInt8 {
        let position = offset + ahead
        return position < bytes.count ? bytes[position] : 0
    }

    /// Whether `text` (ASCII) starts at the cursor, `ahead` bytes on.
    func matches(_ text: StaticString, ahead: Int = 0) -> Bool {
        let pointer = text.utf8Start
        for position in 0..<text.utf8CodeUnitCount where peek(ahead + position) != pointer[position] {
            return false
        }
        return true
    }

    /// Counts a line at each line terminator the languages read define (LF, CR, CR LF: JLS 3.4,
    /// the Kotlin grammar's `NL`, Swift's `line-break`, XML 1.0 2.11); CR LF counts once, at the LF.
    mutating func advance() {
        guard offset < bytes.count else { return }
        if ASCII.endsLine(at: offset, in: bytes) {
            line += 1
            countedOffset = offset + 1
            countedColumn = 1
        }
        offset += 1
    }

    /// Advances to `target` (never back), counting the lines on the way.
    mutating func advance(to target: Int) {
        while offset < min(target, bytes.count) { advance() }
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Advances over bytes that are known not to be line breaks.
    mutating func skip(_ count: Int) {
        offset = min(bytes.count, offset + count)
    }

    /// The column of the cursor, counting Unicode scalars (UTF-8 continuation bytes do not count).
    mutating func column() -> Int {
        while countedOffset < offset {
            if bytes[countedOffset] & 0xC0 != 0x80 { countedColumn += 1 }
            countedOffset += 1
        }
        return countedColumn
    }

    /// Skips to the end of the line, leaving the line break (LF or CR) to be read.
    mutating func skipRestOfLine() {
        while offset < bytes.count, !ASCII.isLineBreak(bytes[offset]) { offset += 1 }
    }

    /// Whether the cursor is at a line terminator (LF or CR).
    var atLineBreak: Bool { offset < bytes.count && ASCII.isLineBreak(bytes[offset]) }
}

/// The bytes lexers look for.
enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let hash = UInt8(ascii: "#")
    static let dollar = UInt8(ascii: "$")
    static let at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`")
    static let dot = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let equals = UInt8(ascii: "=")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let ampersand = UInt8(ascii: "&")
    static let tilde = UInt8(ascii: "~")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let question = UInt8(ascii: "?")
    static let underscore = UInt8(ascii: "_")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == newline || byte == tab || byte == carriageReturn || byte == 0x0B || byte == 0x0C
    }

    /// LF or CR: either one starts a line terminator.
    static func isLineBreak(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }

    /// Whether the byte at `offset` ends a line: an LF, or a CR not followed by an LF.
    static func endsLine(at offset: Int, in bytes: [UInt8]) -> Bool {
        let byte = bytes[offset]
        if byte == newline { return true }
        return byte == carriageReturn && (offset + 1 >= bytes.count || bytes[offset + 1] != newline)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// Letters, digits, `_`, `$`, and every byte of a non-ASCII scalar (identifiers may use any letter).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == underscore || byte == dollar || byte >= 0x80
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == underscore || byte == dollar || byte >= 0x80
    }

    static func isOpener(_ byte: UInt8) -> Bool { byte == openParen || byte == openBrace || byte == openBracket }
    static func isCloser(_ byte: UInt8) -> Bool { byte == closeParen || byte == closeBrace || byte == closeBracket }
}

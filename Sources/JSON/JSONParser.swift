/// Reads JSON text strictly as RFC 8259 defines it, from bytes, and never traps: anything else is
/// a `Failure` that names the byte offset where the text stops being JSON and what was expected.
///
/// Where the RFC leaves the choice to the parser:
/// - a UTF-8 byte order mark at the very start is skipped (RFC 8259 section 8.1 allows it, and
///   Windows editors write one); offsets still count its three bytes, so that they match the file;
/// - an object may repeat a key: every member is kept in document order and lookups answer the
///   last one, as JavaScript's `JSON.parse` does (readers that care, like the baseline, reject them);
/// - numbers: an integer literal that fits `Int` stays an integer; every other number becomes the
///   nearest `Double` (so `1e-400` reads as 0); a number beyond the `Double` range (`1e400`) is an
///   error, never infinity, which no JSON text could write back;
/// - a `\u` escape of half a surrogate pair that is not completed by the other half is an error:
///   a Swift `String` cannot hold it, and replacing it would change the data silently;
/// - nesting is limited (by default as deep as capaudit reads YAML): the parser keeps its own stack, so deep
///   input is an error, never a stack overflow.
public struct JSONParser {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// From the start of the text, in bytes (`SourceLines.position(ofByte:)` gives line and column).
        public var offset: Int
        public var message: String

        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Arrays and objects open at once, at most: YAML's default depth limit, which a test keeps
    /// equal (this module depends on nothing, so it cannot read `YAMLLimits`).
    public static let defaultMaxDepth = 512

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(Failure) -> JSONValue {
        try parseNode(bytes, maxDepth: maxDepth).value
    }

    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The value with the offset of every value and key, for readers that report where a value is wrong.
    public static func parseNode(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        let node = try parser.value()
        parser.skipWhitespace()
        if let byte = parser.peek() {
            throw parser.failure("expected the end of the text after the JSON value, found \(describe(byte))\(parser.hint(trailingComma: false))")
        }
        return node
    }

    /// A sequence of JSON values separated by white space (as the YAML test suite writes its
    /// expected values), each as strict as `parse`.
    public static func parseStream(_ text: String) throws(Failure) -> [JSONValue] {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: defaultMaxDepth)
        var values: [JSONValue] = []
        parser.skipWhitespace()
        while parser.peek() != nil {
            values.append(try parser.value().value)
            parser.skipWhitespace()
        }
        return values
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index: Int

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        index = bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
    }

    /// An array or object whose members are being read.
    private struct OpenContainer {
        var isObject: Bool
        var start: Int
        var items: [JSONNode] = []
        var members: [JSONNode.Member] = []
        /// The key whose value is being read (objects only).
        var key = ""
        var keyOffset = 0

        var closer: UInt8 { isObject ? ASCII.closeBrace : ASCII.closeBracket }
        var memberName: String { isObject ? "an object member" : "an array element" }

        mutating func add(_ value: JSONNode) {
            if isObject {
                members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: value))
            } else {
                items.append(value)
            }
        }

        var node: JSONNode { JSONNode(offset: start, content: isObject ? .object(members) : .array(items)) }
    }

    /// One value with everything nested in it, read with an explicit stack of open containers.
    private mutating func value() throws(Failure) -> JSONNode {
        var open: [OpenContainer] = []
        var place = Place.start
        reading: while true {
            skipWhitespace()
            let start = index
            guard let byte = peek() else { throw failure("expected a JSON value \(place.rawValue), found the end of the text") }
            var node: JSONNode
            switch byte {
            case ASCII.openBracket, ASCII.openBrace:
                guard open.count < maxDepth else {
                    throw failure("arrays and objects nest deeper than \(maxDepth) levels, the limit; flatten the data")
                }
                index += 1
                skipWhitespace()
                var container = OpenContainer(isObject: byte == ASCII.openBrace, start: start)
                if peek() == container.closer {
                    index += 1
                    node = container.node
                } else {
                    if container.isObject {
                        (container.key, container.keyOffset) = try memberKey(place: .afterOpenBrace)
                        place = .afterColon
                    } else {
                        place = .afterOpenBracket
                    }
                    open.append(container)
                    continue reading
                }
            case ASCII.quote:
                node = JSONNode(offset: start, content: .string(try string()))
            case ASCII.minus, ASCII.zero...ASCII.nine:
                node = JSONNode(offset: start, content: try number())
            case ASCII.lowercaseT:
                try literal("true")
                node = JSONNode(offset: start, content: .bool(true))
            case ASCII.lowercaseF:
                try literal("false")
                node = JSONNode(offset: start, content: .bool(false))
            case ASCII.lowercaseN:
                try literal("null")
                node = JSONNode(offset: start, content: .null)
            default:
                throw failure("expected a JSON value (object, array, string, number, `true`, `false` or `null`) \(place.rawValue), found \(Self.describe(byte))\(hint(trailingComma: place == .afterComma))")
            }
            // The value is complete: it joins its container, which may close in turn.
            while let last = open.indices.last {
                skipWhitespace()
                open[last].add(node)
                switch peek() {
                case ASCII.comma:
                    index += 1
                    if open[last].isObject {
                        let (key, keyOffset) = try memberKey(place: .afterComma)
                        open[last].key = key
                        open[last].keyOffset = keyOffset
                        place = .afterColon
                    } else {
                        place = .afterComma
                    }
                    continue reading
                case open[last].closer:
                    index += 1
                    node = open.removeLast().node
                default:
                    throw failure("expected `,` or `\(Character(Unicode.Scalar(open[last].closer)))` after \(open[last].memberName), found \(foundHere())")
                }
            }
            return node
        }
    }

    /// A member's key and the `:` after it; returns the key and where it starts.
    private mutating func memberKey(place: Place) throws(Failure) -> (String, Int) {
        skipWhitespace()
        let keyOffset = index
        guard peek() == ASCII.quote else {
            throw failure("expected a key in double quotes \(place.rawValue), found \(foundHere())\(hint(trailingComma: place == .afterComma))")
        }
        let key = try string()
        skipWhitespace()
        guard peek() == ASCII.colon else { throw failure("expected `:` after the object key, found \(foundHere())") }
        index += 1
        return (key, keyOffset)
    }

    /// Where a value or key is expected, as messages say it.
    private enum Place: String {
        case start = "at the start of the text"
        case afterOpenBracket = "after `[`"
        case afterOpenBrace = "after `{`"
        case afterColon = "after `:`"
        case afterComma = "after `,`"
        case afterMinus = "after `-`"
    }

    /// Why the byte here is wrong, when a common mistake explains it.
    private func hint(trailingComma: Bool) -> String {
        let rest = bytes[index...]
        switch peek() {
        case ASCII.closeBracket, ASCII.closeBrace: return trailingComma ? "; JSON allows no trailing comma" : ""
        case ASCII.singleQuote: return "; JSON strings take double quotes"
        case ASCII.slash: return "; JSON has no comments"
        case ASCII.plus: return "; a JSON number starts with a digit or `-`"
        case ASCII.dot: return "; a JSON number needs a digit before `.`"
        case _ where rest.starts(with: "NaN".utf8) || rest.starts(with: "Infinity".utf8): return "; NaN and Infinity are not JSON numbers"
        default: return ""
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        guard bytes[index...].starts(with: word.utf8) else {
            let found = bytes[index...].prefix(Self.longestWordQuoted).prefix { Self.isLetter($0) }
            throw failure("expected `\(word)`, found `\(String(decoding: found, as: UTF8.self))`")
        }
        index += word.utf8.count
    }

    /// Letters of a misspelt `true`, `false` or `null` that a message repeats, at most.
    private static let longestWordQuoted = 16

    private static func isLetter(_ byte: UInt8) -> Bool {
        (ASCII.lowercaseA...ASCII.lowercaseZ).contains(byte) || (ASCII.uppercaseA...ASCII.uppercaseZ).contains(byte)
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, nothing more.
    private mutating func number() throws(Failure) -> JSONNode.Content {
        let start = index
        if peek() == ASCII.minus { index += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw failure("expected a digit \(Place.afterMinus.rawValue), found \(foundHere())\(hint(trailingComma: false))") }
        index += 1
        if first == ASCII.zero {
            if let next = peek(), Self.isDigit(next) {
                throw Failure(offset: index - 1, message: "a JSON number cannot have a leading zero: after `0` expected `.`, `e` or the end of the number")
            }
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek() == ASCII.dot {
            index += 1
            guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit after the decimal point, found \(foundHere())") }
            skipDigits()
            isInteger = false
        }
        if peek() == ASCII.lowercaseE || peek() == ASCII.uppercaseE {
            index += 1
            if peek() == ASCII.plus || peek() == ASCII.minus { index += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit in the exponent, found \(foundHere())") }
            skipDigits()
            isInteger = false
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            throw Failure(offset: start, message: "number too large: beyond \(Double.greatestFiniteMagnitude), the largest a 64-bit float holds")
        }
        return .number(double)
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (ASCII.zero...ASCII.nine).contains(byte)
    }

    // MARK: Strings

    /// The string whose opening quote is at `index`.
    private mutating func string() throws(Failure) -> String {
        let opening = index
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while let byte = peek() {
            switch byte {
            case ASCII.quote:
                let text = decoded.isEmpty ? String(decoding: bytes[runStart..<index], as: UTF8.self) : String(decoding: decoded + bytes[runStart..<index], as: UTF8.self)
                index += 1
                return text
            case ASCII.backslash:
                decoded.append(contentsOf: bytes[runStart..<index])
                try escape(into: &decoded)
                runStart = index
            case 0..<ASCII.space:
                throw failure("a control character (U+\(Self.hex(UInt32(byte), digits: 4))) cannot appear raw in a JSON string; write it as `\(Self.escapeSpelling(byte))`")
            case 0..<0x80:
                index += 1
            default:
                guard let length = utf8SequenceLength(at: index) else {
                    throw failure("invalid UTF-8 in a string (\(Self.describe(byte)) does not start a valid sequence); save the file as UTF-8")
                }
                index += length
            }
        }
        throw Failure(offset: opening, message: "the string that starts here is never closed: expected `\"` before the end of the text")
    }

    /// One escape sequence, its backslash at `index`, appended as UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
        let escapeStart = index
        index += 1
        guard let letter = peek() else {
            throw Failure(offset: escapeStart, message: "expected an escape character after `\\`, found the end of the text")
        }
        index += 1
        let scalar: Unicode.Scalar
        switch letter {
        case ASCII.quote, ASCII.backslash, ASCII.slash: scalar = Unicode.Scalar(letter)
        case ASCII.lowercaseB: scalar = "\u{8}"
        case ASCII.lowercaseF: scalar = "\u{C}"
        case ASCII.lowercaseN: scalar = "\n"
        case ASCII.lowercaseR: scalar = "\r"
        case ASCII.lowercaseT: scalar = "\t"
        case ASCII.lowercaseU: scalar = try unicodeEscape(startingAt: escapeStart)
        default:
            throw Failure(
                offset: escapeStart,
                message: "invalid escape `\\` followed by \(Self.describe(letter)); JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits")
        }
        UTF8.encode(scalar) { decoded.append($0) }
    }

    /// The scalar of a `\uXXXX` escape, or of a surrogate pair written as two of them.
    private mutating func unicodeEscape(startingAt escapeStart: Int) throws(Failure) -> Unicode.Scalar {
        let unit = try hex4(escapeStart: escapeStart)
        let written = String(decoding: bytes[(escapeStart + 2)..<index], as: UTF8.self)
        var code = unit
        switch unit {
        case Self.highSurrogates:
            let lowStart = index
            guard peek() == ASCII.backslash, peek(ahead: 1) == ASCII.lowercaseU else {
                throw Failure(offset: escapeStart, message: "`\\u\(written)` is the first half of a surrogate pair but no `\\uDC00`-`\\uDFFF` escape follows it; write the pair or the character itself")
            }
            index += 2
            let low = try hex4(escapeStart: lowStart)
            guard Self.lowSurrogates.contains(low) else {
                throw Failure(offset: escapeStart, message: "`\\u\(written)` is the first half of a surrogate pair but no `\\uDC00`-`\\uDFFF` escape follows it; write the pair or the character itself")
            }
            code = 0x10000 + ((unit - Self.highSurrogates.lowerBound) << 10) + (low - Self.lowSurrogates.lowerBound)
        case Self.lowSurrogates:
            throw Failure(offset: escapeStart, message: "`\\u\(written)` is the second half of a surrogate pair without a `\\uD800`-`\\uDBFF` escape before it; write the pair or the character itself")
        default:
            break
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw Failure(offset: escapeStart, message: "`\\u\(written)` is not a Unicode scalar value")
        }
        return scalar
    }

    private static let highSurrogates: ClosedRange<UInt32> = 0xD800...0xDBFF
    private static let lowSurrogates: ClosedRange<UInt32> = 0xDC00...0xDFFF

    /// The four hex digits after `\u`, the escape's backslash at `escapeStart`.
    private mutating func hex4(escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = peek().flatMap(Self.hexDigitValue) else {
                throw Failure(offset: escapeStart, message: "expected four hex digits after `\\u`, found \(foundHere())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case ASCII.zero...ASCII.nine: return UInt32(byte - ASCII.zero)
        case ASCII.lowercaseA...ASCII.lowercaseF: return UInt32(byte - ASCII.lowercaseA) + 10
        case ASCII.uppercaseA...ASCII.uppercaseF: return UInt32(byte - ASCII.uppercaseA) + 10
        default: return nil
        }
    }

    /// The length of the well-formed UTF-8 sequence at `start` (Unicode Table 3-7: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF), or nil.
    private func utf8SequenceLength(at start: Int) -> Int? {
        let continuation: ClosedRange<UInt8> = 0x80...0xBF
        var second = continuation
        let length: Int
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
        for position in (start + 2)..<(start + length) where !continuation.contains(bytes[position]) { return nil }
        return length
    }

    /// How to write a control character inside a JSON string.
    private static func escapeSpelling(_ byte: UInt8) -> String {
        switch byte {
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        default: return "\\u" + hex(UInt32(byte), digits: 4)
        }
    }

    // MARK: Reading bytes

    private func peek(ahead distance: Int = 0) -> UInt8? {
        index + distance < bytes.count ? bytes[index + distance] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == ASCII.space || byte == ASCII.tab || byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
            index += 1
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: index, message: message)
    }

    /// What is at `index`, for messages.
    private func foundHere() -> String {
        peek().map(Self.describe) ?? "the end of the text"
    }

    /// A byte as a message shows it: printable ASCII in backticks, anything else by its value
    /// (a message never carries a control character to the terminal).
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case ASCII.space: return "a space"
        case ASCII.exclamation...ASCII.tilde: return "`\(Character(Unicode.Scalar(byte)))`"
        default: return "byte 0x\(hex(UInt32(byte), digits: 2))"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// The bytes JSON's grammar names.
private enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let exclamation = UInt8(ascii: "!")
    static let quote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let uppercaseA = UInt8(ascii: "A")
    static let uppercaseE = UInt8(ascii: "E")
    static let uppercaseF = UInt8(ascii: "F")
    static let uppercaseZ = UInt8(ascii: "Z")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let lowercaseA = UInt8(ascii: "a")
    static let lowercaseB = UInt8(ascii: "b")
    static let lowercaseE = UInt8(ascii: "e")
    static let lowercaseF = UInt8(ascii: "f")
    static let lowercaseN = UInt8(ascii: "n")
    static let lowercaseR = UInt8(ascii: "r")
    static let lowercaseT = UInt8(ascii: "t")
    static let lowercaseU = UInt8(ascii: "u")
    static let lowercaseZ = UInt8(ascii: "z")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let tilde = UInt8(ascii: "~")
}

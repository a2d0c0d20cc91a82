/// An attribute of an XML start tag, with where its name and its value begin.
public struct XMLAttribute: Sendable, Hashable {
    /// As written, with its namespace prefix: `android:name`.
    public let name: String
    /// With the five predefined entities and character references decoded.
    public let value: String
    public let line: Int
    public let column: Int
    public let valueLine: Int
    public let valueColumn: Int
}

/// An XML start tag: the element's name, where its `<` is, and its attributes.
public struct XMLElementTag: Sendable, Hashable {
    public let name: String
    public let line: Int
    public let column: Int
    public let attributes: [XMLAttribute]

    /// The first attribute named `name` (with its prefix, `android:name`).
    public func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }
}

/// A small XML tokenizer: start tags and their attributes; comments, CDATA sections, processing
/// instructions, declarations and end tags are skipped. Malformed input ends the reading early,
/// never in an error.
struct XMLReader {
    private var cursor: ByteCursor
    private var elements: [XMLElementTag] = []

    private init(_ bytes: [UInt8]) {
        cursor = ByteCursor(bytes)
    }

    static func elements(_ bytes: [UInt8]) -> [XMLElementTag] {
        var reader = XMLReader(bytes)
        reader.run()
        return reader.elements
    }

    private mutating func run() {
        while !cursor.atEnd {
            guard cursor.peek() == ASCII.less else {
                cursor.advance()
                continue
            }
            if cursor.matches("<!--") {
                skip(past: "-->")
            } else if cursor.matches("<![CDATA[") {
                skip(past: "]]>")
            } else if cursor.matches("<?") {
                skip(past: "?>")
            } else if cursor.matches("<!") {
                skipDeclaration()
            } else if cursor.matches("</") {
                skip(past: ">")
            } else if Self.isNameByte(cursor.peek(1)) {
                readStartTag()
            } else {
                cursor.advance()
            }
        }
    }

    private mutating func skip(past terminator: StaticString) {
        while !cursor.atEnd {
            if cursor.matches(terminator) {
                cursor.advance(by: terminator.utf8CodeUnitCount)
                return
            }
            cursor.advance()
        }
    }

    /// `<!DOCTYPE …>`, with an internal subset in `[…]` and quoted strings that may hold `>`.
    private mutating func skipDeclaration() {
        var depth = 0
        while !cursor.atEnd {
            let byte = cursor.peek()
            cursor.advance()
            switch byte {
            case ASCII.openBracket: depth += 1
            case ASCII.closeBracket: depth = max(0, depth - 1)
            case ASCII.quote, ASCII.apostrophe:
                while !cursor.atEnd, cursor.peek() != byte { cursor.advance() }
                cursor.advance()
            case ASCII.greater where depth == 0: return
            default: break
            }
        }
    }

    private mutating func readStartTag() {
        let line = cursor.line
        let column = cursor.column()
        cursor.skip(1)
        let name = readName()
        var attributes: [XMLAttribute] = []
        while !cursor.atEnd {
            while ASCII.isWhitespace(cursor.peek()) { cursor.advance() }
            let byte = cursor.peek()
            if byte == ASCII.greater {
                cursor.skip(1)
                break
            }
            if byte == ASCII.less { break }
            if byte == ASCII.slash {
                cursor.skip(1)
                continue
            }
            guard Self.isNameByte(byte) else {
                cursor.advance()
                continue
            }
            attributes.append(readAttribute())
        }
        elements.append(XMLElementTag(name: name, line: line, column: column, attributes: attributes))
    }

    private mutating func readAttribute() -> XMLAttribute {
        let line = cursor.line
        let column = cursor.column()
        let name = readName()
        while ASCII.isWhitespace(cursor.peek()) { cursor.advance() }
        guard cursor.peek() == ASCII.equals else {
            return XMLAttribute(name: name, value: "", line: line, column: column, valueLine: line, valueColumn: column)
        }
        cursor.skip(1)
        while ASCII.isWhitespace(cursor.peek()) { cursor.advance() }
        let quote = cursor.peek()
        let quoted = quote == ASCII.quote || quote == ASCII.apostrophe
        if quoted { cursor.skip(1) }
        let valueLine = cursor.line
        let valueColumn = cursor.column()
        let start = cursor.offset
        while !cursor.atEnd {
            let byte = cursor.peek()
            if quoted ? byte == quote : (ASCII.isWhitespace(byte) || byte == ASCII.greater) { break }
            cursor.advance()
        }
        let raw = cursor.bytes[start..<cursor.offset]
        if quoted, !cursor.atEnd { cursor.skip(1) }
        return XMLAttribute(
            name: name, value: Self.decodeEntities(raw), line: line, column: column, valueLine: valueLine, valueColumn: valueColumn)
    }

    private mutating func readName() -> String {
        let start = cursor.offset
        while Self.isNameByte(cursor.peek()) { cursor.skip(1) }
        return String(decoding: cursor.bytes[start..<cursor.offset], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.underscore || byte == ASCII.colon || byte == ASCII.minus
            || byte == ASCII.dot || byte >= 0x80
    }

    private static let entities: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
    /// `#x10FFFF;` is the longest reference decoded: an `&` with no `;` this close is text.
    private static let longestReference = 9

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xHH;`; anything else stays as written.
    static func decodeEntities(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(longestReference).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            if let replacement = entities[String(name)] {
                result += replacement
            } else if let scalar = characterReference(name) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func characterReference(_ name: Substring) -> Unicode.Scalar? {
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}

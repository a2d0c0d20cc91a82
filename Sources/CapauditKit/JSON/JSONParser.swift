/// Reads JSON text (RFC 8259), or a stream of JSON values separated by white space.
public struct JSONParser {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "\(message) at byte \(offset)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 512

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONParser(text)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    public static func parseStream(_ text: String) throws(Failure) -> [JSONValue] {
        var parser = JSONParser(text)
        var values: [JSONValue] = []
        parser.skipSpace()
        while parser.index < parser.bytes.count {
            values.append(try parser.value(depth: 0))
            parser.skipSpace()
        }
        return values
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: index, message: message)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw failure("JSON nested too deeply") }
        skipSpace()
        guard index < bytes.count else { throw failure("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                if try endOrComma(UInt8(ascii: "}")) { return .object(members) }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                if try endOrComma(UInt8(ascii: "]")) { return .array(items) }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            return try number()
        }
    }

    private mutating func endOrComma(_ closing: UInt8) throws(Failure) -> Bool {
        guard index < bytes.count else { throw failure("unexpected end of JSON") }
        if bytes[index] == closing { index += 1; return true }
        try expect(UInt8(ascii: ","))
        return false
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard index < bytes.count, bytes[index] == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 { try expect(byte) }
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text) else { throw Failure(offset: start, message: "expected a value") }
        return .number(double)
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else { index += 1; continue }
            flush(index)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
            runStart = index
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("expected four hex digits")
        }
        index += 4
        return value
    }
}

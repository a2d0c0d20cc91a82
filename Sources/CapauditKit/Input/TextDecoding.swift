import YAML

/// Turns a file in any encoding YAML allows (UTF-8, or UTF-16 or UTF-32 with a byte order mark)
/// into UTF-8, once, when it is read: sniffing, parsing, `SourceLines` and every position after
/// them see UTF-8 only. Columns count Unicode scalars, so positions in the UTF-8 text are those
/// of the original file. The UTF-16 or UTF-32 mark becomes a UTF-8 one, which every later stage
/// already accepts.
public enum TextDecoding {
    /// A text that its mark says is UTF-16 or UTF-32 but that does not decode.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        /// Where the first bad unit stands, as a position in the decoded text.
        public var position: SourcePosition
    }

    private enum Encoding {
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)

        var name: String {
            switch self {
            case .utf16: return "UTF-16"
            case .utf32: return "UTF-32"
            }
        }

        var unitBytes: Int {
            switch self {
            case .utf16: return 2
            case .utf32: return 4
            }
        }
    }

    private static let utf8Mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes as UTF-8; bytes without a UTF-16 or UTF-32 mark are returned as they are
    /// (invalid UTF-8 is for the YAML reader to locate).
    public static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], Failure> {
        guard let (encoding, markLength) = encoding(of: bytes) else { return .success(bytes) }
        var output = utf8Mark
        output.reserveCapacity(bytes.count)
        var index = markLength
        var line = 1
        var column = 1
        func failure(_ problem: String) -> Result<[UInt8], Failure> {
            .failure(Failure(message: "the \(encoding.name) text \(problem); save the file as UTF-8 text", position: SourcePosition(line: line, column: column)))
        }
        while index < bytes.count {
            guard index + encoding.unitBytes <= bytes.count else { return failure("ends in the middle of a character") }
            var value = unit(bytes, at: index, encoding)
            index += encoding.unitBytes
            if case .utf16 = encoding, (0xD800...0xDBFF).contains(value) {
                guard index + 2 <= bytes.count else { return failure("ends in the middle of a character") }
                let low = unit(bytes, at: index, encoding)
                guard (0xDC00...0xDFFF).contains(low) else { return failure("has an unpaired surrogate (0x\(hex(value)))") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                index += 2
            }
            guard let scalar = Unicode.Scalar(value) else { return failure("has a code that is not a character (0x\(hex(value)))") }
            output.append(contentsOf: scalar.utf8)
            if scalar == "\n" || (scalar == "\r" && (index >= bytes.count || unit(bytes, at: index, encoding) != 0x0A)) {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += 1
            }
        }
        return .success(output)
    }

    /// The encoding its byte order mark names, and the mark's length.
    private static func encoding(of bytes: [UInt8]) -> (Encoding, Int)? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
        return nil
    }

    private static func unit(_ bytes: [UInt8], at index: Int, _ encoding: Encoding) -> UInt32 {
        let count = encoding.unitBytes
        guard index + count <= bytes.count else { return 0 }
        let big: Bool
        switch encoding {
        case .utf16(let bigEndian), .utf32(let bigEndian): big = bigEndian
        }
        var value: UInt32 = 0
        for offset in 0..<count {
            let byte = UInt32(bytes[index + (big ? offset : count - 1 - offset)])
            value = value << 8 | byte
        }
        return value
    }

    private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}

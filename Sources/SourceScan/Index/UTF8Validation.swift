/// Checks that bytes are well-formed UTF-8 (no overlong forms, surrogates or values past
/// U+10FFFF), in one pass; runs of ASCII are checked eight bytes at a time.
enum UTF8Validation {
    /// The line and column (1-based, the column in Unicode scalars) of the first byte that is not
    /// UTF-8, or nil when all are. What precedes that byte is valid, so each scalar before it on
    /// its line starts with one byte that is not a continuation byte.
    static func firstInvalidPosition(_ bytes: [UInt8]) -> (line: Int, column: Int)? {
        guard let offset = firstInvalidOffset(bytes) else { return nil }
        var line = 1
        var lineStart = 0
        for position in 0..<offset where ASCII.endsLine(at: position, in: bytes) {
            line += 1
            lineStart = position + 1
        }
        let column = 1 + bytes[lineStart..<offset].lazy.filter { $0 & 0xC0 != 0x80 }.count
        return (line, column)
    }

    private static let asciiMask: UInt64 = 0x8080_8080_8080_8080

    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            var offset = 0
            while offset < raw.count {
                if offset + 8 <= raw.count, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & asciiMask == 0 {
                    offset += 8
                    continue
                }
                guard raw[offset] >= 0x80 else {
                    offset += 1
                    continue
                }
                guard let length = sequenceLength(raw, at: offset) else { return offset }
                offset += length
            }
            return nil
        }
    }

    /// The length of the well-formed sequence starting with a non-ASCII byte at `offset`, or nil.
    private static func sequenceLength(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        let length: Int
        switch raw[offset] {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, lower) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, upper) = (3, 0x9F)
        case 0xF0: (length, lower) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, upper) = (4, 0x8F)
        default: return nil
        }
        guard offset + length <= raw.count else { return nil }
        for position in 1..<length {
            let byte = raw[offset + position]
            guard byte >= lower, byte <= upper else { return nil }
            lower = 0x80
            upper = 0xBF
        }
        return length
    }
}

/// Checks that bytes are well-formed UTF-8 (no overlong forms, surrogates or values past
/// U+10FFFF), in one pass.
enum UTF8Validation {
    /// The line (1-based) holding the first byte that is not UTF-8, or nil when all are.
    static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
        var line = 1
        var pending = 0
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        for byte in bytes {
            if pending > 0 {
                guard byte >= lower, byte <= upper else { return line }
                pending -= 1
                lower = 0x80
                upper = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F:
                if byte == ASCII.newline { line += 1 }
            case 0xC2...0xDF:
                pending = 1
            case 0xE0:
                pending = 2
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF:
                pending = 2
            case 0xED:
                pending = 2
                upper = 0x9F
            case 0xF0:
                pending = 3
                lower = 0x90
            case 0xF1...0xF3:
                pending = 3
            case 0xF4:
                pending = 3
                upper = 0x8F
            default:
                return line
            }
        }
        return pending > 0 ? line : nil
    }
}

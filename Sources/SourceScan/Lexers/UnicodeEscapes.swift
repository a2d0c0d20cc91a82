/// Java's Unicode escapes (JLS 3.3), translated before the lexer reads the file, as the compiler
/// does: `\u0041` is `A` everywhere, in names, comments and line breaks alike, so that an escaped
/// letter, comment opener or line break means to the scanner what it means to the compiler.
///
/// A `\` starts an escape only when an even number of backslashes precedes it in the raw text
/// (`\\u0041` is not one), followed by one or more `u` and four hex digits (`\uuu0041` is). A
/// translated backslash (`\u005c`) starts no further Unicode escape. A surrogate pair written as
/// two escapes is one scalar; a lone surrogate becomes U+FFFD.
struct UnicodeEscapeTranslation {
    /// The text with every escape replaced by its scalar's UTF-8.
    let bytes: [UInt8]
    /// For each translated byte, the offset of the original byte it comes from (the escape's
    /// first `\` for every byte of a translated escape), and one last entry for the end.
    let originalOffsets: [Int]

    /// The translation, or nil when `raw` holds no Unicode escape (the common case costs one scan).
    static func translate(_ raw: [UInt8]) -> UnicodeEscapeTranslation? {
        guard mayHoldEscape(raw) else { return nil }
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        bytes.reserveCapacity(raw.count)
        offsets.reserveCapacity(raw.count + 1)
        var offset = 0
        var precedingBackslashes = 0
        var translatedAny = false
        while offset < raw.count {
            let byte = raw[offset]
            if byte == ASCII.backslash, precedingBackslashes % 2 == 0, let escape = escape(in: raw, at: offset) {
                var scalarValue = escape.value
                var length = escape.length
                if UTF16.isLeadSurrogate(UInt16(truncatingIfNeeded: escape.value)), escape.value <= 0xFFFF,
                    let low = self.escape(in: raw, at: offset + length), UTF16.isTrailSurrogate(UInt16(truncatingIfNeeded: low.value)), low.value <= 0xFFFF
                {
                    scalarValue = 0x10000 + ((escape.value - 0xD800) << 10) + (low.value - 0xDC00)
                    length += low.length
                }
                let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
                for unit in String(scalar).utf8 {
                    bytes.append(unit)
                    offsets.append(offset)
                }
                offset += length
                precedingBackslashes = 0
                translatedAny = true
                continue
            }
            precedingBackslashes = byte == ASCII.backslash ? precedingBackslashes + 1 : 0
            bytes.append(byte)
            offsets.append(offset)
            offset += 1
        }
        guard translatedAny else { return nil }
        offsets.append(raw.count)
        return UnicodeEscapeTranslation(bytes: bytes, originalOffsets: offsets)
    }

    private static func mayHoldEscape(_ raw: [UInt8]) -> Bool {
        var offset = 0
        while offset + 1 < raw.count {
            if raw[offset] == ASCII.backslash, raw[offset + 1] == UInt8(ascii: "u") { return true }
            offset += 1
        }
        return false
    }

    /// The escape starting at the `\` at `offset`: its UTF-16 code unit and its length in bytes.
    private static func escape(in raw: [UInt8], at offset: Int) -> (value: UInt32, length: Int)? {
        guard offset < raw.count, raw[offset] == ASCII.backslash else { return nil }
        var position = offset + 1
        guard position < raw.count, raw[position] == UInt8(ascii: "u") else { return nil }
        while position < raw.count, raw[position] == UInt8(ascii: "u") { position += 1 }
        guard position + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for digit in raw[position..<(position + 4)] {
            guard let nibble = hexValue(digit) else { return nil }
            value = value << 4 | nibble
        }
        return (value, position + 4 - offset)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

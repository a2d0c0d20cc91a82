/// A word of a text: its case-folded form and where it stands, in Unicode scalars from the text's start.
public struct Token: Sendable, Equatable {
    public var folded: String
    public var original: String
    public var start: Int
    public var end: Int
}

/// Splits text into words on Unicode letters, marks and digits; everything else separates words,
/// except invisible format characters (`ControlEscaping.isInvisible`): they neither split a word
/// nor belong to it, so that `H\u{200B}ackers` is the word "Hackers", its span still covering the
/// source characters it came from. Linear in the text's length.
public enum Tokenizer {
    public static func tokens(_ text: String) -> [Token] {
        var text = text
        return text.withUTF8(tokens(utf8:))
    }

    /// Reads the text's UTF-8 bytes rather than its scalars: an ASCII byte, most of any text, is
    /// classified and cut without decoding, and a word is a slice of the bytes, not scalars appended one by one.
    private static func tokens(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        // The open word: its bytes, and its span in scalar offsets.
        var wordStart: Int?
        var wordEnd = 0
        var start = 0
        var end = 0
        var invisibleInside = false
        var offset = 0
        func flush() {
            guard let first = wordStart else { return }
            let word = UnsafeBufferPointer(rebasing: bytes[first..<wordEnd])
            let original = invisibleInside ? visibleScalars(word) : String(decoding: word, as: UTF8.self)
            tokens.append(Token(folded: lowered(original), original: original, start: start, end: end))
            wordStart = nil
            invisibleInside = false
        }
        var index = 0
        while index < bytes.count {
            let (scalar, width) = UTF8Scalars.scalar(in: bytes, at: index)
            if ControlEscaping.isInvisible(scalar) {
                if wordStart != nil { invisibleInside = true }
            } else if isWordScalar(scalar) {
                if wordStart == nil {
                    wordStart = index
                    start = offset
                }
                wordEnd = index + width
                end = offset + 1
            } else {
                flush()
            }
            offset += 1
            index += width
        }
        flush()
        return tokens
    }

    /// A word's scalars without the invisible characters inside it.
    private static func visibleScalars(_ word: UnsafeBufferPointer<UInt8>) -> String {
        var visible = String.UnicodeScalarView()
        var index = 0
        while index < word.count {
            let (scalar, width) = UTF8Scalars.scalar(in: word, at: index)
            if !ControlEscaping.isInvisible(scalar) { visible.append(scalar) }
            index += width
        }
        return String(visible)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Folds a lexicon word the way text tokens are folded (invisible characters dropped too).
    public static func fold(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: ControlEscaping.isInvisible) else { return lowered(word) }
        var visible = String.UnicodeScalarView()
        for scalar in word.unicodeScalars where !ControlEscaping.isInvisible(scalar) { visible.append(scalar) }
        return lowered(String(visible))
    }

    /// The word in lowercase. Most words are ASCII: one without capitals is its own lowercase
    /// form and shares its storage, one with capitals is lowered byte by byte.
    static func lowered(_ word: String) -> String {
        var capitals = 0
        for byte in word.utf8 {
            if byte >= 0x80 { return word.lowercased() }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { capitals += 1 }
        }
        guard capitals > 0 else { return word }
        return String(unsafeUninitializedCapacity: word.utf8.count) { buffer in
            for (index, byte) in word.utf8.enumerated() {
                buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
            }
            return word.utf8.count
        }
    }
}

/// Decoding of valid UTF-8 (a Swift string's bytes), one scalar at a time.
enum UTF8Scalars {
    /// The scalar whose encoding starts at `index`, and its width in bytes. A truncated sequence
    /// (never in a string's bytes) reads as U+FFFD over the bytes left.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + width <= bytes.count else { return ("\u{FFFD}", bytes.count - index) }
        var value = UInt32(lead) & (0xFF >> (width + 1))
        for next in index + 1..<index + width {
            value = value << 6 | UInt32(bytes[next] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property. Text is mostly ASCII, whose white space (tab to carriage
    /// return, and space) is known without the property tables.
    var isWhitespace: Bool {
        isASCII ? (value >= 0x09 && value <= 0x0D) || value == 0x20 : properties.isWhitespace
    }
}

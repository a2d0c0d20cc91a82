/// A word of a text: its case-folded form and where it stands, in Unicode scalars from the text's start.
public struct Token: Sendable, Equatable {
    public var folded: String
    public var original: String
    public var start: Int
    public var end: Int
}

/// Splits text into words on Unicode letters, marks and digits; everything else separates words.
/// Linear in the text's length.
public enum Tokenizer {
    public static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var start = 0
        var offset = 0
        func flush() {
            guard !current.isEmpty else { return }
            let original = String(current)
            tokens.append(Token(folded: original.lowercased(), original: original, start: start, end: offset))
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                if current.isEmpty { start = offset }
                current.append(scalar)
            } else {
                flush()
            }
            offset += 1
        }
        flush()
        return tokens
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

    /// Folds a lexicon word the way text tokens are folded.
    public static func fold(_ word: String) -> String { word.lowercased() }
}

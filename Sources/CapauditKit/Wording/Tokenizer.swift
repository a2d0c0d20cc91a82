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
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var start = 0
        var end = 0
        var offset = 0
        func flush() {
            guard !current.isEmpty else { return }
            let original = String(current)
            tokens.append(Token(folded: original.lowercased(), original: original, start: start, end: end))
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if ControlEscaping.isInvisible(scalar) {
                offset += 1
                continue
            }
            if isWordScalar(scalar) {
                if current.isEmpty { start = offset }
                current.append(scalar)
                end = offset + 1
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

    /// Folds a lexicon word the way text tokens are folded (invisible characters dropped too).
    public static func fold(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: ControlEscaping.isInvisible) else { return word.lowercased() }
        var visible = String.UnicodeScalarView()
        for scalar in word.unicodeScalars where !ControlEscaping.isInvisible(scalar) { visible.append(scalar) }
        return String(visible).lowercased()
    }
}

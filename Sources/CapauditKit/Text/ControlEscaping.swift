/// Makes text from a manifest safe to print on a terminal or in a CI log: control characters
/// (C0, DEL, C1), format characters (Unicode Cf: zero-width spaces and joiners, soft hyphens,
/// byte order marks, bidirectional marks and overrides) and line and paragraph separators become
/// visible escapes, so a manifest can never move the cursor, recolour the terminal, reorder what a
/// reviewer reads, or pass off ``ho\u{200B}me`` as the id `home`.
public enum ControlEscaping {
    public static func escape(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepNewlines: keepNewlines) }) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepNewlines: keepNewlines) {
                output.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// A source line escaped for display, with where each of its columns went: a caret under
    /// column `c` of the source goes under `column(c)` of `text`.
    public struct EscapedLine: Sendable, Equatable {
        public let text: String
        /// For each scalar of the source line, and one past its end: the scalars of `text` before it.
        private let offsets: [Int]

        init(text: String, offsets: [Int]) {
            self.text = text
            self.offsets = offsets
        }

        /// The 1-based column of `text` where the 1-based source column starts; a column past
        /// the end of the line keeps its distance from the end.
        public func column(_ sourceColumn: Int) -> Int {
            let index = max(0, sourceColumn - 1)
            let last = offsets.count - 1
            guard index > last else { return offsets[index] + 1 }
            return offsets[last] + 1 + (index - last)
        }
    }

    /// Escapes one line (newlines too) and keeps the column map, for a caret under the line.
    public static func escapeLine(_ line: String) -> EscapedLine {
        var output = String.UnicodeScalarView()
        var offsets: [Int] = []
        var count = 0
        for scalar in line.unicodeScalars {
            offsets.append(count)
            if needsEscape(scalar, keepNewlines: false) {
                let shown = visible(scalar).unicodeScalars
                output.append(contentsOf: shown)
                count += shown.count
            } else {
                output.append(scalar)
                count += 1
            }
        }
        offsets.append(count)
        return EscapedLine(text: String(output), offsets: offsets)
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x20...0x7E: return false
        default: return isInvisible(scalar) || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
        }
    }

    /// A format character (Unicode Cf): it draws nothing, yet changes what a reader sees or a
    /// comparison finds (U+200B-U+200F, U+00AD, U+FEFF, U+202A-U+202E, U+2060-U+2064, U+2066-U+2069, …).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.generalCategory == .format
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\u{" + hex + "}"
        }
    }
}

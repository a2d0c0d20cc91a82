/// Makes text from a manifest safe to print on a terminal or in a CI log: control characters
/// (C0, DEL, C1) and bidirectional overrides become visible escapes, so a manifest can never
/// move the cursor, recolour the terminal, or reorder what a reviewer reads.
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

    static func needsEscape(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
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

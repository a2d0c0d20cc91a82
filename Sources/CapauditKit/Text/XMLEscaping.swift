/// Makes text safe inside XML 1.0 (and HTML) content and attribute values: markup characters
/// become entities, control characters become visible escapes (XML 1.0 cannot carry them at
/// all), and the two non-characters it forbids become U+FFFD.
enum XMLEscaping {
    /// `keepNewlines` is for element content only: in an attribute value a parser would turn
    /// a line break into a space.
    static func escape(_ text: String, keepNewlines: Bool = false) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\u{FFFE}", "\u{FFFF}": output += "\u{FFFD}"
            default:
                if ControlEscaping.needsEscape(scalar, keepNewlines: keepNewlines) {
                    output += ControlEscaping.visible(scalar)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}

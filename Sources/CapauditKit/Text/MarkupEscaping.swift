/// Makes text from a manifest inert in HTML and in GitHub Markdown: it can never open a tag,
/// run a script, close an attribute, break a table, format itself or mention someone.
/// Control characters and bidirectional overrides first become visible escapes.
public enum MarkupEscaping {
    /// For HTML text and quoted attribute values (HTML's rules are XML's here).
    public static func html(_ text: String) -> String {
        XMLEscaping.escape(text, keepNewlines: true)
    }

    /// For GitHub Markdown text, table cells included: one line, no markup of its own.
    public static func markdown(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in ControlEscaping.escape(text).unicodeScalars {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#", "!": output += "\\" + String(character)
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            // `@name` would notify someone from a pull-request comment.
            case "@": output += "&#64;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}

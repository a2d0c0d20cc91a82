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

    /// HTML text whose `` `code` `` spans become `<code>` elements, as messages and fixes write
    /// names; an unpaired backtick stays a backtick.
    public static func htmlWithCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        // An odd number of parts means every backtick has its pair.
        guard parts.count % 2 == 1 else { return html(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(html(String(part)))</code>" : html(String(part))
        }.joined()
    }

    /// A YAML path (`screens[id=cards].fields[id=pan]`) as HTML code that wraps only between its
    /// parts, never inside a name.
    public static func htmlPath(_ path: String) -> String {
        var output = "<code class=\"path\">"
        for character in path {
            output += html(String(character))
            if character == "." || character == "/" { output += "<wbr>" }
        }
        return output + "</code>"
    }
}

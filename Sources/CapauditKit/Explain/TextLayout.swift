/// Measures and fits text to terminal columns: wide (East Asian, emoji) characters take two
/// columns, a character with combining marks takes the columns of its base.
public enum TextLayout {
    /// The columns a character takes on a terminal.
    public static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    public static func width(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The longest prefix that fits in `columns`.
    public static func truncate(_ text: String, to columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let next = width(of: character)
            if used + next > columns { break }
            used += next
            result.append(character)
        }
        return result
    }

    /// Truncated or padded with spaces to exactly `columns`.
    public static func fit(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - width(of: cut)))
    }

    /// One line broken at spaces into lines of at most `columns`; continuation lines keep the
    /// line's indentation. A word longer than the width is cut.
    public static func wrap(_ line: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        guard width(of: line) > columns else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let hangingIndent = width(of: indent) < columns / 2 ? indent : ""
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var prefix = indent
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            let needed = (current.isEmpty ? width(of: prefix) : 1) + width(of: word)
            if currentWidth + needed <= columns {
                current += current.isEmpty ? prefix + word : " " + word
                currentWidth += needed
                continue
            }
            if !current.isEmpty { lines.append(current) }
            prefix = hangingIndent
            while width(of: prefix) + width(of: word) > columns {
                let room = max(1, columns - width(of: prefix))
                let head = truncate(word, to: room)
                let piece = head.isEmpty ? String(word.prefix(1)) : head
                lines.append(prefix + piece)
                word = String(word.dropFirst(piece.count))
            }
            current = prefix + word
            currentWidth = width(of: current)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Every line of a text wrapped to `columns`.
    public static func wrapLines(_ text: String, to columns: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0), to: columns) }
    }

    /// Markdown-ish prose (a rule's rationale or fix) laid out for `columns`, indented by
    /// `indent` spaces: the lines of each paragraph are joined and wrapped again, a list item
    /// starts a paragraph, and fenced code is kept line for line.
    public static func reflow(_ prose: String, indent: Int, to columns: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var output: [String] = []
        var paragraph: [Substring] = []
        var paragraphIndent = ""
        var inFence = false
        func endParagraph() {
            guard !paragraph.isEmpty else { return }
            output += wrap(pad + paragraphIndent + paragraph.joined(separator: " "), to: columns)
            paragraph = []
        }
        for line in prose.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = line.prefix { $0 == " " }
            let content = line.dropFirst(leading.count)
            if content.hasPrefix("```") {
                endParagraph()
                inFence.toggle()
                output.append(pad + line)
            } else if inFence {
                output += wrap(pad + line, to: columns)
            } else if content.isEmpty {
                endParagraph()
                output.append("")
            } else {
                if content.hasPrefix("- ") || content.hasPrefix("* ") { endParagraph() }
                if paragraph.isEmpty { paragraphIndent = String(leading) }
                paragraph.append(content)
            }
        }
        endParagraph()
        while output.last == "" { output.removeLast() }
        return output
    }

    /// Each line of `text` prefixed with `spaces` spaces; empty lines stay empty.
    static func indent(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }

    /// Text without trailing newlines or spaces.
    static func trimmedEnd(_ text: String) -> String {
        String(text.reversed().drop { $0 == "\n" || $0 == " " }.reversed())
    }
}

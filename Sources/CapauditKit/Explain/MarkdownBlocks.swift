/// Markdown blocks for rule pages and advice: tables, fenced code, and rule prose (which is
/// written as Markdown already, so it passes through with control characters made visible).
enum MarkdownBlocks {
    static func block(_ text: String) -> String {
        ControlEscaping.escape(TextLayout.trimmedEnd(text), keepNewlines: true)
    }

    /// Markdown prose without its fenced code blocks: a rule's fix when the YAML for the node is shown instead.
    static func prose(_ text: String) -> String {
        var kept: [Substring] = []
        var fence: Substring?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == "`" }) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") {
                fence = trimmed.prefix { $0 == "`" }
                continue
            }
            kept.append(line)
        }
        return TextLayout.trimmedEnd(kept.joined(separator: "\n"))
    }

    /// A fenced block whose fence is longer than any run of backticks inside it.
    static func fence(_ text: String, language: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let marker = String(repeating: "`", count: max(3, longest + 1))
        return "\(marker)\(language)\n\(block(text))\n\(marker)"
    }

    static func yamlFence(_ text: String) -> String { fence(text, language: "yaml") }

    /// A table of cells that are Markdown already, with any pipe escaped (`MarkupEscaping.markdown`).
    static func table(header: [String], rows: [[String]]) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.joined(separator: " | ") + " |"
        }
        return ([line(header), "|" + header.map { _ in "---" }.joined(separator: "|") + "|"] + rows.map(line)).joined(separator: "\n")
    }
}

/// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` and pull request comments: a summary
/// table, then each file's findings as a table; a long table folds into `<details>`.
///
/// Text from manifests is escaped so that it shows as written and can neither add HTML,
/// links or images to the page nor break out of its table cell.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    /// A file with more findings than this shows them folded, so that the page stays scannable.
    static let foldAbove = 10

    public init() {}

    public func render(_ report: RunReport) -> String {
        let findings = report.findings
        let manifests = report.manifestCount
        var output = "## capaudit\n\n"
        let files = "\(manifests) manifest\(manifests == 1 ? "" : "s")"
        output += findings.isEmpty
            ? "No findings in \(files).\n\n"
            : "Found \(findings.count) finding\(findings.count == 1 ? "" : "s") in \(files).\n\n"
        output += "| Errors | Warnings | Info | Manifests |\n|---:|---:|---:|---:|\n"
        output += "| \(report.count(.error)) | \(report.count(.warning)) | \(report.count(.info)) | \(manifests) |\n"
        let hidden = report.allFindings.count - findings.count
        if hidden > 0 {
            output += "\n\(hidden) suppressed finding\(hidden == 1 ? " is" : "s are") not shown.\n"
        }
        var order: [String] = []
        var byFile: [String: [Finding]] = [:]
        for finding in findings {
            if byFile[finding.file] == nil { order.append(finding.file) }
            byFile[finding.file, default: []].append(finding)
        }
        for file in order {
            let own = byFile[file] ?? []
            let title = "<code>\(Self.escape(file))</code>"
            let table = Self.table(own)
            if own.count > Self.foldAbove {
                output += "\n<details>\n<summary>\(title): \(own.count) findings</summary>\n\n\(table)\n</details>\n"
            } else {
                output += "\n### \(title)\n\n\(table)"
            }
        }
        return output
    }

    static func table(_ findings: [Finding]) -> String {
        var output = "| Line | Severity | Rule | Message |\n|---:|---|---|---|\n"
        for finding in findings {
            var message = inline(finding.message)
            if let fix = finding.fix { message += "<br>**Fix:** " + inline(fix) }
            output += "| \(finding.start.line):\(finding.start.column) | \(finding.severity) | \(escape(finding.ruleID)) <code>\(escape(finding.slug))</code> | \(message) |\n"
        }
        return output
    }

    /// Text whose `` `code` `` spans become `<code>` elements: a Markdown code span would show
    /// the entities that keep its content safe instead of decoding them.
    static func inline(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        // An odd number of parts means every backtick has its pair.
        guard parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(escape(String(part)))</code>" : escape(String(part))
        }.joined()
    }

    /// Makes manifest text plain inside a table cell: HTML characters become entities, a pipe
    /// a character reference (it cannot end the cell), characters that start emphasis, links,
    /// images, strike-through or math are backslash-escaped, `@` cannot mention anyone, line
    /// breaks become spaces, and other control characters visible escapes.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": output += "&#124;"
            case "\\", "`", "*", "_", "[", "]", "~", "$": output += "\\" + String(scalar)
            case "@": output += "@&#8203;"
            case "\n", "\r": output += " "
            default: output += XMLEscaping.escape(String(scalar))
            }
        }
        return output
    }
}

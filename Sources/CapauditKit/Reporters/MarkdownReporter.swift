/// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` and pull request comments: a summary
/// table, then each file's findings as a table; a long table folds into `<details>`.
///
/// Text from manifests is escaped so that it shows as written and can neither add HTML,
/// links or images to the page nor break out of its table cell.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    /// A file with more findings than this shows them folded, so that the page stays scannable.
    static let foldAbove = 10

    /// GitHub's limit on a comment's length; the report stops short of it.
    static let commentLimit = 65_536
    /// Room kept for the summary that leads the report and the line that says what was cut.
    static let headRoom = 1_024

    /// The file sections written so far; the summary that leads them is only known at the end.
    private var body = ""
    private var omitted = 0

    public init(context: ReportContext) {}

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        let findings = file.activeFindings
        guard !findings.isEmpty else { return }
        guard omitted == 0 else {
            omitted += findings.count
            return
        }
        let title = "<code>\(Self.escape(file.file.path))</code>"
        let folded = findings.count > Self.foldAbove
        var section = folded
            ? "\n<details>\n<summary>\(title): \(findings.count) findings</summary>\n\n\(Self.tableHead)"
            : "\n### \(title)\n\n\(Self.tableHead)"
        let closing = folded ? "\n</details>\n" : ""
        let budget = Self.commentLimit - Self.headRoom
        for (index, finding) in findings.enumerated() {
            let row = Self.row(finding)
            if body.utf8.count + section.utf8.count + row.utf8.count + closing.utf8.count > budget {
                omitted = findings.count - index
                if index == 0 { return }
                break
            }
            section += row
        }
        body += section + closing
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        let manifests = summary.manifests
        let files = counted(manifests, "manifest")
        output.write("## capaudit\n\n")
        output.write(summary.findings == 0
            ? "No findings in \(files).\n\n"
            : "Found \(counted(summary.findings, "finding")) in \(files).\n\n")
        output.write("| Errors | Warnings | Info | Manifests |\n|---:|---:|---:|---:|\n")
        output.write("| \(summary.errors) | \(summary.warnings) | \(summary.infos) | \(manifests) |\n")
        if summary.suppressed > 0 {
            output.write("\n\(summary.suppressed) suppressed finding\(summary.suppressed == 1 ? " is" : "s are") not shown.\n")
        }
        output.write(body)
        if omitted > 0 {
            output.write("\n**\(omitted) more finding\(omitted == 1 ? " is" : "s are") not shown**: this report stops at GitHub's limit of 65,536 characters for a comment. ")
            output.write("Every finding is in the JSON or SARIF report (`capaudit check --format json=capaudit.json`), or run `capaudit check` locally.\n")
        }
    }

    static let tableHead = "| Line | Severity | Rule | Message |\n|---:|---|---|---|\n"

    static func row(_ finding: Finding) -> String {
        var message = inline(finding.message)
        if let fix = finding.help { message += "<br>**Fix:** " + inline(fix) }
        for place in finding.related { message += "<br>See " + inline("`\(place.file):\(place.position.line):\(place.position.column)`: \(place.message)") }
        return "| \(finding.start.line):\(finding.start.column) | \(finding.severity) | \(escape(finding.ruleID)) <code>\(escape(finding.slug))</code> | \(message) |\n"
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

import YAML

/// The terminal format: `path:line:col: severity RULE slug: message` (`RULE [*]` when `check
/// --fix` fixes it), the source line with a caret span, a `help:` line, and a summary. Colour only when asked (a terminal).
public struct TextReporter: Reporter {
    public static let name = "text"
    /// The widest part of a source line shown; a longer line is cut to a window around the span.
    static let snippetWidth = 120
    /// How much of the line before the span a window keeps.
    static let snippetLead = 30

    public var color: Bool
    public var showSource: Bool
    let quiet: Bool

    public init(color: Bool = false, showSource: Bool = true) {
        self.color = color
        self.showSource = showSource
        quiet = false
    }

    public init(context: ReportContext) {
        color = context.color
        showSource = true
        quiet = context.quiet
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        var cursor = LineCursor()
        for finding in file.findings where finding.suppression == nil {
            output.write(headline(finding))
            if showSource, let source = file.source, finding.start.line <= source.lineCount {
                output.write(sourceSnippet(LineExcerpt(source, line: finding.start.line, around: finding.start.column, cursor: &cursor), finding: finding))
            }
            if let fix = finding.help {
                output.write("\(helpIndent(finding))\(paint("= help:", "1;36")) \(ControlEscaping.escape(fix))\n")
            }
            for place in finding.related {
                output.write("\(helpIndent(finding))\(paint("= see:", "1;36")) \(Self.describe(place))\n")
            }
            output.write("\n")
        }
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        if quiet, summary.findings == 0 { return }
        output.write(summaryText(summary))
    }

    func headline(_ finding: Finding) -> String {
        let location = "\(ControlEscaping.escape(finding.file)):\(finding.start.line):\(finding.start.column):"
        let severity = paint(finding.severity.description, Self.colorCode(finding.severity))
        return "\(paint(location, "1")) \(severity) \(paint(finding.ruleID, "1"))\(fixMark(finding)) \(finding.slug): \(ControlEscaping.escape(finding.message))\n"
    }

    /// ` [*]` after the rule id of a finding that `check --fix` fixes, as ruff marks them.
    func fixMark(_ finding: Finding) -> String {
        finding.fixability == .safe ? " " + paint(Self.fixMarker, "1;36") : ""
    }

    static let fixMarker = "[*]"

    /// `path:line:col: what is there`, escaped for a terminal.
    static func describe(_ place: RelatedLocation) -> String {
        ControlEscaping.escape("\(place.file):\(place.position.line):\(place.position.column): \(place.message)")
    }

    static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "1;31"
        case .warning: return "1;33"
        case .info: return "1;34"
        }
    }

    /// `= help:` lines up with the snippet's `|`, however many digits the line number has.
    func helpIndent(_ finding: Finding) -> String {
        String(repeating: " ", count: String(finding.start.line).count + 1)
    }

    /// The line with carets under the span. Control and invisible characters are shown escaped,
    /// and the carets follow the escaped text; a long line shows only a window around the span.
    func sourceSnippet(_ excerpt: LineExcerpt, finding: Finding) -> String {
        let number = String(finding.start.line)
        let gutter = String(repeating: " ", count: number.count)
        let scalars = excerpt.scalars.map { $0 == "\t" ? " " : $0 }
        let startIndex = min(max(0, finding.start.column - excerpt.firstColumn), scalars.count)
        let endIndex: Int
        if let end = finding.end, end.line == finding.start.line, end.column - excerpt.firstColumn > startIndex {
            endIndex = min(end.column - excerpt.firstColumn, scalars.count)
        } else {
            endIndex = max(startIndex + 1, Self.contentEnd(scalars, from: startIndex))
        }
        // Bounds are clamped before any range is formed: a span may end past a short line.
        func shown(from lowerBound: Int, to upperBound: Int) -> String {
            let lower = min(max(lowerBound, 0), scalars.count)
            let upper = min(max(upperBound, lower), scalars.count)
            return ControlEscaping.escape(String(String.UnicodeScalarView(scalars[lower..<upper])))
        }
        let before = (excerpt.cutBefore ? "…" : "") + shown(from: 0, to: startIndex)
        let span = shown(from: startIndex, to: endIndex)
        let after = shown(from: endIndex, to: scalars.count) + (excerpt.cutAfter ? "…" : "")
        let pad = String(repeating: " ", count: before.unicodeScalars.count)
        let carets = String(repeating: "^", count: max(1, span.unicodeScalars.count))
        return "\(gutter) |\n\(paint(number, "34")) | \(before)\(span)\(after)\n\(gutter) | \(pad)\(paint(carets, Self.colorCode(finding.severity)))\n"
    }

    /// Where the value at `start` ends: before a ` #` comment, a flow indicator that closes it
    /// (`,`, `]`, `}`) and trailing spaces; quoted text is skipped whole.
    static func contentEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = scalars.count
        var index = start
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "#", index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\t" {
                end = index
                break
            } else if index > start, scalar == "," || scalar == "]" || scalar == "}" {
                end = index
                break
            }
            index += 1
        }
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        return end
    }

    func summaryLine(_ summary: RunSummary) -> String {
        let manifests = summary.manifests
        let files = counted(manifests, "manifest")
        let hiddenText = summary.suppressed > 0 ? " (\(summary.suppressed) suppressed)" : ""
        guard summary.findings > 0 else { return "No findings in \(files).\(hiddenText)" }
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = summary.count(severity)
            guard count > 0 else { return nil }
            return "\(count) \(severity == .info ? "info" : severity.description + (count == 1 ? "" : "s"))"
        }
        return "Found \(counted(summary.findings, "finding")) (\(parts.joined(separator: ", "))) in \(files).\(hiddenText)"
    }

    /// The summary line, then, when some findings have fixes `check` can apply, what they are.
    func summaryText(_ summary: RunSummary) -> String {
        summaryLine(summary) + "\n" + (Self.fixLine(summary).map { $0 + "\n" } ?? "")
    }

    /// ruff's count of fixes: `[*] 3 fixable with --fix (1 more with --unsafe-fixes).`
    static func fixLine(_ summary: RunSummary) -> String? {
        switch (summary.fixable, summary.unsafeFixable) {
        case (0, 0): return nil
        case (0, let unsafe): return "\(unsafe) fixable with --unsafe-fixes."
        case (let safe, 0): return "\(fixMarker) \(safe) fixable with --fix."
        case (let safe, let unsafe): return "\(fixMarker) \(safe) fixable with --fix (\(unsafe) more with --unsafe-fixes)."
        }
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// The part of a source line a snippet shows: the whole line, or for a long one (a notice of
/// megabytes on one line) a window around the column, read without decoding the rest.
struct LineExcerpt {
    var scalars: [Unicode.Scalar]
    /// The column of the first scalar shown.
    var firstColumn: Int
    var cutBefore: Bool
    var cutAfter: Bool

    init(_ source: SourceLines, line: Int, around column: Int, cursor: inout LineCursor) {
        let lineStart = source.lineStartOffset(line: line)
        let lineEnd = source.lineEndOffset(line: line)
        let bytes = source.bytes
        // A line that fits is shown whole; only a longer one gets a window.
        var scan = LineCursor()
        let fits = scan.offset(ofColumn: TextReporter.snippetWidth + 1, line: line, lineStart: lineStart, lineEnd: lineEnd, bytes: bytes) >= lineEnd
        firstColumn = fits ? 1 : max(1, column - TextReporter.snippetLead)
        let from = cursor.offset(ofColumn: firstColumn, line: line, lineStart: lineStart, lineEnd: lineEnd, bytes: bytes)
        var to = from
        var count = 0
        while count < TextReporter.snippetWidth, to < lineEnd {
            to += 1
            while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to += 1 }
            count += 1
        }
        scalars = Array(String(decoding: bytes[from..<to], as: UTF8.self).unicodeScalars)
        cutBefore = firstColumn > 1
        cutAfter = to < lineEnd
    }
}

/// Where the last excerpt of a file began, so that findings further along the same line (they
/// come in line and column order) continue the scan instead of starting it over.
struct LineCursor {
    private var line = 0
    private var column = 1
    private var offset = 0

    /// The byte offset where `column` begins on the line.
    mutating func offset(ofColumn target: Int, line: Int, lineStart: Int, lineEnd: Int, bytes: [UInt8]) -> Int {
        if self.line != line || column > target {
            self.line = line
            column = 1
            offset = lineStart
        }
        while column < target, offset < lineEnd {
            offset += 1
            while offset < lineEnd, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return offset
    }
}

/// The terminal format: `path:line:col: severity RULE slug: message`, the source line with a
/// caret span, a `help:` line, and a summary. Colour only when asked (a terminal).
public struct TextReporter: Reporter {
    public static let name = "text"

    public var color: Bool
    public var showSource: Bool

    public init(color: Bool = false, showSource: Bool = true) {
        self.color = color
        self.showSource = showSource
    }

    public init() {
        self.init(color: false)
    }

    public func render(_ report: RunReport) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    public func write(_ report: RunReport, to emit: (String) -> Void) {
        var output = ""
        for finding in report.findings {
            output += headline(finding)
            if showSource, let line = report.sourceLine(finding) {
                output += sourceSnippet(line: line, finding: finding)
            }
            if let fix = finding.fix {
                output += "   " + paint("= help:", "1;36") + " " + ControlEscaping.escape(fix) + "\n"
            }
            output += "\n"
            if output.utf8.count > 1 << 16 {
                emit(output)
                output = ""
            }
        }
        output += summary(report) + "\n"
        emit(output)
    }

    func headline(_ finding: Finding) -> String {
        let location = "\(ControlEscaping.escape(finding.file)):\(finding.start.line):\(finding.start.column):"
        let severity = paint(finding.severity.description, Self.colorCode(finding.severity))
        return "\(paint(location, "1")) \(severity) \(paint(finding.ruleID, "1")) \(finding.slug): \(ControlEscaping.escape(finding.message))\n"
    }

    static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "1;31"
        case .warning: return "1;33"
        case .info: return "1;34"
        }
    }

    func sourceSnippet(line: String, finding: Finding) -> String {
        let number = String(finding.start.line)
        let gutter = String(repeating: " ", count: number.count)
        let scalars = Array(line.unicodeScalars)
        let shown = String(String.UnicodeScalarView(scalars.map { $0 == "\t" ? " " : $0 }))
        let startIndex = max(0, finding.start.column - 1)
        var endIndex = startIndex + 1
        if let end = finding.end, end.line == finding.start.line, end.column - 1 > startIndex {
            endIndex = end.column - 1
        } else {
            endIndex = max(startIndex + 1, Self.contentEnd(scalars, from: startIndex))
        }
        endIndex = min(endIndex, max(scalars.count, startIndex + 1))
        let pad = String(repeating: " ", count: min(startIndex, scalars.count))
        let carets = String(repeating: "^", count: max(1, endIndex - startIndex))
        return "\(gutter) |\n\(paint(number, "34")) | \(ControlEscaping.escape(shown))\n\(gutter) | \(pad)\(paint(carets, Self.colorCode(finding.severity)))\n"
    }

    /// Where the line's content ends: before a ` #` comment and trailing spaces.
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
            }
            index += 1
        }
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        return end
    }

    func summary(_ report: RunReport) -> String {
        let findings = report.findings
        let manifests = report.manifestCount
        let files = "\(manifests) manifest\(manifests == 1 ? "" : "s")"
        let hidden = report.allFindings.count - findings.count
        let hiddenText = hidden > 0 ? " (\(hidden) suppressed)" : ""
        guard !findings.isEmpty else { return "No findings in \(files).\(hiddenText)" }
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = report.count(severity)
            guard count > 0 else { return nil }
            return "\(count) \(severity == .info ? "info" : severity.description + (count == 1 ? "" : "s"))"
        }
        return "Found \(findings.count) finding\(findings.count == 1 ? "" : "s") (\(parts.joined(separator: ", "))) in \(files).\(hiddenText)"
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

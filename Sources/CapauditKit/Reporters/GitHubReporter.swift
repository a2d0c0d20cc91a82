/// GitHub Actions workflow commands: one annotation per finding, on the line it points at in
/// the pull request's diff.
///
/// The runner reads standard output line by line and obeys any line that starts with `::`,
/// so text from a manifest must never end a line: line breaks are percent-encoded, and other
/// control characters are shown as visible escapes.
public struct GitHubReporter: Reporter {
    public static let name = "github"

    public init() {}

    public func render(_ report: RunReport) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    public func write(_ report: RunReport, to output: (String) -> Void) {
        var chunk = ""
        for finding in report.findings {
            chunk += command(finding, report: report) + "\n"
            if chunk.utf8.count > 1 << 16 {
                output(chunk)
                chunk = ""
            }
        }
        if !chunk.isEmpty { output(chunk) }
    }

    func command(_ finding: Finding, report: RunReport) -> String {
        var properties = [
            ("file", report.repositoryPath(finding.file)),
            ("line", String(finding.start.line)),
            ("col", String(finding.start.column)),
        ]
        if let end = finding.end {
            properties.append(("endLine", String(end.line)))
            properties.append(("endColumn", String(end.column)))
        }
        properties.append(("title", "\(finding.ruleID) \(finding.slug)"))
        var message = finding.message
        if let fix = finding.fix { message += "\nFix: " + fix }
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(Self.command(finding.severity)) \(list)::\(Self.escapeData(message))"
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    /// The message after `::`: `%`, CR and LF percent-encoded, as the runner decodes them.
    static func escapeData(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default:
                if ControlEscaping.needsEscape(scalar, keepNewlines: false) {
                    output += ControlEscaping.visible(scalar)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// A property value: as data, and `:` and `,` too, which end a value.
    static func escapeProperty(_ text: String) -> String {
        var output = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

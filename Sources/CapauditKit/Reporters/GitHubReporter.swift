/// GitHub Actions workflow commands: one annotation per finding, on the line it points at in
/// the pull request's diff.
///
/// The runner reads standard output line by line and obeys any line that starts with `::`,
/// so text from a manifest must never end a line: line breaks are percent-encoded, and other
/// control characters are shown as visible escapes.
public struct GitHubReporter: Reporter {
    public static let name = "github"

    private let repositoryPath: @Sendable (String) -> String

    public init(context: ReportContext) {
        repositoryPath = context.repositoryPath
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        for finding in file.findings where finding.suppression == nil {
            output.write(command(finding))
            output.write("\n")
        }
    }

    func command(_ finding: Finding) -> String {
        var properties = [
            ("file", Self.escapeProperty(repositoryPath(finding.file), keepTabs: true)),
            ("line", String(finding.start.line)),
            ("col", String(finding.start.column)),
        ]
        if let end = finding.end {
            properties.append(("endLine", String(end.line)))
            properties.append(("endColumn", String(end.column)))
        }
        properties.append(("title", Self.escapeProperty("\(finding.ruleID) \(finding.slug)")))
        var message = finding.message
        if let fix = finding.help { message += "\nFix: " + fix }
        for place in finding.related { message += "\nSee: \(place.file):\(place.position.line):\(place.position.column): \(place.message)" }
        let list = properties.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
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
    /// `keepTabs` leaves a tab as it is (one in a file name must reach the runner unchanged).
    static func escapeData(_ text: String, keepTabs: Bool = false) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            case "\t" where keepTabs: output += "\t"
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
    static func escapeProperty(_ text: String, keepTabs: Bool = false) -> String {
        var output = ""
        for scalar in escapeData(text, keepTabs: keepTabs).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

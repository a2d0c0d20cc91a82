import CapauditKit
import JSON
import YAML

/// A finding as an LSP `Diagnostic`: range in the negotiated encoding, severity, the rule id as
/// `code` with its page as `codeDescription.href`, related places, and `unnecessary` for a
/// suppression that matched nothing (SUP002).
struct DiagnosticMapping {
    let lines: LineMap
    let encoding: PositionEncoding
    /// The folder findings' related files are relative to.
    let workingDirectory: String

    static let source = "capaudit"
    static let unusedSuppression = "SUP002"

    func diagnostic(_ finding: Finding) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("range", range(finding)),
            ("severity", .integer(Self.severity(finding.severity))),
            ("code", .string(finding.ruleID)),
            ("codeDescription", .object([("href", .string(RulePage.url(id: finding.ruleID, slug: finding.slug)))])),
            ("source", .string(Self.source)),
            ("message", .string(finding.help.map { "\(finding.message)\nhelp: \($0)" } ?? finding.message)),
        ]
        if finding.ruleID == Self.unusedSuppression { members.append(("tags", .array([.integer(1)]))) }
        if !finding.related.isEmpty {
            members.append(("relatedInformation", .array(finding.related.map(related))))
        }
        members.append(("data", .object([("fingerprint", .string(finding.fingerprint))])))
        return .object(members)
    }

    /// LSP `DiagnosticSeverity`: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        }
    }

    /// The finding's span; a finding at one point covers the rest of its line's content (at
    /// least one character), so that editors can underline it.
    func range(_ finding: Finding) -> JSONValue {
        let start = lines.position(of: finding.start, encoding: encoding)
        var end: (line: Int, character: Int)
        if let findingEnd = finding.end, findingEnd > finding.start {
            end = lines.position(of: findingEnd, encoding: encoding)
        } else {
            let lineText = lines.lineText(finding.start.line)
            let trimmed = lineText.unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" }.count
            end = lines.position(of: SourcePosition(line: finding.start.line, column: max(trimmed + 1, finding.start.column + 1)), encoding: encoding)
        }
        return Self.range(start, end)
    }

    static func range(_ start: (line: Int, character: Int), _ end: (line: Int, character: Int)) -> JSONValue {
        .object([("start", position(start)), ("end", position(end))])
    }

    static func position(_ place: (line: Int, character: Int)) -> JSONValue {
        .object([("line", .integer(place.line)), ("character", .integer(place.character))])
    }

    /// A related place: in another file its line and column cannot be turned into the client's
    /// units without reading that file, so the range is the start of the line there, in any encoding.
    private func related(_ location: RelatedLocation) -> JSONValue {
        let start = (location.position.line - 1 < 0 ? 0 : location.position.line - 1, 0)
        return .object([
            ("location", .object([("uri", .string(FileURI.uri(Session.absolute(location.file, cwd: workingDirectory)))), ("range", Self.range(start, start))])),
            ("message", .string(location.message)),
        ])
    }
}

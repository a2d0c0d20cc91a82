/// The machine format: versioned JSON, documented in docs/json-output.md with a JSON Schema.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let formatVersion = 1

    public init() {}

    public func render(_ report: RunReport) -> String {
        let all = report.allFindings
        let active = all.filter { $0.suppression == nil }
        let document: JSONValue = .object([
            ("version", .integer(Self.formatVersion)),
            ("tool", .object([("name", .string("capaudit")), ("version", .string(report.toolVersion))])),
            ("summary", .object([
                ("files", .integer(report.results.count)),
                ("manifests", .integer(report.manifestCount)),
                ("findings", .integer(active.count)),
                ("errors", .integer(report.count(.error))),
                ("warnings", .integer(report.count(.warning))),
                ("infos", .integer(report.count(.info))),
                ("suppressed", .integer(all.count - active.count)),
            ])),
            ("findings", .array(active.map(Self.json))),
            ("suppressed", .array(all.filter { $0.suppression != nil }.map(Self.json))),
            ("files", .array(report.results.map { result in
                .object([
                    ("path", .string(result.file.path)),
                    ("manifest", .bool(result.isManifest)),
                    ("findings", .integer(result.findings.filter { $0.suppression == nil }.count)),
                ])
            })),
            ("notes", .array((report.notes + report.results.compactMap(\.note)).map(JSONValue.string))),
        ])
        return JSONWriter(pretty: true).string(document)
    }

    static func json(_ finding: Finding) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rule", .string(finding.ruleID)),
            ("slug", .string(finding.slug)),
            ("severity", .string(finding.severity.description)),
            ("message", .string(finding.message)),
            ("file", .string(finding.file)),
            ("document", .integer(finding.documentIndex)),
            ("line", .integer(finding.start.line)),
            ("column", .integer(finding.start.column)),
        ]
        if let end = finding.end {
            members.append(("endLine", .integer(end.line)))
            members.append(("endColumn", .integer(end.column)))
        }
        members.append(("path", .string(finding.path)))
        if let platform = finding.platform { members.append(("platform", .string(platform.rawValue))) }
        if !finding.missingThreats.isEmpty { members.append(("missingThreats", .array(finding.missingThreats.map(JSONValue.string)))) }
        if let fix = finding.fix { members.append(("fix", .string(fix))) }
        members.append(("fingerprint", .string(finding.fingerprint)))
        switch finding.suppression {
        case .inline(let reason, let line):
            members.append(("suppression", .object([("kind", .string("inline")), ("reason", .string(reason)), ("line", .integer(line))])))
        case .baseline:
            members.append(("suppression", .object([("kind", .string("baseline"))])))
        case nil:
            break
        }
        return .object(members)
    }
}

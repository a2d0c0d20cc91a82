/// The machine format: versioned JSON, documented in docs/json-output.md with a JSON Schema.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let formatVersion = 1

    public init() {}

    public func render(_ report: RunReport) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    public func write(_ report: RunReport, to emit: (String) -> Void) {
        let all = report.allFindings
        let active = report.findings
        let writer = JSONWriter(pretty: true)
        let head: [(String, JSONValue)] = [
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
        ]
        var output = "{"
        for (key, value) in head {
            member(key, into: &output)
            writer.append(value, indent: 1, into: &output)
            output += ","
        }
        // Findings are written one at a time: a large run never holds its whole document.
        member("findings", into: &output)
        array(active, into: &output, writer: writer, emit: emit)
        output += ","
        member("suppressed", into: &output)
        array(all.filter { $0.suppression != nil }, into: &output, writer: writer, emit: emit)
        output += ","
        member("files", into: &output)
        writer.append(.array(report.results.map { result in
            .object([
                ("path", .string(result.file.path)),
                ("manifest", .bool(result.isManifest)),
                ("findings", .integer(result.findings.filter { $0.suppression == nil }.count)),
            ])
        }), indent: 1, into: &output)
        output += ","
        member("notes", into: &output)
        writer.append(.array((report.notes + report.results.compactMap(\.note)).map(JSONValue.string)), indent: 1, into: &output)
        output += "\n}\n"
        emit(output)
    }

    private func member(_ key: String, into output: inout String) {
        output += "\n  "
        JSONWriter.quote(key, into: &output)
        output += ": "
    }

    /// Hands the text written so far to `emit` every few hundred findings.
    private func array(_ findings: [Finding], into output: inout String, writer: JSONWriter, emit: (String) -> Void) {
        guard !findings.isEmpty else {
            output += "[]"
            return
        }
        output += "["
        for (index, finding) in findings.enumerated() {
            output += index == 0 ? "\n    " : ",\n    "
            writer.append(Self.json(finding), indent: 2, into: &output)
            if output.utf8.count > 1 << 16 {
                emit(output)
                output = ""
            }
        }
        output += "\n  ]"
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

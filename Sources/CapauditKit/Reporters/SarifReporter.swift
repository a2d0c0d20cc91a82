/// SARIF 2.1.0 for code scanning: every rule of the policy with its documentation, and one
/// result per active finding with a URI relative to the repository root. Suppressed and
/// baselined findings are left out unless asked for; then they carry SARIF `suppressions`.
public struct SarifReporter: Reporter {
    public static let name = "sarif"
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The base that result URIs are relative to; code scanning resolves it to the checkout.
    static let sourceRoot = "%SRCROOT%"
    /// Names the fingerprint scheme, so that a future change of scheme reads as new alerts, not moved ones.
    static let fingerprintKey = "capaudit/v1"

    public var includeSuppressed: Bool

    public init() {
        self.init(includeSuppressed: false)
    }

    public init(includeSuppressed: Bool) {
        self.includeSuppressed = includeSuppressed
    }

    public func render(_ report: RunReport) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    /// Writes the log with its results one at a time (the same text as one pretty-printed
    /// document), so that a large run never holds all of its results at once.
    public func write(_ report: RunReport, to output: (String) -> Void) {
        let rules = report.policy.rules
        var ruleIndex: [String: Int] = [:]
        for (position, rule) in rules.enumerated() { ruleIndex[rule.id] = position }
        let writer = JSONWriter(pretty: true)
        let tool: JSONValue = .object([
            ("driver", .object([
                ("name", .string("capaudit")),
                ("version", .string(report.toolVersion)),
                ("semanticVersion", .string(report.toolVersion)),
                ("rules", .array(rules.map { Self.descriptor($0, policy: report.policy) })),
            ])),
        ])
        var text = "{\n  \"$schema\": "
        JSONWriter.quote(Self.schema, into: &text)
        text += ",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": "
        writer.append(tool, indent: 3, into: &text)
        text += ",\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": "
        let findings = includeSuppressed ? report.allFindings : report.findings
        if findings.isEmpty {
            text += "[]"
        } else {
            text += "["
            for (index, finding) in findings.enumerated() {
                text += index == 0 ? "\n        " : ",\n        "
                writer.append(Self.result(finding, ruleIndex: ruleIndex[finding.ruleID], report: report), indent: 4, into: &text)
                if text.utf8.count > 1 << 16 {
                    output(text)
                    text = ""
                }
            }
            text += "\n      ]"
        }
        text += "\n    }\n  ]\n}\n"
        output(text)
    }

    static func descriptor(_ rule: RuleDefinition, policy: Policy) -> JSONValue {
        let (severity, enabled) = defaultSeverity(rule, policy: policy)
        var configuration: [(String, JSONValue)] = [("level", .string(level(severity)))]
        if !enabled { configuration.append(("enabled", .bool(false))) }
        // The help is the page `capaudit explain` shows, so that code scanning and the terminal agree.
        let page = RulePage(rule: rule, policy: policy)
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(pascalCase(rule.slug))),
            ("shortDescription", .object([("text", .string(rule.title))])),
            ("fullDescription", .object([("text", .string(TextLayout.trimmedEnd(rule.rationale)))])),
            ("help", .object([
                ("text", .string(page.text)),
                ("markdown", .string(page.markdown(level: 2))),
            ])),
            ("defaultConfiguration", .object(configuration)),
            ("properties", .object([
                ("tags", .array((["security", group(of: rule.id)] + (rule.status == .stable ? [] : [rule.status.rawValue])).map(JSONValue.string))),
                ("security-severity", .string(rule.securitySeverity.map { String($0) } ?? securitySeverity(severity))),
            ])),
        ])
    }

    /// The severity a rule reports at unless a profile or the config says otherwise. A rule
    /// that a profile matrix grades is a warning by default; a rule that is off by default
    /// takes the highest severity a profile turns it on at.
    static func defaultSeverity(_ rule: RuleDefinition, policy: Policy) -> (Severity, enabled: Bool) {
        switch rule.defaultSetting {
        case .on(let severity): return (severity, true)
        case nil: return (.warning, true)
        case .off:
            let raised = policy.profiles.values.compactMap { $0.ruleSettings[rule.id]?.severity }.max()
            return (raised ?? .warning, false)
        }
    }

    static func result(_ finding: Finding, ruleIndex: Int?, report: RunReport) -> JSONValue {
        var region: [(String, JSONValue)] = [
            ("startLine", .integer(finding.start.line)),
            ("startColumn", .integer(finding.start.column)),
        ]
        if let end = finding.end {
            region.append(("endLine", .integer(end.line)))
            region.append(("endColumn", .integer(end.column)))
        }
        var text = finding.message
        if let fix = finding.fix { text += "\nFix: " + fix }
        var properties: [(String, JSONValue)] = [("path", .string(finding.path))]
        if let platform = finding.platform { properties.append(("platform", .string(platform.rawValue))) }
        if !finding.missingThreats.isEmpty {
            properties.append(("missingThreats", .array(finding.missingThreats.map(JSONValue.string))))
        }
        var members: [(String, JSONValue)] = [("ruleId", .string(finding.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .integer(ruleIndex))) }
        members += [
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([
                .object([
                    ("physicalLocation", .object([
                        ("artifactLocation", artifactLocation(report.repositoryPath(finding.file))),
                        ("region", .object(region)),
                    ])),
                ]),
            ])),
            ("partialFingerprints", .object([(fingerprintKey, .string(finding.fingerprint))])),
            ("properties", .object(properties)),
        ]
        switch finding.suppression {
        case .inline(let reason, _):
            members.append(("suppressions", .array([.object([("kind", .string("inSource")), ("justification", .string(reason))])])))
        case .baseline:
            members.append(("suppressions", .array([.object([("kind", .string("external")), ("justification", .string("recorded in the baseline"))])])))
        case nil:
            break
        }
        return .object(members)
    }

    /// Relative to the source root; a file outside the repository keeps its absolute path.
    static func artifactLocation(_ path: String) -> JSONValue {
        guard !path.hasPrefix("/") else { return .object([("uri", .string("file://" + uriReference(path)))]) }
        return .object([("uri", .string(uriReference(path))), ("uriBaseId", .string(sourceRoot))])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// RULES.md, "Conventions": the score code scanning ranks security alerts by.
    static func securitySeverity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "8.0"
        case .warning: return "5.0"
        case .info: return "2.0"
        }
    }

    /// The family a rule belongs to, from its id's letters, as a tag to filter alerts by.
    static func group(of ruleID: String) -> String {
        let letters = String(ruleID.prefix { $0.isLetter }).uppercased()
        switch letters {
        case "MAN": return "manifest"
        case "CAP": return "coverage"
        case "BNK": return "banking"
        case "HLT": return "health"
        case "AND": return "android"
        case "IOS": return "ios"
        case "WRD": return "wording"
        case "SUP": return "suppression"
        default: return letters.isEmpty ? "policy" : letters.lowercased()
        }
    }

    /// `sensitive-data-exposed` → `SensitiveDataExposed`.
    static func pascalCase(_ slug: String) -> String {
        slug.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a relative URI reference: every byte outside the unreserved set and `/` is
    /// percent-encoded, so that spaces, `#`, `?` and non-ASCII names survive.
    static func uriReference(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return output
    }
}

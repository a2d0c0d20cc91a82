import JSON
import YAML

/// SARIF 2.1.0 for code scanning: every rule of the policy with its documentation, and one
/// result per active finding with a URI relative to the repository root. Suppressed and
/// baselined findings are left out unless asked for; then they carry SARIF `suppressions`.
/// Every note the JSON output's `notes` carries is a tool execution notification of the run's
/// invocation (SARIF 2.1.0 §3.20.21), located at its file when it is about one.
public struct SarifReporter: Reporter {
    public static let name = "sarif"
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The base that result URIs are relative to; code scanning resolves it to the checkout.
    static let sourceRoot = "%SRCROOT%"
    /// Names the fingerprint scheme, so that a future change of scheme reads as new alerts, not moved ones.
    static let fingerprintKey = "capaudit/v1"

    public var includeSuppressed: Bool
    private let context: ReportContext
    private var ruleIndex: [String: Int] = [:]
    private var results: JSONStream?
    /// The notifications, spooled until the results are written.
    private var notifications: Spool?
    private var notificationCount = 0

    public init(context: ReportContext) {
        self.context = context
        includeSuppressed = context.showSuppressed
    }

    /// The log's head with every rule of the policy; results follow one at a time, so that a
    /// large run never holds them (the same text as one pretty-printed document).
    public mutating func begin(_ start: RunStart, into output: OutputSink) {
        let rules = context.policy.rules
        for (position, rule) in rules.enumerated() { ruleIndex[rule.id] = position }
        let tool: JSONValue = .object([
            ("driver", .object([
                ("name", .string("capaudit")),
                ("version", .string(context.toolVersion)),
                ("semanticVersion", .string(context.toolVersion)),
                ("rules", .array(rules.map { Self.descriptor($0, policy: context.policy) })),
            ])),
        ])
        var text = "{\n  \"$schema\": "
        JSONWriter.quote(Self.schema, into: &text)
        text += ",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": "
        JSONWriter(pretty: true).append(tool, indent: 3, into: &text)
        text += ",\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": "
        output.write(text)
        var stream = JSONStream(output, indent: 3)
        stream.beginArray()
        results = stream
        notifications = Spool.create(failingInto: output)
        var artifacts = ArtifactLocations(repositoryPath: context.repositoryPath)
        for note in start.settingsNotes { addNotification(note, file: nil, artifacts: &artifacts) }
        for note in start.notes { addNotification(note.text, file: note.file, artifacts: &artifacts) }
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        guard var stream = results else { return }
        var artifacts = ArtifactLocations(repositoryPath: context.repositoryPath, file: file.file)
        for finding in file.findings where includeSuppressed || finding.suppression == nil {
            stream.element()
            Self.write(finding, ruleIndex: ruleIndex[finding.ruleID], artifacts: &artifacts, to: output)
        }
        results = stream
        if let note = file.note { addNotification(note, file: file.file.path, artifacts: &artifacts) }
    }

    private mutating func addNotification(_ text: String, file: String?, artifacts: inout ArtifactLocations) {
        guard let spool = notifications else { return }
        var members: [(String, JSONValue)] = [("level", .string("note")), ("message", .object([("text", .string(text))]))]
        if let file {
            let artifact = artifacts.location(of: file)
            var location: [(String, JSONValue)] = [("uri", .string(artifact.uri))]
            if let baseID = artifact.baseID { location.append(("uriBaseId", .string(baseID))) }
            members.append(("locations", .array([.object([("physicalLocation", .object([("artifactLocation", .object(location))]))])])))
        }
        var text = notificationCount == 0 ? "\n            " : ",\n            "
        JSONWriter(pretty: true).append(.object(members), indent: 6, into: &text)
        spool.sink.write(text)
        notificationCount += 1
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        guard var stream = results else { return }
        stream.endArray()
        output.write(",\n      \"invocations\": [\n        {\n          \"executionSuccessful\": true,\n          \"toolExecutionNotifications\": [")
        if notificationCount > 0 {
            notifications?.copy(into: output)
            output.write("\n          ")
        }
        output.write("]\n        }\n      ]\n    }\n  ]\n}\n")
        results = nil
        notifications = nil
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

    static func write(_ finding: Finding, ruleIndex: Int?, artifacts: inout ArtifactLocations, to output: OutputSink) {
        var result = JSONStream(output, indent: 4, holdsUntilClosed: true)
        result.beginObject()
        result.member("ruleId", finding.ruleID)
        if let ruleIndex { result.member("ruleIndex", ruleIndex) }
        result.member("level", level(finding.severity))
        result.key("message")
        result.beginObject()
        result.member("text", finding.help.map { "\(finding.message)\nFix: \($0)" } ?? finding.message)
        result.endObject()
        result.key("locations")
        result.beginArray()
        result.element()
        result.beginObject()
        writePhysicalLocation(file: finding.file, start: finding.start, end: finding.end, artifacts: &artifacts, into: &result)
        result.endObject()
        result.endArray()
        if !finding.related.isEmpty {
            result.key("relatedLocations")
            result.beginArray()
            for (index, place) in finding.related.enumerated() {
                result.element()
                result.beginObject()
                result.member("id", index + 1)
                writePhysicalLocation(file: place.file, start: place.position, end: nil, artifacts: &artifacts, into: &result)
                result.key("message")
                result.beginObject()
                result.member("text", place.message)
                result.endObject()
                result.endObject()
            }
            result.endArray()
        }
        writeFixes(finding, artifacts: &artifacts, into: &result)
        result.key("partialFingerprints")
        result.beginObject()
        result.member(fingerprintKey, finding.fingerprint)
        result.endObject()
        result.key("properties")
        result.beginObject()
        result.member("path", finding.path)
        if let platform = finding.platform { result.member("platform", platform.rawValue) }
        if !finding.missingThreats.isEmpty { result.member("missingThreats", strings: finding.missingThreats) }
        result.endObject()
        if let suppression = finding.suppression {
            result.key("suppressions")
            result.beginArray()
            result.element()
            result.beginObject()
            switch suppression {
            case .inline(let reason, _):
                result.member("kind", "inSource")
                result.member("justification", reason)
            case .baseline:
                result.member("kind", "external")
                result.member("justification", "recorded in the baseline")
            }
            result.endObject()
            result.endArray()
        }
        result.endObject()
    }

    /// The `fixes` member (SARIF 2.1.0 §3.27.30, §3.55): each way to fix the finding that
    /// changes the file, the recommended one first, as replacements in the finding's file.
    /// A display fix has no edits to offer; its words stay in the message.
    static func writeFixes(_ finding: Finding, artifacts: inout ArtifactLocations, into result: inout JSONStream) {
        let fixes = finding.fixes.filter { $0.applicability != .display && !$0.edits.isEmpty }
        guard !fixes.isEmpty else { return }
        result.key("fixes")
        result.beginArray()
        for fix in fixes {
            result.element()
            result.beginObject()
            result.key("description")
            result.beginObject()
            result.member("text", fix.help)
            result.endObject()
            result.key("artifactChanges")
            result.beginArray()
            result.element()
            result.beginObject()
            writeArtifactLocation(file: finding.file, artifacts: &artifacts, into: &result)
            result.key("replacements")
            result.beginArray()
            for edit in fix.edits {
                result.element()
                writeReplacement(edit, into: &result)
            }
            result.endArray()
            result.endObject()
            result.endArray()
            result.endObject()
        }
        result.endArray()
    }

    /// One edit as a `replacement` (§3.57): the deleted region in lines and columns of the run's
    /// column kind (Unicode code points, as `TextEdit` counts them) and in bytes, which agree;
    /// an empty region is an insertion, and no `insertedContent` a deletion.
    static func writeReplacement(_ edit: TextEdit, into result: inout JSONStream) {
        result.beginObject()
        result.key("deletedRegion")
        result.beginObject()
        result.member("startLine", edit.start.line)
        result.member("startColumn", edit.start.column)
        result.member("endLine", edit.end.line)
        result.member("endColumn", edit.end.column)
        result.member("byteOffset", edit.range.lowerBound)
        result.member("byteLength", edit.range.count)
        result.endObject()
        if !edit.replacement.isEmpty {
            result.key("insertedContent")
            result.beginObject()
            result.member("text", edit.replacement)
            result.endObject()
        }
        result.endObject()
    }

    /// An `artifactLocation` member: the file relative to the source root, else a file URI.
    static func writeArtifactLocation(file: String, artifacts: inout ArtifactLocations, into result: inout JSONStream) {
        result.key("artifactLocation")
        result.beginObject()
        let artifact = artifacts.location(of: file)
        result.member("uri", artifact.uri)
        if let baseID = artifact.baseID { result.member("uriBaseId", baseID) }
        result.endObject()
    }

    /// A `physicalLocation` member: the file relative to the source root, and the region.
    static func writePhysicalLocation(
        file: String, start: SourcePosition, end: SourcePosition?, artifacts: inout ArtifactLocations, into result: inout JSONStream
    ) {
        result.key("physicalLocation")
        result.beginObject()
        writeArtifactLocation(file: file, artifacts: &artifacts, into: &result)
        result.key("region")
        result.beginObject()
        result.member("startLine", start.line)
        result.member("startColumn", start.column)
        if let end {
            result.member("endLine", end.line)
            result.member("endColumn", end.column)
        }
        result.endObject()
        result.endObject()
    }

    /// Where each file of a report stands, as results name it: relative to the source root (else
    /// a file URI), percent-encoded; worked out once per file, not once per finding.
    /// A name that is not UTF-8 is shown as `\xNN` (`InputFile.displayPath`), but its URI encodes
    /// the name's own bytes (RFC 3986): each path component shown that way maps back to them.
    struct ArtifactLocations {
        let repositoryPath: (String) -> String
        private var known: [String: (uri: String, baseID: String?)] = [:]
        /// The bytes of each component of the reported file's path that is not UTF-8, by how it is shown.
        private let rawComponents: [Substring: [UInt8]]

        init(repositoryPath: @escaping (String) -> String, file: InputFile? = nil) {
            self.repositoryPath = repositoryPath
            var rawComponents: [Substring: [UInt8]] = [:]
            if let file, String(validating: file.fileSystemPath, as: UTF8.self) == nil {
                for component in file.fileSystemPath.split(separator: UInt8(ascii: "/")) {
                    rawComponents[Substring(InputFile.displayPath(Array(component)))] = Array(component)
                }
            }
            self.rawComponents = rawComponents
        }

        mutating func location(of file: String) -> (uri: String, baseID: String?) {
            if let location = known[file] { return location }
            let path = repositoryPath(file)
            let bytes = rawComponents.isEmpty ? Array(path.utf8) : Array(
                path.split(separator: "/", omittingEmptySubsequences: false).map { rawComponents[$0] ?? Array($0.utf8) }.joined(separator: [UInt8(ascii: "/")]))
            let location = path.hasPrefix("/") ? ("file://" + uriReference(bytes), nil) : (uriReference(bytes), SarifReporter.sourceRoot)
            known[file] = location
            return location
        }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// docs/rules.md, each rule's "Severity": the score code scanning ranks security alerts by.
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
    static func uriReference(_ path: [UInt8]) -> String {
        var output = ""
        for byte in path {
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

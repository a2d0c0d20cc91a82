import YAML

/// What checking one file gave.
public struct FileResult: Sendable {
    public var file: InputFile
    public var findings: [Finding]
    /// A one-line note for standard error (a named file that is not a manifest).
    public var note: String?
    public var isManifest: Bool
    /// The source lines that findings point at, for reporters that show them.
    public var lines: [Int: String]
    /// Each decoded manifest with its profile, for the coverage report.
    public var manifests: [CheckedManifest]

    public init(file: InputFile, findings: [Finding], note: String? = nil, isManifest: Bool, lines: [Int: String] = [:], manifests: [CheckedManifest] = []) {
        self.file = file
        self.findings = findings
        self.note = note
        self.isManifest = isManifest
        self.lines = lines
        self.manifests = manifests
    }
}

public struct CheckedManifest: Sendable {
    public var documentIndex: Int
    public var manifest: Manifest
    public var profile: Profile
}

/// Everything a check run needs besides the files: the policy and the user's settings.
public struct CheckConfiguration: Sendable {
    public var policy: Policy
    public var defaultProfile: String?
    public var settings: RuleSettings
    /// Rule ids to keep (nil: all) and to drop, from `--select` and `--ignore`.
    public var selected: Set<String>?
    public var ignored: Set<String>
    public var limits: YAMLLimits
    /// Turns a file's path into the one fingerprints use (relative to the repository root).
    public var fingerprintPath: @Sendable (String) -> String
    /// Keep the decoded manifests in the results (for `report`).
    public var keepManifests: Bool
    /// Keep the source line of each finding (the text format shows it).
    public var keepSourceLines = true
    /// Rules that inline suppressions may not silence (config `inline-suppressions.forbid`).
    public var unsuppressible: Set<String> = []

    public init(
        policy: Policy, defaultProfile: String? = nil, settings: RuleSettings = RuleSettings(), selected: Set<String>? = nil,
        ignored: Set<String> = [], limits: YAMLLimits = .default, fingerprintPath: @escaping @Sendable (String) -> String = { $0 },
        keepManifests: Bool = false
    ) {
        self.policy = policy
        self.defaultProfile = defaultProfile
        self.settings = settings
        self.selected = selected
        self.ignored = ignored
        self.limits = limits
        self.fingerprintPath = fingerprintPath
        self.keepManifests = keepManifests
    }
}

/// Checks one file: read, load, decode each document, evaluate, suppress.
public struct FileChecker: Sendable {
    public let configuration: CheckConfiguration

    public init(configuration: CheckConfiguration) {
        self.configuration = configuration
    }

    var policy: Policy { configuration.policy }

    public func check(_ file: InputFile) -> FileResult {
        var result = FileResult(file: file, findings: [], note: nil, isManifest: true, lines: [:], manifests: [])
        let skipped = "\(file.path): skipped, not a capaudit manifest (no top-level `capaudit` key)"
        let bytes: [UInt8]
        if let content = file.content {
            switch TextDecoding.utf8(content) {
            case .success(let text): bytes = text
            case .failure(let failure):
                result.findings.append(finding(rule: "MAN001", message: failure.message, file: file, document: 0, at: failure.position, path: ""))
                return result
            }
        } else {
            switch FileReader.read(file.fileSystemPath, limit: configuration.limits.maxFileBytes, limitOption: Self.fileSizeOption) {
            case .success(let read): bytes = read
            case .failure(.tooLarge) where !ManifestSniffer.headLooksLikeManifest(FileReader.readHead(file.fileSystemPath, count: ManifestSniffer.headBytes) ?? []):
                result.isManifest = false
                if file.named { result.note = skipped }
                return result
            case .failure(let failure):
                result.findings.append(finding(rule: "MAN001", message: failure.description, file: file, document: 0, at: failure.position ?? SourcePosition(line: 1, column: 1), path: ""))
                return result
            }
        }
        if file.content != nil, bytes.count > configuration.limits.maxFileBytes {
            let failure = ReadFailure.tooLarge(bytes: bytes.count, limit: configuration.limits.maxFileBytes, option: Self.fileSizeOption)
            result.findings.append(finding(rule: "MAN001", message: failure.description, file: file, document: 0, at: SourcePosition(line: 1, column: 1), path: ""))
            return result
        }
        let verdict = ManifestSniffer.verdict(bytes)
        let stream = verdict == .notManifest ? nil : YAMLLoader.loadDocuments(bytes, limits: configuration.limits)
        guard let stream, verdict == .manifest || ManifestSniffer.isManifest(bytes, stream: stream) else {
            result.isManifest = false
            if file.named { result.note = skipped }
            return result
        }
        let source = SourceLines(bytes)
        var findings: [Finding] = []
        if let error = stream.error {
            findings.append(finding(rule: "MAN001", message: error.description, file: file, document: stream.documents.count, at: error.position, path: ""))
        }
        for duplicate in stream.duplicateKeys {
            findings.append(finding(
                rule: "MAN003", message: "duplicate key `\(duplicate.key)`; the first is at line \(duplicate.firstPosition.line)", file: file,
                document: duplicate.documentIndex, at: duplicate.position, path: duplicate.key))
        }
        for (index, document) in stream.documents.enumerated() {
            findings += check(document, index: index, file: file, source: source, manifests: &result.manifests)
        }
        let comments = SuppressionCommentFinder.find(in: source, documents: stream.documents)
        if !comments.isEmpty {
            let suppressor = InlineSuppressor(policy: policy, forbidden: configuration.unsuppressible) { rule, message, position, detail, fix in
                suppressionFinding(rule: rule, message: message, file: file, at: position, detail: detail, fix: fix)
            }
            findings += suppressor.apply(comments, to: &findings).compactMap { $0 }
        }
        result.findings = findings.filter(isSelected)
        for finding in result.findings where configuration.keepSourceLines && result.lines[finding.start.line] == nil {
            result.lines[finding.start.line] = source.text(ofLine: finding.start.line)
        }
        return result
    }

    static let fileSizeOption = "--max-file-size"

    private func check(_ document: YAMLNode, index: Int, file: InputFile, source: SourceLines, manifests: inout [CheckedManifest]) -> [Finding] {
        var document = document
        var missingVersion: [Finding] = []
        if document["capaudit"] == nil {
            guard ManifestSniffer.isManifestDocument(document) else {
                return [finding(
                    rule: "MAN002", message: "document \(index + 1) has no top-level `capaudit` key; every document of a manifest file must be a manifest (add `capaudit: 1`)",
                    file: file, document: index, at: document.start, path: "")]
            }
            // `app` and `screens` without `capaudit` (a typo, a forgotten line): a manifest with
            // MAN002 at its first line, decoded and checked as format 1.
            missingVersion.append(finding(
                rule: "MAN002", message: "the manifest has no top-level `capaudit` key (it has `app` and `screens`); add `capaudit: 1`",
                file: file, document: index, at: SourcePosition(line: index == 0 ? 1 : document.start.line, column: 1), path: ""))
            document.content = .mapping([Self.formatVersionPair(at: document.start)] + (document.mapping ?? []))
        }
        let decoder = ManifestDecoder(taxonomy: policy.taxonomy, profileNames: policy.profileNames, defaultProfile: configuration.defaultProfile)
        let decoded = decoder.decode(document)
        var findings = missingVersion + decoded.problems.map { problem in
            let rule: String
            switch problem.kind {
            case .schema: rule = "MAN002"
            case .duplicate: rule = "MAN003"
            case .wrongPlatform: rule = "MAN004"
            }
            return finding(rule: rule, message: problem.message, file: file, document: index, at: problem.position, path: problem.path)
        }
        guard let manifest = decoded.manifest, let profileName = manifest.app.profile ?? configuration.defaultProfile,
            let profile = policy.profiles[profileName]
        else { return findings }
        let context = EvaluationContext(manifest: manifest, profile: profile, policy: policy, source: source)
        for (rule, check) in policy.checks where isSelected(rule.id) {
            for emission in check.evaluate(context) {
                guard let severity = configuration.settings.severity(of: rule, caseName: emission.caseName, profile: profile, matrix: emission.severity) else { continue }
                var arguments = emission.arguments
                arguments["rule"] = rule.id
                findings.append(Finding(
                    ruleID: rule.id, slug: rule.slug, severity: severity, message: MessageTemplate.render(rule.message(case: emission.caseName), arguments), file: file.path,
                    documentIndex: index, start: emission.location.position, end: emission.end, path: emission.location.path,
                    platform: emission.platform, missingThreats: emission.missing, fix: emission.fix, detail: emission.detail,
                    fingerprintFile: configuration.fingerprintPath(file.path)))
            }
        }
        if configuration.keepManifests { manifests.append(CheckedManifest(documentIndex: index, manifest: manifest, profile: profile)) }
        return findings
    }

    /// `capaudit: 1`, for a document that has the other keys of a manifest but not this one.
    static func formatVersionPair(at position: SourcePosition) -> YAMLPair {
        YAMLPair(
            key: YAMLNode(content: .scalar(YAMLScalar(value: "capaudit", style: .plain)), start: position, end: position),
            value: YAMLNode(content: .scalar(YAMLScalar(value: String(ManifestDecoder.formatVersion), style: .plain)), start: position, end: position))
    }

    /// A SUP finding about a comment, at the severity the settings give SUP rules.
    private func suppressionFinding(rule id: String, message: String, file: InputFile, at position: SourcePosition, detail: String, fix: String?) -> Finding? {
        guard let rule = policy.rule(id), let severity = configuration.settings.severity(of: rule, caseName: nil, profile: nil, matrix: nil) else { return nil }
        return Finding(
            ruleID: id, slug: rule.slug, severity: severity, message: message, file: file.path, documentIndex: 0, start: position, path: "",
            fix: fix, detail: detail, fingerprintFile: configuration.fingerprintPath(file.path))
    }

    private func isSelected(_ finding: Finding) -> Bool { isSelected(finding.ruleID) }

    private func isSelected(_ ruleID: String) -> Bool {
        if configuration.ignored.contains(ruleID) { return false }
        return configuration.selected?.contains(ruleID) ?? true
    }

    func finding(rule id: String, message: String, file: InputFile, document: Int, at position: SourcePosition, path: String) -> Finding {
        let rule = policy.rule(id)
        return Finding(
            ruleID: id, slug: rule?.slug ?? id.lowercased(), severity: .error, message: message, file: file.path, documentIndex: document,
            start: position, path: path, fingerprintFile: configuration.fingerprintPath(file.path))
    }
}

import YAML

/// The resolve stage: the one place where a finding meets the user's settings, whatever made it
/// (a check, the reader, a suppression comment, the config, a rule pack, the baseline), always
/// in this order: severity layers (rule < profile < config), inline suppressions, the baseline,
/// `--select`/`--ignore`, then the order of the file.
struct Resolver: Sendable {
    let policy: Policy
    let settings: RuleSettings
    let selection: RuleSelection
    /// Rules that inline suppressions may not silence (config `inline-suppressions.forbid`).
    let unsuppressible: Set<String>
    let baseline: BaselineInUse?
    /// A file's path relative to the repository root, as fingerprints and baselines use it.
    let repositoryPath: @Sendable (String) -> String
    private let templates: [TemplateKey: MessageTemplate]

    /// A rule and one of its cases (nil for the main case): the key of a message template,
    /// looked up per finding without building `RULE/case`.
    private struct TemplateKey: Hashable {
        let rule: String
        let caseName: String?
    }

    init(
        policy: Policy, settings: RuleSettings, selection: RuleSelection, unsuppressible: Set<String>, baseline: BaselineInUse?,
        repositoryPath: @escaping @Sendable (String) -> String
    ) {
        self.policy = policy
        self.settings = settings
        self.selection = selection
        self.unsuppressible = unsuppressible
        self.baseline = baseline
        self.repositoryPath = repositoryPath
        var templates: [TemplateKey: MessageTemplate] = [:]
        for rule in policy.rules {
            templates[TemplateKey(rule: rule.id, caseName: nil)] = MessageTemplate(rule.message)
            for (name, message) in rule.caseMessages { templates[TemplateKey(rule: rule.id, caseName: name)] = MessageTemplate(message) }
        }
        self.templates = templates
    }

    /// Judges the raw findings of one file. `comments` are its suppression comments.
    func resolve(_ raw: [RawFinding], file: String, comments: [SuppressionComment] = []) -> ResolvedFindings {
        let fingerprintFile = repositoryPath(file)
        var findings = judged(raw, file: file, fingerprintFile: fingerprintFile)
        if !comments.isEmpty {
            let reports = InlineSuppressor(policy: policy, forbidden: unsuppressible, preview: settings.preview).apply(comments, to: &findings)
            findings += judged(reports, file: file, fingerprintFile: fingerprintFile)
        }
        let stale = baseline?.apply(to: &findings, file: fingerprintFile) ?? []
        // A finding about the command line itself (a deprecated name in --select) is feedback on the
        // selection: it is shown whatever the selection.
        if file != Session.commandLineFile {
            findings.removeAll { !selection.keeps($0.ruleID, caseName: $0.caseName) }
        }
        return ResolvedFindings(findings: Self.inFileOrder(findings), staleBaselineEntries: stale)
    }

    /// The findings sorted by `Finding.fileOrder`, as a stable sort leaves them. Their positions
    /// are sorted, not the findings: a finding is a large value, and every move of one retains
    /// and releases each of its strings.
    static func inFileOrder(_ findings: [Finding]) -> [Finding] {
        guard findings.count > 1 else { return findings }
        let order = findings.withUnsafeBufferPointer { buffer in
            buffer.indices.sorted { Finding.fileOrder(buffer[$0], buffer[$1]) }
        }
        return order.map { findings[$0] }
    }

    /// Findings with their severities; those of rules or cases that are off are dropped.
    private func judged(_ raw: [RawFinding], file: String, fingerprintFile: String) -> [Finding] {
        var findings: [Finding] = []
        findings.reserveCapacity(raw.count)
        for item in raw {
            // Read through the shared reference: a local copy of the definition would retain each of its parts.
            let rule = item.rule
            guard let severity = settings.severity(of: rule.definition, caseName: item.caseName, profileSettings: item.profileSettings, matrix: item.matrixSeverity)
            else { continue }
            let ruleID = rule.definition.id
            let template = item.caseName.flatMap { templates[TemplateKey(rule: ruleID, caseName: $0)] } ?? templates[TemplateKey(rule: ruleID, caseName: nil)]
            let message = (template ?? MessageTemplate(rule.definition.message(case: item.caseName))).render(item.arguments, rule: ruleID)
            var fixes = item.fixes
            var help = item.help
            if unsuppressible.contains(ruleID), fixes.contains(where: \.silences) {
                // Where the config forbids silencing the rule inline, a suppression would only be reported (SUP002).
                fixes.removeAll(where: \.silences)
                help = fixes.isEmpty ? nil : fixes.map(\.help).joined(separator: RawFinding.alternativeSeparator)
            }
            var finding = Finding(
                ruleID: ruleID, slug: rule.definition.slug, severity: severity, message: message, file: file, documentIndex: item.document,
                start: item.position, end: item.end, path: item.path, platform: item.platform, missingThreats: item.missing, help: help,
                detail: item.detail, fingerprintFile: fingerprintFile)
            finding.caseName = item.caseName
            finding.related = item.related
            finding.fixes = fixes
            findings.append(finding)
        }
        return findings
    }
}

/// A file's findings after the resolve stage, and the baseline entries of that file no finding
/// matched any more.
struct ResolvedFindings: Sendable {
    var findings: [Finding]
    var staleBaselineEntries: [StaleBaselineEntry]
}

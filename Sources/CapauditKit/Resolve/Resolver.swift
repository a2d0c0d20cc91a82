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
    private let templates: [String: MessageTemplate]

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
        var templates: [String: MessageTemplate] = [:]
        for rule in policy.rules {
            templates[rule.id] = MessageTemplate(rule.message)
            for (name, message) in rule.caseMessages { templates[rule.settingKey(case: name)] = MessageTemplate(message) }
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
        findings.sort(by: Finding.fileOrder)
        return ResolvedFindings(findings: findings, staleBaselineEntries: stale)
    }

    /// Findings with their severities; those of rules or cases that are off are dropped.
    private func judged(_ raw: [RawFinding], file: String, fingerprintFile: String) -> [Finding] {
        var findings: [Finding] = []
        findings.reserveCapacity(raw.count)
        for item in raw {
            guard let severity = settings.severity(of: item.rule, caseName: item.caseName, profile: item.profile, matrix: item.matrixSeverity) else {
                continue
            }
            let template = item.caseName.flatMap { templates[item.rule.settingKey(case: $0)] } ?? templates[item.rule.id]
            let message = template?.render(item.arguments) ?? MessageTemplate.render(item.rule.message(case: item.caseName), item.arguments)
            var finding = Finding(
                ruleID: item.rule.id, slug: item.rule.slug, severity: severity, message: message, file: file, documentIndex: item.document,
                start: item.position, end: item.end, path: item.path, platform: item.platform, missingThreats: item.missing, fix: item.fix,
                detail: item.detail, fingerprintFile: fingerprintFile)
            finding.caseName = item.caseName
            finding.related = item.related
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

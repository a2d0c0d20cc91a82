import YAML

/// Builds an app's report from its decoded manifest and its findings. The matrix reads the
/// coverage the checks read (`EvaluationContext.coverage`), and a gap is linked to the finding
/// of the rule whose check reports it, found by what the finding is about (path, platform).
struct AppReportBuilder {
    let policy: Policy
    /// Rule ids by the check that implements them, so that rule packs' rules link too.
    let coverageRules: Set<String>
    let windowFlagRules: Set<String>
    let optOutRules: Set<String>
    let actionPolicyRules: Set<String>
    /// Evidence rules whose findings say the code does not apply a declared mechanism.
    let contradictingRules: Set<String>

    init(policy: Policy) {
        self.policy = policy
        func rules(_ check: String) -> Set<String> { Set(policy.rules.filter { $0.check == check }.map(\.id)) }
        coverageRules = rules(CoverageCheck.name)
        windowFlagRules = rules(WindowFlagCheck.name)
        optOutRules = rules(OptOutCheck.name)
        actionPolicyRules = rules(ActionPolicyCheck.name)
        contradictingRules = rules(MechanismEvidenceCheck.name).union(rules(ClearedProtectionCheck.name))
    }

    func build(file: String, checked: CheckedManifest, isOneOfSeveral: Bool, findings: [ReportFinding]) -> AppReport {
        let manifest = checked.manifest
        // Coverage reads no source text; spans are for wording checks only.
        let context = EvaluationContext(manifest: manifest, profile: checked.profile, policy: policy, source: SourceLines([]))
        let lookup = FindingLookup(findings: findings)
        let matrix = matrix(context, lookup, evidence: checked.evidence ?? EvidenceMarks())
        var actions: [ActionReview] = []
        var optOuts: [OptOutReview] = []
        for screen in manifest.screens {
            for action in screen.actions {
                actions.append(ActionReview(
                    screen: screen, action: action, requirement: checked.profile.actionRequirement(kind: action.kind, risk: action.risk),
                    finding: lookup.first(actionPolicyRules, at: action.location.path)))
            }
            if let optOut = screen.optOut {
                let exempted = matrix.screens.first { $0.screen.id == screen.id }?.rows.flatMap(\.cells).filter {
                    if case .exempt = $0.state { return true } else { return false }
                }.count ?? 0
                optOuts.append(OptOutReview(screen: screen, optOut: optOut, exemptedCells: exempted, finding: lookup.first(optOutRules, at: screen.location.path)))
            }
        }
        let sensitiveFields = matrix.rows.count
        return AppReport(
            file: file, documentIndex: checked.documentIndex, isOneOfSeveral: isOneOfSeveral, app: manifest.app, profile: checked.profile,
            matrix: matrix, otherFieldCount: manifest.screens.reduce(0) { $0 + $1.fields.count } - sensitiveFields,
            actions: actions, texts: texts(manifest, lookup), optOuts: optOuts, findings: findings)
    }

    func matrix(_ context: EvaluationContext, _ lookup: FindingLookup, evidence: EvidenceMarks) -> CoverageMatrix {
        let threats = context.taxonomy.threats
        var screens: [MatrixScreen] = []
        for screen in context.manifest.screens {
            let rows = screen.fields.filter { context.isSensitive($0.kind) }.map { field in
                let cells = context.coverage.filter { $0.screen.id == screen.id && $0.field.id == field.id }.flatMap { coverage in
                    threats.map { cell(coverage, $0, context, lookup, evidence: evidence) }
                }
                return MatrixRow(field: field, cells: cells)
            }
            if !rows.isEmpty { screens.append(MatrixScreen(screen: screen, rows: rows)) }
        }
        return CoverageMatrix(platforms: context.manifest.app.platforms, threats: threats, screens: screens)
    }

    func cell(_ coverage: FieldCoverage, _ threat: Threat, _ context: EvaluationContext, _ lookup: FindingLookup, evidence: EvidenceMarks) -> MatrixCell {
        var covers: [Cover] = coverage.displayCovers ? [.display(coverage.field.display)] : []
        let mechanisms = coverage.mechanisms.filter { $0.covers.contains(threat.bit) }
        covers += mechanisms.map(Cover.mechanism)
        var cell = MatrixCell(platform: coverage.platform, threat: threat.id, state: .notRequired, coveredBy: covers, finding: nil)
        guard let severity = coverage.requirement?.severity(ofThreat: threat.bit) else { return cell }
        guard coverage.missing.contains(threat.bit) else {
            cell.state = .covered
            if !coverage.displayCovers, !mechanisms.isEmpty {
                cell.evidence = Self.strongest(mechanisms.map { evidence.state(screen: coverage.screen.id, platform: coverage.platform, mechanism: $0.id) })
                cell.contradiction = contradiction(of: mechanisms, coverage, context, lookup)
                cell.followedSetting = Self.followedSetting(of: mechanisms, context.manifest.app, on: coverage.platform)
            }
            return cell
        }
        if coverage.screen.optOut?.hasReason == true {
            cell.state = .exempt(severity)
            cell.finding = lookup.first(optOutRules, at: coverage.screen.location.path)
        } else {
            cell.state = .missing(severity)
            let rules = WindowFlagCheck.isWindowWithoutFlag(coverage, context) ? windowFlagRules : coverageRules
            cell.finding = lookup.first(rules, at: coverage.field.location.path, on: coverage.platform)
        }
        return cell
    }

    /// The first evidence finding against the covering mechanisms when each of them has one at
    /// a declaration in effect for the field (its own `protect`, its screen's, `capture.protect`);
    /// nil when some mechanism stands uncontradicted. A finding suppressed inline was judged not
    /// to apply; a baselined one still stands.
    func contradiction(of mechanisms: [Mechanism], _ coverage: FieldCoverage, _ context: EvaluationContext, _ lookup: FindingLookup) -> ReportFinding? {
        let uses = coverage.field.protect + coverage.screen.protect + context.manifest.capture.protect
        var first: ReportFinding?
        for mechanism in mechanisms {
            let paths = Set(uses.filter { $0.name == mechanism.id && $0.applies(on: coverage.platform) }.map(\.location.path))
            // A clearing behind the app's setting (EVD003 `setting`) is the setting at work, not a contradiction.
            let found = lookup.findings.first { entry in
                contradictingRules.contains(entry.finding.ruleID) && entry.finding.caseName != "setting" && entry.finding.platform == coverage.platform && paths.contains(entry.finding.path)
                    && { if case .inline = entry.finding.suppression { return false } else { return true } }()
            }
            guard let found else { return nil }
            if first == nil { first = found }
        }
        return first
    }

    /// The setting that controls every one of `mechanisms` on the platform (the first one's), or
    /// nil when some mechanism stays on whatever the person chooses.
    static func followedSetting(of mechanisms: [Mechanism], _ app: App, on platform: Platform) -> AppSetting? {
        let settings = mechanisms.map { app.setting(controlling: $0.id, on: platform) }
        guard let first = settings.first ?? nil, settings.allSatisfy({ $0 != nil }) else { return nil }
        return first
    }

    /// Evidenced if the code applies any of the mechanisms, else declared only if the code was
    /// read, else unchecked.
    static func strongest(_ states: [EvidenceMarks.State]) -> EvidenceMarks.State {
        if let found = states.first(where: { if case .evidenced = $0 { return true } else { return false } }) { return found }
        return states.contains(.declaredOnly) ? .declaredOnly : .unchecked
    }

    func texts(_ manifest: Manifest, _ lookup: FindingLookup) -> [TextReview] {
        var texts: [TextReview] = []
        if let notice = manifest.capture.notice, let text = notice.text {
            texts.append(TextReview(role: .captureNotice, style: notice.style, text: text, findings: lookup.within(notice.location.path)))
        }
        if let response = manifest.capture.onScreenshot, let text = response.text {
            texts.append(TextReview(role: .screenshotText, text: text, findings: lookup.within(response.location.path)))
        }
        for screen in manifest.screens {
            for notice in screen.notices {
                guard let text = notice.text else { continue }
                texts.append(TextReview(
                    role: notice.when == .capture ? .captureNotice : .screenshotText, screen: screen, style: notice.style, text: text,
                    findings: lookup.within(notice.location.path)))
            }
            for action in screen.actions {
                guard let message = action.message else { continue }
                texts.append(TextReview(role: .actionMessage, screen: screen, action: action, text: message, findings: lookup.within(message.location.path)))
            }
        }
        return texts
    }
}

/// Finds an app's findings by what they are about.
struct FindingLookup {
    let findings: [ReportFinding]

    func first(_ rules: Set<String>, at path: String, on platform: Platform? = nil) -> ReportFinding? {
        findings.first { rules.contains($0.finding.ruleID) && $0.finding.path == path && $0.finding.platform == platform }
    }

    /// Findings about a node or anything inside it.
    func within(_ path: String) -> [ReportFinding] {
        findings.filter { finding in
            let found = finding.finding.path
            return found == path || found.hasPrefix(path + ".") || found.hasPrefix(path + "[")
        }
    }
}

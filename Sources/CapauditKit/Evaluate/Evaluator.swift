/// What the evaluate stage gives for one file: raw findings, and for each decoded document (by
/// index) what the code shows of its mechanisms, when the run has the app's source.
struct Evaluation {
    var findings: [RawFinding]
    var evidence: [Int: EvidenceMarks] = [:]
}

/// The evaluate stage: turns a loaded file's reading problems and the checks' emissions on each
/// of its manifests into raw findings. No severity, selection or suppression here: that is
/// the resolve stage's, for every finding alike.
struct Evaluator: Sendable {
    let policy: Policy
    /// The rules whose checks run (only selected rules, unless something that depends on every
    /// finding, such as an unused-suppression report, is selected), each with its check.
    private let checks: [(rule: SharedRule, check: any Check)]
    /// The app's code, read once for the run; nil when evidence is off.
    let code: CodeBase?

    /// `evaluates`: whether a rule's check needs to run at all.
    init(policy: Policy, evaluates: (RuleDefinition) -> Bool, code: CodeBase?) {
        self.policy = policy
        self.code = code
        checks = policy.checks.filter { evaluates($0.rule) }.map { (SharedRule($0.rule), $0.check) }
    }

    func evaluate(_ file: LoadedFile) -> Evaluation {
        var raw = file.problems.map { problem in
            RawFinding(policy.definition(of: problem.rule), message: problem.message, document: problem.document, at: problem.position, path: problem.path, detail: problem.detail)
        }
        var evidence: [Int: EvidenceMarks] = [:]
        let positions = file.source.map(BytePositions.init)
        for document in file.documents {
            guard let manifest = document.manifest, let profile = document.profile, let source = file.source, let positions else { continue }
            let context = EvaluationContext(manifest: manifest, profile: profile, policy: policy, source: source, code: code)
            let lowering = FixLowering(source: source, tree: document.tree, positions: positions)
            var emissions = checks.flatMap { rule, check in check.evaluate(context).map { (rule: rule, emission: $0) } }
            SharedRewrite.offer(in: &emissions)
            for (rule, emission) in emissions {
                var finding = RawFinding(rule, emission: emission, document: document.index, profileSettings: profile.ruleSettings)
                var fixes = emission.fixes.map { lowering.lower($0.naming(ownRule: rule.definition.id), applicability: $0.applicability ?? rule.definition.fixApplicability) }
                // Prose advice only where the check offers no change as data, so that the two never disagree.
                if fixes.isEmpty, let advice = emission.fix { fixes = [Fix(applicability: .display, message: advice)] }
                finding.attach(fixes)
                raw.append(finding)
            }
            if code != nil { evidence[document.index] = context.evidenceMarks }
        }
        return Evaluation(findings: raw, evidence: evidence)
    }
}

import YAML

/// `--select` and `--ignore`: which findings a run shows. A name is a rule id or slug, or
/// `RULE/case` for one case. Applied after suppressions and the baseline are matched, so that
/// narrowing the view never makes a suppression look unused. MAN findings are always shown:
/// a manifest capaudit cannot read must never pass a gate because of a view filter.
public struct RuleSelection: Sendable {
    /// Keys `RULE` or `RULE/case` to keep; nil keeps everything.
    public var selected: Set<String>?
    public var ignored: Set<String>

    public init(selected: Set<String>? = nil, ignored: Set<String> = []) {
        self.selected = selected
        self.ignored = ignored
    }

    public func keeps(_ ruleID: String, caseName: String?) -> Bool {
        if BuiltInRule.isManifestRule(ruleID) { return true }
        let caseKey = caseName.map { "\(ruleID)/\($0)" }
        if ignored.contains(ruleID) || caseKey.map(ignored.contains) == true { return false }
        guard let selected else { return true }
        return selected.contains(ruleID) || caseKey.map(selected.contains) == true
    }

    /// Whether every case of a rule can be shown: a run under this selection sees all of its findings.
    func keepsEveryCase(of ruleID: String) -> Bool {
        if BuiltInRule.isManifestRule(ruleID) { return true }
        if ignored.contains(where: { $0 == ruleID || $0.hasPrefix(ruleID + "/") }) { return false }
        return selected?.contains(ruleID) ?? true
    }

    /// Whether any case of a rule can be shown.
    func mayShow(_ ruleID: String) -> Bool {
        if BuiltInRule.isManifestRule(ruleID) { return true }
        if ignored.contains(ruleID) { return false }
        guard let selected else { return true }
        return selected.contains { $0 == ruleID || $0.hasPrefix(ruleID + "/") }
    }

    /// Whether a rule's check must run: when its findings may be shown, or when an
    /// unused-suppression report (which depends on every finding) may be.
    func needsEvaluation(_ ruleID: String) -> Bool {
        mayShow(ruleID) || mayShow(BuiltInRule.unusedSuppression.id)
    }

    /// Reads the names given on the command line; a name of no rule is a usage error (exit 2), and
    /// so is selecting a preview rule without the opt-in. A deprecated rule's name stands for its
    /// replacement and adds a SUP003 (`deprecated`) finding to `problems`.
    /// `hidesManifestRules` is true for `--ignore`, which may not name a MAN rule.
    public static func keys(
        _ names: [String], option: String, hidesManifestRules: Bool = false, preview: Bool = false, policy: Policy,
        problems: inout [SettingsProblem]
    ) throws(SelectionError) -> Set<String> {
        var keys = Set<String>()
        for name in names.flatMap({ $0.split(separator: ",").map { String($0).trimmed } }) where !name.isEmpty {
            let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let ruleName = parts.first ?? name
            guard let (rule, deprecated) = policy.resolve(ruleName) else {
                throw SelectionError(message: "\(option): unknown rule `\(name)`\(NearestName.hint(for: ruleName, among: policy.ruleNames))")
            }
            if hidesManifestRules, BuiltInRule.isManifestRule(rule.id) {
                throw SelectionError(
                    message: "\(option): \(rule.id) cannot be ignored: MAN findings mean capaudit could not read a manifest; fix it, or record it in a baseline")
            }
            if !hidesManifestRules, rule.status == .preview, !preview {
                throw SelectionError(
                    message: "\(option): \(rule.id) (`\(rule.slug)`) is a preview rule and runs only when the run opts in; add --preview (or `preview: true` in the config)")
            }
            if let deprecated {
                problems.append(ConfigLoader.deprecatedRule(
                    deprecated, replacement: rule, at: SourcePosition(line: 1, column: 1), file: Session.commandLineFile, path: option))
            }
            if parts.count == 2 {
                let cases = rule.cases.keys.sorted()
                guard rule.cases[parts[1]] != nil else {
                    let known = cases.isEmpty ? "\(rule.id) has no cases" : "its cases are \(cases.joined(separator: ", "))"
                    throw SelectionError(message: "\(option): \(rule.id) has no case `\(parts[1])`; \(known)")
                }
                keys.insert("\(rule.id)/\(parts[1])")
            } else {
                keys.insert(rule.id)
            }
        }
        return keys
    }
}

/// A `--select` or `--ignore` name that names no rule or case.
public struct SelectionError: Error, Sendable {
    public var message: String
}

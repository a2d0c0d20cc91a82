@testable import CapauditKit
import YAML

/// The fixes a rule's check wrote for the node of a finding as manifest edits (`Emission.fixes`,
/// before they are lowered to text), found again by re-running the check: the tests that look at
/// a fix's structure (an addition that adds, an edit the manifest editor applies) read these.
/// Findings carry their lowered fixes; nothing outside the tests re-runs a check for them.
struct ManifestFixes {
    let policy: Policy
    let manifests: [CheckedManifest]

    /// The fixes the check offers for the node a finding is about, the recommended one first.
    func fixes(for finding: Finding) -> [ManifestFix] {
        guard let rule = policy.rule(finding.ruleID), let check = policy.checks.first(where: { $0.rule.id == rule.id })?.check,
            let checked = manifests.first(where: { $0.documentIndex == finding.documentIndex })
        else { return [] }
        let context = EvaluationContext(manifest: checked.manifest, profile: checked.profile, policy: policy, source: SourceLines([]))
        let emission = check.evaluate(context).first { emission in
            var arguments = emission.arguments
            arguments["rule"] = rule.id
            return emission.location.path == finding.path && emission.platform == finding.platform && emission.caseName == finding.caseName
                && MessageTemplate.render(rule.message(case: emission.caseName), arguments) == finding.message
        }
        return emission?.fixes.map { $0.naming(ownRule: rule.id) } ?? []
    }
}

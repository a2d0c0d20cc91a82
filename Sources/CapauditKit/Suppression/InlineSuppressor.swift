import YAML

/// Applies a file's suppression comments to its findings, and reports the comments themselves:
/// SUP001 without a reason, SUP002 when it silenced nothing (or may not silence that rule),
/// SUP003 for a rule that does not exist.
struct InlineSuppressor {
    let policy: Policy
    /// Rules the config forbids silencing inline.
    let forbidden: Set<String>
    /// The run opted in to preview rules; without it a suppression of a preview rule is not unused
    /// (the rule did not run), so that it can stay in place across runs with and without the opt-in.
    var preview = false
    let makeFinding: (_ rule: String, _ message: String, _ position: SourcePosition, _ detail: String, _ fix: String?) -> Finding?

    func apply(_ comments: [SuppressionComment], to findings: inout [Finding]) -> [Finding?] {
        var reports: [Finding?] = []
        for comment in comments {
            if comment.reason == nil {
                reports.append(makeFinding(
                    "SUP001", "suppression without a reason: say why after `--`", comment.position, comment.text,
                    "write `# capaudit: \(comment.wholeFile ? "ignore-file" : "ignore") \(comment.rules.joined(separator: ", ")) -- <why this is acceptable>`"))
            }
            if comment.rules.isEmpty {
                reports.append(makeFinding("SUP003", "suppression names no rule", comment.position, comment.text, "name the rule ids or slugs after `ignore`"))
                continue
            }
            for name in comment.rules {
                guard let (rule, deprecated) = policy.resolve(name) else {
                    reports.append(makeFinding(
                        "SUP003", "suppression names an unknown rule `\(name)`\(NearestName.hint(for: name, among: policy.ruleNames))", comment.position,
                        "\(comment.text)|\(name)", "correct the rule name, or remove it from the comment"))
                    continue
                }
                if let deprecated {
                    reports.append(makeFinding(
                        "SUP003/deprecated", Policy.deprecationNote(deprecated, replacement: rule), comment.position, "\(comment.text)|\(name)",
                        "write `\(rule.id)` instead of `\(name)`"))
                }
                if rule.id.hasPrefix("MAN") {
                    reports.append(makeFinding(
                        "SUP002", "\(rule.id) cannot be suppressed inline: fix the manifest (or record it in a baseline)", comment.position,
                        "\(comment.text)|\(rule.id)", nil))
                    continue
                }
                if forbidden.contains(rule.id) {
                    reports.append(makeFinding(
                        "SUP002", "the config forbids inline suppressions of \(rule.id); fix the finding or ask for an exemption", comment.position,
                        "\(comment.text)|\(rule.id)", nil))
                    continue
                }
                var matched = 0
                for index in findings.indices where findings[index].ruleID == rule.id && findings[index].suppression == nil {
                    if comment.wholeFile || findings[index].start.line == comment.targetLine {
                        findings[index].suppression = .inline(reason: comment.reason ?? "", line: comment.position.line)
                        matched += 1
                    }
                }
                if matched == 0, rule.status != .preview || preview {
                    let scope = comment.wholeFile ? "in this file" : "on line \(comment.targetLine)"
                    reports.append(makeFinding(
                        "SUP002", "unused suppression: no \(rule.id) finding \(scope)", comment.position, "\(comment.text)|\(rule.id)",
                        "remove `\(name)` from the comment"))
                }
            }
        }
        return reports
    }
}

import YAML

/// Applies a file's suppression comments to its findings, and reports the comments themselves:
/// SUP001 without a reason, SUP002 when it silenced nothing (or may not silence that rule),
/// SUP003 for a rule that does not exist (or, at info, one that is deprecated), SUP004 for a
/// comment meant as a suppression that is not one. Its reports are
/// raw findings, judged by the user's settings like every other finding.
struct InlineSuppressor {
    let policy: Policy
    /// Rules the config forbids silencing inline.
    let forbidden: Set<String>
    /// The run opted in to preview rules; without it a suppression of a preview rule is not unused
    /// (the rule did not run), so that it can stay in place across runs with and without the opt-in.
    let preview: Bool

    func apply(_ comments: [SuppressionComment], to findings: inout [Finding]) -> [RawFinding] {
        var reports: [RawFinding] = []
        func report(_ rule: BuiltInRule, case caseName: String? = nil, _ message: String, _ comment: SuppressionComment, detail: String, help: String?) {
            var raw = RawFinding(policy.definition(of: rule), message: message, at: comment.position, path: "", help: help, detail: detail)
            raw.caseName = caseName
            reports.append(raw)
        }
        for comment in comments {
            if let malformed = comment.malformed {
                report(
                    .malformedSuppression, "this comment is not a suppression and silences nothing: \(malformed)", comment, detail: comment.text,
                    help: "write `\(comment.wellFormed)`")
                continue
            }
            if comment.reason == nil {
                report(
                    .suppressionWithoutReason, "suppression without a reason: say why after `--`", comment, detail: comment.text,
                    help: "write `# capaudit: \(comment.wholeFile ? "ignore-file" : "ignore") \(comment.rules.joined(separator: ", ")) -- <why this is acceptable>`")
            }
            if comment.rules.isEmpty {
                report(.unknownRule, "suppression names no rule", comment, detail: comment.text, help: "name the rule ids or slugs after `ignore`")
                continue
            }
            for name in comment.rules {
                // `RULE/case` silences one case; a retired case's name stays valid (and is never matched).
                let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
                let caseName = parts.count == 2 ? parts[1] : nil
                guard let (rule, deprecated) = policy.resolve(parts.first ?? name) else {
                    report(
                        .unknownRule, "suppression names an unknown rule `\(name)`\(NearestName.hint(for: name, among: policy.ruleNames))", comment,
                        detail: "\(comment.text)|\(name)", help: "correct the rule name, or remove it from the comment")
                    continue
                }
                if let deprecated {
                    report(
                        .unknownRule, case: "deprecated", Policy.deprecationNote(deprecated, replacement: rule), comment, detail: "\(comment.text)|\(name)",
                        help: "write `\(rule.id)` instead of `\(name)`")
                }
                if let caseName, rule.cases[caseName] == nil {
                    report(
                        .unknownRule, "suppression names a case `\(caseName)` that \(rule.id) does not have", comment, detail: "\(comment.text)|\(name)",
                        help: "correct the case name, or name the rule alone")
                    continue
                }
                let key = rule.settingKey(case: caseName)
                if BuiltInRule.isManifestRule(rule.id) {
                    report(
                        .unusedSuppression, "\(rule.id) cannot be suppressed inline: fix the manifest (or record it in a baseline)", comment,
                        detail: "\(comment.text)|\(rule.id)", help: nil)
                    continue
                }
                if forbidden.contains(rule.id) {
                    report(
                        .unusedSuppression, "the config forbids inline suppressions of \(rule.id); fix the finding or ask for an exemption", comment,
                        detail: "\(comment.text)|\(rule.id)", help: nil)
                    continue
                }
                var matched = 0
                for index in findings.indices
                where findings[index].ruleID == rule.id && (caseName == nil || findings[index].caseName == caseName) && findings[index].suppression == nil {
                    if comment.wholeFile || findings[index].start.line == comment.targetLine {
                        findings[index].suppression = .inline(reason: comment.reason ?? "", line: comment.position.line)
                        matched += 1
                    }
                }
                if matched == 0, rule.status != .preview || preview {
                    let scope = comment.wholeFile ? "in this file" : "on line \(comment.targetLine)"
                    let nearest = comment.wholeFile ? nil : Self.nearest(rule.id, to: comment.targetLine, in: findings)
                    let moved = nearest.map { "; the nearest \(rule.id) finding is at \($0.start.line):\($0.start.column)" } ?? ""
                    let move = nearest.map { "put the comment on line \($0.start.line) or on its own line above it, or " } ?? ""
                    report(
                        .unusedSuppression, "unused suppression: no \(key) finding \(scope)\(moved)", comment, detail: "\(comment.text)|\(key)",
                        help: "\(move)remove `\(name)` from the comment")
                }
            }
        }
        return reports
    }

    /// The unsuppressed finding of a rule closest to a line (the earlier one on a tie), for an
    /// unused suppression that was probably meant for it.
    static func nearest(_ ruleID: String, to line: Int, in findings: [Finding]) -> Finding? {
        findings.filter { $0.ruleID == ruleID && $0.suppression == nil }
            .min { (abs($0.start.line - line), $0.start.line, $0.start.column) < (abs($1.start.line - line), $1.start.line, $1.start.column) }
    }
}

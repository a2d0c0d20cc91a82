/// What `check --fix`, `--unsafe-fixes` and `--diff` ask of a run.
public struct FixRequest: Sendable, Equatable {
    /// Apply unsafe fixes too (`--unsafe-fixes`), not only safe ones.
    public var unsafe: Bool

    public init(unsafe: Bool) {
        self.unsafe = unsafe
    }

    /// Whether this run applies a fix: it has edits and its applicability is allowed.
    func applies(_ fix: Fix) -> Bool {
        !fix.edits.isEmpty && (fix.applicability == .safe || (unsafe && fix.applicability == .unsafe))
    }
}

/// A file after `--fix`: the text it had and the text the fixes give, with what was fixed and
/// what was not. The command writes `fixed` (or prints the diff); the run's findings are those
/// of the fixed text.
public struct FixedFile: Sendable {
    public var original: [UInt8]
    public var fixed: [UInt8]
    /// Findings of the original text that the fixed text no longer has.
    public var fixedCount: Int
    /// Findings left whose fix is unsafe, for a run without `--unsafe-fixes`.
    public var unsafeLeft: Int
    /// Why a fix was not applied although the run allowed it: one line each, with its position.
    public var refusals: [String]

    public var changed: Bool { original != fixed }
}

/// Applies the allowed fixes of one file's findings, pass after pass, and re-checks the text
/// after each: a pass is kept only when the re-check parses and has no finding the original
/// text did not have. When a pass adds one, its fixes are tried one at a time and the one that
/// adds it is left out, with the reason. Suppressed and baselined findings are never fixed.
/// Evidence findings are outside the guarantee (RULES.md, "Help and fix data"): a fix that adds
/// a mechanism makes EVD001 claim it until the code applies it.
struct FileFixer {
    let request: FixRequest
    /// A text checked as the run checks the file (same path, settings and baseline), with the
    /// baseline entries it leaves unmatched, so that the last check is the run's result for the file.
    typealias Checked = (outcome: FileOutcome, stale: [StaleBaselineEntry])
    let check: @Sendable ([UInt8]) -> Checked
    /// As ruff: enough for fixes that each wait for the one before them in the same list.
    static let maximumPasses = 100

    func fix(_ first: Checked) -> (checked: Checked, fixed: FixedFile)? {
        guard first.outcome.isManifest, let original = first.outcome.source?.bytes else { return nil }
        let before = Set(first.outcome.activeFindings.map(\.fingerprintValue))
        var current = first
        var bytes = original
        // Fixes that added a finding in this text; tried again once another fix changed it.
        var refused = Set<UInt64>()
        var refusals: [String] = []
        for _ in 0..<Self.maximumPasses {
            let candidates = current.outcome.activeFindings.compactMap { finding -> (Finding, Fix)? in
                guard !refused.contains(finding.fingerprintValue), let fix = finding.fixes.first, request.applies(fix) else { return nil }
                return (finding, fix)
            }
            guard !candidates.isEmpty else { break }
            let pass = FixApplication.compatible(candidates.map(\.1)).taken
            if let next = Self.kept(check(FixApplication.apply(pass.flatMap(\.edits), to: bytes)), before: before) {
                (current, bytes) = (next, next.outcome.source?.bytes ?? bytes)
                (refused, refusals) = ([], [])
                continue
            }
            // Some fix of the pass adds a finding: the first fix that does not is applied alone.
            var progressed = false
            for (finding, fix) in candidates {
                let alone = check(FixApplication.apply(fix.edits, to: bytes))
                if let kept = Self.kept(alone, before: before) {
                    (current, bytes) = (kept, kept.outcome.source?.bytes ?? bytes)
                    progressed = true
                    break
                }
                refused.insert(finding.fingerprintValue)
                refusals.append("\(finding.start.line):\(finding.start.column): \(finding.ruleID): not fixed, because \(Self.why(alone.outcome, before: before))")
            }
            guard progressed else { break }
            (refused, refusals) = ([], [])
        }
        let after = Set(current.outcome.activeFindings.map(\.fingerprintValue))
        let unsafeLeft = request.unsafe ? 0 : current.outcome.activeFindings.filter { $0.fixes.first.map { !$0.edits.isEmpty && $0.applicability == .unsafe } ?? false }.count
        let fixed = FixedFile(original: original, fixed: bytes, fixedCount: before.subtracting(after).count, unsafeLeft: unsafeLeft, refusals: refusals)
        return (current, fixed)
    }

    /// The re-checked text when it may be kept: it parses and adds no finding (evidence aside).
    static func kept(_ checked: Checked, before: Set<UInt64>) -> Checked? {
        added(checked.outcome, before: before).isEmpty ? checked : nil
    }

    static func added(_ outcome: FileOutcome, before: Set<UInt64>) -> [Finding] {
        outcome.activeFindings.filter { !before.contains($0.fingerprintValue) && !$0.ruleID.hasPrefix("EVD") }
    }

    static func why(_ outcome: FileOutcome, before: Set<UInt64>) -> String {
        let added = added(outcome, before: before)
        guard let first = added.first else { return "the re-check did not confirm it" }
        return "it would add \(first.ruleID) at line \(first.start.line) (\(first.message))" + (added.count > 1 ? " and \(added.count - 1) more" : "")
    }
}

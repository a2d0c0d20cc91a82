/// AND004: a protect mechanism that needs a newer API level than `min-sdk` is the only cover of
/// some required threat below that level. A reasoned opt-out (CAP007) replaces it.
struct ProtectionAPILevelCheck: Check {
    static let name = "protection-api-level"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        let minimum = OSVersion(apiLevel: android.minSDK)
        var emissions: [Emission] = []
        for coverage in context.coverage where coverage.platform == .android && !coverage.displayCovers && !OptOutCheck.exempts(coverage.screen) {
            guard let required = coverage.requirement?.required, !required.isEmpty else { continue }
            let everywhere = coverage.mechanisms.filter { $0.isAvailable(from: minimum) }.reduce(ThreatSet()) { $0.union($1.covers) }
            for mechanism in coverage.mechanisms {
                guard let level = mechanism.minVersion, level > minimum else { continue }
                let olderDevices = coverage.mechanisms.filter { ($0.minVersion ?? minimum) < level && $0.id != mechanism.id }
                    .reduce(everywhere) { $0.union($1.covers) }
                let exposed = required.intersection(mechanism.covers).subtracting(olderDevices)
                guard !exposed.isEmpty else { continue }
                let threats = context.taxonomy.names(of: exposed)
                let replacement = Self.replacement(covering: exposed, coverage, context)
                let names = replacement.map(\.id)
                let toolkit = context.manifest.app.toolkit(on: .android)
                let calls = replacement.map { "`\($0.id)`: \($0.how(in: toolkit))" }.joined(separator: "; ")
                let fix = names.isEmpty
                    ? "mask the field (`display: masked`) or raise `min-sdk` to \(level.major); `\(mechanism.id)` protects only from API \(level.major)"
                    : "add \(Phrases.code(names)), which works from API \(android.minSDK) (\(calls)), or mask the field; `\(mechanism.id)` protects only from API \(level.major)"
                let field = coverage.field
                emissions.append(Emission(
                    location: field.location, platform: .android, missing: threats,
                    arguments: [
                        "field": field.id, "mechanism": mechanism.id, "api": String(level.major), "min-sdk": String(android.minSDK),
                        "missing": Phrases.list(threats),
                    ],
                    fix: fix,
                    fixes: context.fixes {
                        let smallest = SmallestFix(coverage: coverage, context: context)
                        let masked = ManifestFix(smallest.maskedPhrase, smallest.maskedEdits)
                        guard !names.isEmpty else { return masked.edits.isEmpty ? [] : [masked] }
                        let edits = FixPlanner(context: context).adding(names, on: .android, to: field.protect, at: field.location.path, screen: coverage.screen)
                        return [ManifestFix("protect the field on Android from API \(android.minSDK) (\(calls))", edits), masked].filter { !$0.edits.isEmpty }
                    },
                    detail: mechanism.id))
            }
        }
        return emissions
    }

    /// The fewest robust mechanisms available from `min-sdk` that cover the exposed threats.
    static func replacement(covering exposed: ThreatSet, _ coverage: FieldCoverage, _ context: EvaluationContext) -> [Mechanism] {
        let minimum = context.manifest.app.minimumVersion(on: .android)
        let candidates = context.taxonomy.mechanisms.filter {
            $0.platform == .android && $0.role == .protect && $0.isProposable && $0.isAvailable(from: minimum) && !$0.covers.intersection(exposed).isEmpty
        }
        return SmallestFix.fewest(candidates, covering: exposed)
    }
}

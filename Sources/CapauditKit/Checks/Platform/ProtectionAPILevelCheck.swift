/// AND004: a protect mechanism that needs a newer API level than `min-sdk` is the only cover of
/// some required threat below that level.
struct ProtectionAPILevelCheck: Check {
    static let name = "protection-api-level"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        var emissions: [Emission] = []
        for coverage in context.coverage where coverage.platform == .android && !coverage.displayCovers {
            guard let required = coverage.requirement?.required, !required.isEmpty else { continue }
            let everywhere = coverage.mechanisms.filter { ($0.minVersion ?? 0) <= android.minSDK }
                .reduce(ThreatSet()) { $0.union($1.covers) }
            for mechanism in coverage.mechanisms {
                guard let level = mechanism.minVersion, level > android.minSDK else { continue }
                let olderDevices = coverage.mechanisms.filter { ($0.minVersion ?? 0) < level && $0.id != mechanism.id }
                    .reduce(everywhere) { $0.union($1.covers) }
                let exposed = required.intersection(mechanism.covers).subtracting(olderDevices)
                guard !exposed.isEmpty else { continue }
                let threats = context.taxonomy.names(of: exposed)
                emissions.append(Emission(
                    location: coverage.field.location, platform: .android, missing: threats,
                    arguments: [
                        "field": coverage.field.id, "mechanism": mechanism.id, "api": String(level), "min-sdk": String(android.minSDK),
                        "missing": Phrases.list(threats),
                    ],
                    fix: "add a mechanism that works from API \(android.minSDK), such as `flag-secure`, or mask the field; `\(mechanism.id)` protects only from API \(level)",
                    detail: mechanism.id))
            }
        }
        return emissions
    }
}

/// CAP010: a field without a kind whose id or label holds a hint (a word or a short phrase) of
/// a kind that is sensitive under the profile; the id and the label are matched separately.
struct HintWordsCheck: Check {
    static let name = "hint-words"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        let matcher = HintMatcher(context.taxonomy.dataKinds.map { ($0, $0.hints) }, appLanguage: context.manifest.app.language)
        var emissions: [Emission] = []
        for (screenIndex, screen) in context.manifest.screens.enumerated() {
            for (fieldIndex, field) in screen.fields.enumerated() where field.kind == "text" {
                guard let hit = [field.id, field.label ?? ""].lazy.compactMap({ matcher.suggestion(in: $0) { context.isSensitive($0.id) ? $0 : nil } }).first
                else { continue }
                let kind = hit.value
                emissions.append(Emission(
                    location: field.location,
                    arguments: ["field": field.id, "hint": hit.phrase, "suggested": kind.id, "title": kind.title],
                    fixes: context.fixes { [ManifestFix("tag `\(field.id)` as `\(kind.id)` and protect it", tagging(kind.id, at: (screenIndex, fieldIndex), context))] }))
            }
        }
        return emissions
    }

    /// The kind set, and the smallest fix of each coverage gap the tagged field then has.
    private func tagging(_ kind: String, at indices: (screen: Int, field: Int), _ context: EvaluationContext) -> [ManifestEdit] {
        var manifest = context.manifest
        manifest.screens[indices.screen].fields[indices.field].kind = kind
        let field = manifest.screens[indices.screen].fields[indices.field]
        let tagged = EvaluationContext(manifest: manifest, profile: context.profile, policy: context.policy, source: context.source)
        var edits: [ManifestEdit] = [.set("kind", to: .name(kind), at: field.location.path)]
        var protect = field.protect
        for coverage in tagged.coverage where coverage.field.location == field.location && !coverage.missing.isEmpty {
            let smallest = SmallestFix(coverage: coverage, context: tagged)
            let names = smallest.mechanisms.map(\.id)
            guard !names.isEmpty else { return edits + smallest.maskedEdits }
            edits += FixPlanner(context: tagged).adding(names, on: coverage.platform, to: protect, at: field.location.path, screen: coverage.screen)
            protect += names.map { MechanismUse(name: $0, platform: coverage.platform, location: field.location) }
        }
        return FixPlanner(context: tagged).merged(edits)
    }
}

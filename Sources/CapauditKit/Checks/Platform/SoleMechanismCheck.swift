/// IOS003: a mechanism that does nothing alone is a field's only mechanism on a platform.
struct SoleMechanismCheck: Check {
    static let name = "sole-mechanism"

    static let parameters = [
        ParameterSpec("platform", .name(.platform), required: true),
        ParameterSpec("mechanism", .name(.mechanism), required: true),
    ]

    let platform: Platform?
    let mechanism: String?

    init(parameters: CheckParameters) {
        platform = parameters.platform("platform")
        mechanism = parameters.string("mechanism")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let platform, let mechanism else { return [] }
        return context.coverage.compactMap { coverage in
            guard coverage.platform == platform, coverage.mechanisms.map(\.id) == [mechanism] else { return nil }
            // The robust mechanisms CAP001 would add for what they can cover; when the kind needs
            // nothing, the mechanism alone is harmless but says nothing, and no edit is proposed.
            let smallest = SmallestFix(coverage: coverage, context: context)
            let names = smallest.robustPart.map(\.id)
            let field = coverage.field
            let fixes = context.fixes {
                names.isEmpty ? [] : [ManifestFix(
                    "add \(Phrases.code(names)) to the field on \(platform.displayName)",
                    FixPlanner(context: context).adding(names, on: platform, to: field.protect, at: field.location.path, screen: coverage.screen))]
            }
            return Emission(
                location: coverage.field.location, platform: platform, arguments: ["field": coverage.field.id, "mechanism": mechanism],
                fix: coverage.missing.isEmpty
                    ? "add a mechanism that covers capture threats itself, such as `redact-on-capture` with `cover-on-background`, if the field is sensitive"
                    : "no robust \(platform.displayName) mechanism covers this from the app's minimum OS version: show the field masked, as CAP001 asks",
                fixes: fixes)
        }
    }
}

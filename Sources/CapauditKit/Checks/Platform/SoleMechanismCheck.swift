/// IOS003: a mechanism that does nothing alone is a field's only mechanism on a platform.
struct SoleMechanismCheck: Check {
    static let name = "sole-mechanism"

    let platform: Platform?
    let mechanism: String?

    static let parameters = [
        ParameterSpec("platform", .name(.platform), required: true),
        ParameterSpec("mechanism", .name(.mechanism), required: true),
    ]

    init(parameters: CheckParameters) {
        platform = parameters.platform("platform")
        mechanism = parameters.string("mechanism")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let platform, let mechanism else { return [] }
        return context.coverage.compactMap { coverage in
            guard coverage.platform == platform, coverage.mechanisms.map(\.id) == [mechanism] else { return nil }
            return Emission(
                location: coverage.field.location, platform: platform, arguments: ["field": coverage.field.id, "mechanism": mechanism],
                fix: "add a mechanism that covers the threats itself, such as `redact-on-capture` with `cover-on-background`, or mask the field")
        }
    }
}

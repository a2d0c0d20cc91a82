/// IOS001: a mechanism whose API is deprecated from a version the app already requires.
struct DeprecatedMechanismCheck: Check {
    static let name = "deprecated-mechanism"

    let platform: Platform?
    let mechanism: String?
    let fromVersion: OSVersion?

    static let parameters = [
        ParameterSpec("platform", .name(.platform), required: true),
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("from-version", .version, required: true),
    ]

    init(parameters: CheckParameters) {
        platform = parameters.platform("platform")
        mechanism = parameters.string("mechanism")
        fromVersion = parameters.string("from-version").flatMap(OSVersion.init)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard platform == .ios, let mechanism, let fromVersion, let ios = context.manifest.app.ios, ios.deploymentTarget >= fromVersion else { return [] }
        return context.uses(of: mechanism, on: .ios).map { use in
            Emission(
                location: use.location, platform: .ios,
                arguments: ["mechanism": mechanism, "version": fromVersion.description, "target": ios.deploymentTarget.description],
                fix: "use `scene-capture-state` (`UITraitCollection.sceneCaptureState`) instead", detail: mechanism)
        }
    }
}

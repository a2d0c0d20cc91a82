/// AND006, IOS004: a protect mechanism that is driven by a detection callback is used, but
/// `capture.detect` lists none of the detectors that drive it.
struct DetectorRequiredCheck: Check {
    static let name = "detector-required"

    let platform: Platform?
    let mechanism: String?
    let detectors: [String]

    static let parameters = [
        ParameterSpec("platform", .name(.platform), required: true),
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("detect-any", .list(.name(.mechanism)), required: true),
    ]

    init(parameters: CheckParameters) {
        platform = parameters.platform("platform")
        mechanism = parameters.string("mechanism")
        detectors = parameters.strings("detect-any")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let platform, let mechanism, let use = context.uses(of: mechanism, on: platform, in: .protect).first else { return [] }
        guard !detectors.contains(where: { context.detects($0, on: platform) }) else { return [] }
        return [Emission(
            location: use.location, platform: platform,
            arguments: ["mechanism": mechanism, "platform": platform.displayName, "detectors": Phrases.code(detectors)],
            fix: "add `\(detectors.first ?? "")` to `capture.detect`: `detect: [\(detectors.first ?? "")]`",
            detail: mechanism)]
    }
}

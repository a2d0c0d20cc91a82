/// IOS001: a mechanism whose API is marked to be deprecated, while the app already requires the
/// version from which its replacement exists.
struct DeprecatedMechanismCheck: Check {
    static let name = "deprecated-mechanism"

    static let parameters = [
        ParameterSpec("platform", .name(.platform), required: true),
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("replacement", .name(.mechanism), required: true),
        ParameterSpec("from-version", .version, required: true),
    ]

    let platform: Platform?
    let mechanism: String?
    let replacement: String?
    let fromVersion: OSVersion?

    init(parameters: CheckParameters) {
        platform = parameters.platform("platform")
        mechanism = parameters.string("mechanism")
        replacement = parameters.string("replacement")
        fromVersion = parameters.string("from-version").flatMap(OSVersion.init)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let platform, let mechanism, let replacement, let fromVersion,
            let minimum = context.manifest.app.minimumVersion(on: platform), minimum >= fromVersion
        else { return [] }
        let planner = FixPlanner(context: context)
        return context.uses(of: mechanism, on: platform).map { use in
            let path = use.location.path
            var edits: [ManifestEdit] = []
            let listed = context.manifest.capture.detect.contains { $0.name == replacement }
            if let open = path.lastIndex(of: "[") {
                // In place, so that every other entry keeps its position (and its findings their paths).
                let (list, item) = (String(path[..<open]), String(path[open...]))
                edits.append(listed ? ManifestEdit(path: list, key: item, change: .remove) : .set(item, to: .name(replacement), at: list))
                edits += listed ? [] : planner.permissions(for: replacement, on: platform)
            } else {
                edits += planner.addingDetector(replacement, on: platform)
            }
            return Emission(
                location: use.location, platform: platform,
                arguments: ["mechanism": mechanism, "replacement": replacement, "version": fromVersion.description, "target": minimum.description],
                fixes: context.fixes { [ManifestFix("replace `\(mechanism)` with `\(replacement)`, which every device from iOS \(fromVersion) has", edits)] }, detail: mechanism)
        }
    }
}

/// AND001: an Android detection callback without its permission, or the permission declared
/// with nothing using it (case `unused`).
struct PermissionForMechanismCheck: Check {
    static let name = "permission-for-mechanism"

    let pairs: [(mechanism: String, permission: String)]

    static let parameters = [
        ParameterSpec("pairs", .list(.record([
            ParameterSpec("mechanism", .name(.mechanism), required: true),
            ParameterSpec("permission", .string, required: true),
        ])), required: true)
    ]

    init(parameters: CheckParameters) {
        var pairs: [(String, String)] = []
        if let list = parameters["pairs"] {
            for (index, item) in (parameters.decoder.list(list, path: "\(parameters.path).pairs", what: "`pairs`") ?? []).enumerated() {
                let path = "\(parameters.path).pairs[\(index)]"
                guard let fields = parameters.decoder.mapping(item, path: path, what: "a pair", known: ["mechanism", "permission"], required: ["mechanism", "permission"]),
                    let mechanism = fields["mechanism"].flatMap({ parameters.decoder.string($0, path: "\(path).mechanism", what: "`mechanism`") }),
                    let permission = fields["permission"].flatMap({ parameters.decoder.string($0, path: "\(path).permission", what: "`permission`") })
                else { continue }
                pairs.append((mechanism, permission))
            }
        }
        self.pairs = pairs
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        var emissions: [Emission] = []
        for pair in pairs {
            let uses = context.uses(of: pair.mechanism, on: .android)
            let declared = android.permission(pair.permission)
            if let use = uses.first, declared == nil {
                emissions.append(Emission(
                    location: use.location, platform: .android, arguments: ["mechanism": pair.mechanism, "permission": pair.permission],
                    fix: "declare it under `app.platforms.android.permissions`: `- \(pair.permission)`", detail: pair.mechanism))
            } else if uses.isEmpty, let declared {
                emissions.append(Emission(
                    caseName: "unused", location: declared.location, platform: .android,
                    arguments: ["mechanism": pair.mechanism, "permission": pair.permission],
                    fix: "remove `\(pair.permission)`, or add `\(pair.mechanism)` to `capture.detect` if the app uses it", detail: pair.permission))
            }
        }
        return emissions
    }
}

/// AND001: an Android mechanism without the permission it needs (a pair may name its own case,
/// as `overlay-permission`), or the permission declared with nothing using it (case `unused`).
struct PermissionForMechanismCheck: Check {
    static let name = "permission-for-mechanism"

    struct Pair {
        var mechanism: String
        var permission: String
        /// The case of a missing permission; nil for the rule's main case.
        var caseName: String?
        /// Whether a declared permission with its mechanism unused is reported.
        var reportsUnused: Bool
    }

    static let parameters = [
        ParameterSpec("pairs", .list(.record([
            ParameterSpec("mechanism", .name(.mechanism), required: true),
            ParameterSpec("permission", .string, required: true),
            ParameterSpec("case", .string),
            ParameterSpec("report-unused", .boolean),
        ])), required: true)
    ]

    let pairs: [Pair]

    init(parameters: CheckParameters) {
        var pairs: [Pair] = []
        for item in parameters["pairs"]?.sequence ?? [] {
            guard let mechanism = item["mechanism"]?.scalar?.value, let permission = item["permission"]?.scalar?.value else { continue }
            let reportsUnused = item["report-unused"]?.scalar?.resolved != .bool(false)
            pairs.append(Pair(mechanism: mechanism, permission: permission, caseName: item["case"]?.scalar?.value, reportsUnused: reportsUnused))
        }
        self.pairs = pairs
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        var emissions: [Emission] = []
        let permissionsPath = "app.platforms.android"
        for pair in pairs {
            let uses = context.uses(of: pair.mechanism, on: .android)
            let declared = android.permission(pair.permission)
            if let use = uses.first, declared == nil {
                emissions.append(Emission(
                    caseName: pair.caseName, location: use.location, platform: .android,
                    arguments: ["mechanism": pair.mechanism, "permission": pair.permission],
                    fixes: context.fixes { [ManifestFix("declare `\(pair.permission)`", [.append(.name(pair.permission), to: "permissions", at: permissionsPath)])] },
                    detail: pair.mechanism))
            } else if uses.isEmpty, pair.reportsUnused, let declared, let open = declared.location.path.lastIndex(of: "[") {
                let list = String(declared.location.path[..<open])
                let element = String(declared.location.path[open...])
                emissions.append(Emission(
                    caseName: "unused", location: declared.location, platform: .android,
                    arguments: ["mechanism": pair.mechanism, "permission": pair.permission],
                    fixes: context.fixes { [ManifestFix("remove the unused `\(pair.permission)`", [ManifestEdit(path: list, key: element, change: .remove)])] },
                    detail: pair.permission))
            }
        }
        return emissions
    }
}

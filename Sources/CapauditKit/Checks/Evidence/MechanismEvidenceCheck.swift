/// EVD001: a mechanism the manifest declares has no `sets` evidence where it is sought. The
/// finding names the types and files searched and the supertypes where the search stopped, and
/// points at each declaration searched.
struct MechanismEvidenceCheck: Check {
    static let name = "mechanism-evidence"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (platform, _) in context.platformsWithCode {
            for declared in context.declaredMechanisms(on: platform) where declared.isSought && declared.setting.isEmpty {
                var stopped = ""
                var related: [RelatedLocation] = []
                if case .screen(_, let search) = declared.scope {
                    if !search.unresolvedSupertypes.isEmpty {
                        let names = Phrases.code(search.unresolvedSupertypes)
                        stopped = "; the search stopped at \(names), declared in no scanned file (map the type that applies it, or add its folder)"
                    }
                    related = search.declarations.map { declared.code.related($0, "searched: \($0.kind.rawValue) \($0.qualifiedName)") }
                }
                emissions.append(Emission(
                    location: declared.use.location, platform: platform,
                    arguments: [
                        "mechanism": declared.mechanism.id, "declared-by": declared.declaredBy, "platform": platform.displayName,
                        "searched": declared.searched, "sought": declared.sought, "stopped": stopped,
                    ],
                    fix: "apply `\(declared.mechanism.id)` in that code, name in `code` the type that applies it, or remove the claim if the code is right",
                    detail: declared.mechanism.id, related: related))
            }
        }
        return emissions
    }
}

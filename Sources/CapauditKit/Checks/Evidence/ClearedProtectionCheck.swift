/// EVD003: a `clears` pattern of a declared mechanism occurs where the mechanism is sought: a
/// code path undoes the protection the manifest claims.
struct ClearedProtectionCheck: Check {
    static let name = "cleared-protection"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (platform, _) in context.platformsWithCode {
            for declared in context.declaredMechanisms(on: platform) {
                let clearing = declared.clearing
                guard let first = clearing.first else { continue }
                let code = declared.code
                let place = "\(code.folder.displayPath(first.location.file)):\(first.location.line)"
                let more = clearing.count > 1 ? " (and \(clearing.count - 1) more \(clearing.count == 2 ? "place" : "places"))" : ""
                emissions.append(Emission(
                    location: declared.use.location, platform: platform,
                    arguments: [
                        "mechanism": declared.mechanism.id, "declared-by": declared.declaredBy, "platform": platform.displayName,
                        "pattern": code.patterns.text(first.pattern), "place": place + more,
                    ],
                    fix: "remove the call that undoes `\(declared.mechanism.id)`, or, if the screen is meant to be capturable there, say so in the manifest",
                    detail: declared.mechanism.id,
                    related: clearing.map { code.related($0.location, "undoes \(declared.mechanism.id): `\(code.patterns.text($0.pattern))`") }))
            }
        }
        return emissions
    }
}

/// CAP007: a screen opted out of capture protection. Without a reason it changes nothing else;
/// with one it replaces that screen's CAP001, AND005 and IOS002 findings and lists what it exempts.
struct OptOutCheck: Check {
    static let name = "opt-out"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        context.manifest.screens.compactMap { screen in
            guard let optOut = screen.optOut else { return nil }
            guard optOut.hasReason else {
                return Emission(
                    caseName: "no-reason", location: screen.location, arguments: ["screen": screen.id, "exempts": "", "reason": ""],
                    fix: "say why under `opt-out: {reason: \"...\"}` (for example, consent recorded before a clinician views the screen), or remove `opt-out` and protect the screen")
            }
            let exempted = context.coverage.filter { $0.screen.id == screen.id && !$0.missing.isEmpty }.map { coverage in
                "`\(coverage.field.id)` on \(coverage.platform.displayName) (\(Phrases.list(context.taxonomy.names(of: coverage.missing))))"
            }
            let exempts = exempted.isEmpty ? "nothing at present" : Phrases.list(exempted)
            return Emission(
                caseName: "with-reason", location: screen.location,
                arguments: ["screen": screen.id, "exempts": exempts, "reason": optOut.reason ?? ""])
        }
    }
}

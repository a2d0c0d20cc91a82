/// CAP007: a screen opted out of capture protection. Without a reason it changes nothing else;
/// with one it replaces the findings of `replacedRules` about that screen and lists what it
/// exempts. Each of those rules asks `exempts(_:)`.
struct OptOutCheck: Check {
    static let name = "opt-out"

    init(parameters: CheckParameters) {}

    /// Whether a screen's reasoned opt-out replaces the findings of the rules it exempts.
    static func exempts(_ screen: Screen) -> Bool { screen.optOut?.hasReason == true }

    /// The rules whose findings about the screen, its fields and the actions that open it a
    /// reasoned opt-out replaces (RULES.md, CAP007); the preview ones only when they run.
    static let replacedRules = (always: ["CAP001", "AND004", "AND005", "IOS002"], preview: ["AND007", "AND008", "AND009", "AND011", "CAP015", "CAP016"])

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        context.manifest.screens.compactMap { screen in
            guard let optOut = screen.optOut else { return nil }
            guard optOut.hasReason else {
                return Emission(
                    caseName: "no-reason", location: screen.location, arguments: ["screen": screen.id, "exempts": "", "reason": ""],
                    fix: "say why under `opt-out: {reason: \"...\"}` (for example, consent recorded before a clinician views the screen), or remove `opt-out` and protect the screen",
                            fixes: context.fixes { protection(instead: screen, context).map { [$0] } ?? [] })
            }
            let exempted = context.coverage.filter { $0.screen.id == screen.id && !$0.missing.isEmpty }.map { coverage in
                "`\(coverage.field.id)` on \(coverage.platform.displayName) (\(Phrases.list(context.taxonomy.names(of: coverage.missing))))"
            }
            let gaps = exempted.isEmpty ? "no coverage gap at present" : Phrases.list(exempted)
            let rules = "\(Phrases.list(Self.replacedRules.always)) and, when enabled, \(Phrases.list(Self.replacedRules.preview))"
            let exempts = "\(gaps), and every finding of \(rules) about the screen"
            return Emission(
                caseName: "with-reason", location: screen.location,
                arguments: ["screen": screen.id, "exempts": exempts, "reason": optOut.reason ?? ""],
                // A reasoned opt-out is a decision a person made: the change is shown, never applied by `--fix`.
                fixes: context.fixes { exempted.isEmpty ? [] : protection(instead: screen, context).map { [ManifestFix($0.message, $0.edits, applicability: .display)] } ?? [] })
        }
    }

    /// The opt-out removed and the screen protected: the smallest fix of each gap it exempts, at
    /// screen level, or the field masked where no robust mechanism closes the gap.
    func protection(instead screen: Screen, _ context: EvaluationContext) -> ManifestFix? {
        let planner = FixPlanner(context: context)
        var edits = [ManifestEdit(path: screen.location.path, key: "opt-out", change: .remove)]
        var protect = screen.protect
        for coverage in context.coverage where coverage.screen.location == screen.location && !coverage.missing.isEmpty {
            let smallest = SmallestFix(coverage: coverage, context: context)
            guard !smallest.mechanisms.isEmpty else {
                edits += smallest.maskedEdits
                continue
            }
            let names = smallest.mechanisms.map(\.id).filter { name in !protect.contains { $0.name == name && $0.applies(on: coverage.platform) } }
            guard !names.isEmpty else { continue }
            edits += planner.adding(names, on: coverage.platform, to: protect, at: screen.location.path, screen: screen)
            protect += names.map { MechanismUse(name: $0, platform: coverage.platform, location: screen.location) }
        }
        // Without the opt-out, AND007 and AND008 judge the screen's high-risk controls too.
        for action in screen.actions {
            let needs = planner.controlNeeds(action, on: screen, risk: action.risk)
            if !needs.action.isEmpty { edits.append(planner.addProtect(needs.action, on: .android, to: action.protect, at: action.location.path)) }
            let names = needs.screen.filter { name in !protect.contains { $0.name == name && $0.applies(on: .android) } }
            guard !names.isEmpty else { continue }
            edits += planner.adding(names, on: .android, to: protect, at: screen.location.path, screen: nil)
            protect += names.map { MechanismUse(name: $0, platform: .android, location: screen.location) }
        }
        return ManifestFix("remove `opt-out` and protect the screen `\(screen.id)`", planner.merged(lastProtectOnly(edits)))
    }

    /// Successive `protect` settings of one node: only the last (which holds them all) counts.
    private func lastProtectOnly(_ edits: [ManifestEdit]) -> [ManifestEdit] {
        edits.enumerated().filter { index, edit in
            edit.key != "protect" || !edits[(index + 1)...].contains { $0.key == "protect" && $0.path == edit.path }
        }.map(\.element)
    }
}

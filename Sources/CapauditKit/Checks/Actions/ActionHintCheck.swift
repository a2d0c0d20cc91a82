/// CAP014 (preview): an action that gives neither a kind (or says `other`) nor a risk, whose id
/// or label holds a hint of an action kind the profile's action policy requires something of.
struct ActionHintCheck: Check {
    static let name = "action-hint-words"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        let matcher = HintMatcher(context.taxonomy.actionKinds.map { ($0, $0.hints) }, appLanguage: context.manifest.app.language)
        let required = { (kind: ActionKind) in context.profile.actionRequirement(kind: kind.id, risk: kind.risk).map { (kind, $0) } }
        let planner = FixPlanner(context: context)
        var emissions: [Emission] = []
        for screen in context.manifest.screens {
            for action in screen.actions where (!action.kindGiven || action.kind == "other") && !action.riskGiven {
                guard let hit = [action.id, action.label ?? ""].lazy.compactMap({ matcher.suggestion(in: $0, required) }).first else { continue }
                let (kind, requirement) = hit.value
                emissions.append(Emission(
                    location: action.location,
                    arguments: ["action": action.id, "hint": hit.phrase, "suggested": kind.id, "minimum": requirement.minimum.rawValue, "profile": context.profile.id],
                    fixes: context.fixes { [ManifestFix(
                        "tag `\(action.id)` as `\(kind.id)` and meet the \(context.profile.id) profile's minimum",
                        planner.actionFix(action, on: screen, minimum: requirement.minimum, kind: kind.id))] }))
            }
        }
        return emissions
    }
}

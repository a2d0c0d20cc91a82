/// CAP014 (preview): an action that gives neither a kind (or says `other`) nor a risk, whose id
/// or label holds a hint of an action kind the profile's action policy requires something of.
struct ActionHintCheck: Check {
    static let name = "action-hint-words"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var hints: [[String]: (kind: ActionKind, requirement: ActionRequirement)] = [:]
        for kind in context.taxonomy.actionKinds {
            guard let requirement = context.profile.actionRequirement(kind: kind.id, risk: kind.risk) else { continue }
            for hint in kind.hints where hints[hint] == nil { hints[hint] = (kind, requirement) }
        }
        let planner = FixPlanner(context: context)
        var emissions: [Emission] = []
        for screen in context.manifest.screens {
            for action in screen.actions where (!action.kindGiven || action.kind == "other") && !action.riskGiven {
                guard let hit = IdentifierWords.firstHint(in: IdentifierWords.split(action.id), among: hints)
                    ?? IdentifierWords.firstHint(in: IdentifierWords.split(action.label ?? ""), among: hints)
                else { continue }
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

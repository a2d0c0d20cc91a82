/// CAP004: an action's `on-capture` is weaker than the profile's action policy.
struct ActionPolicyCheck: Check {
    static let name = "action-policy"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        let planner = FixPlanner(context: context)
        for screen in context.manifest.screens {
            for action in screen.actions {
                guard let requirement = context.profile.actionRequirement(kind: action.kind, risk: action.risk),
                    action.onCapture.strength < requirement.minimum.strength
                else { continue }
                let minimum = requirement.minimum.rawValue
                emissions.append(Emission(
                    severity: requirement.severity, location: action.location,
                    arguments: [
                        "action": action.id, "kind": action.kind, "risk": action.risk.rawValue, "on-capture": action.onCapture.rawValue,
                        "minimum": minimum, "profile": context.profile.id,
                    ],
                    fixes: context.fixes { [ManifestFix("meet the \(context.profile.id) profile's minimum for `\(action.id)`", planner.actionFix(action, on: screen, minimum: requirement.minimum))] }))
            }
        }
        return emissions
    }
}

/// CAP004: an action's `on-capture` is weaker than the profile's action policy.
struct ActionPolicyCheck: Check {
    static let name = "action-policy"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for screen in context.manifest.screens {
            for action in screen.actions {
                guard let requirement = context.profile.actionRequirement(kind: action.kind, risk: action.risk),
                    action.onCapture.strength < requirement.minimum.strength
                else { continue }
                emissions.append(Emission(
                    severity: requirement.severity, location: action.location,
                    arguments: [
                        "action": action.id, "kind": action.kind, "risk": action.risk.rawValue, "on-capture": action.onCapture.rawValue,
                        "minimum": requirement.minimum.rawValue, "profile": context.profile.id,
                    ],
                    fix: "set `on-capture: \(requirement.minimum.rawValue)` on `\(action.id)` and tell the person why with a `message`"))
            }
        }
        return emissions
    }
}

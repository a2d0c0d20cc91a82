/// CAP006: protection with nothing to protect: a screen-level `protect` on a screen with no
/// field the profile cares about, or every action of the app disabled during capture.
struct BlanketLockdownCheck: Check {
    static let name = "blanket-lockdown"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !screen.protect.isEmpty && !screen.hasLeftOutEntries {
            guard !screen.fields.contains(where: { context.isSensitive($0.kind) }) else { continue }
            // An action that responds to capture may rely on the window flag (CAP012): removing
            // the protection would trade this finding for that one, so the advice stays words.
            let respondingAction = screen.actions.first { $0.onCapture != .allow }
            emissions.append(Emission(
                location: screen.location, arguments: ["screen": screen.id, "what": "screen `\(screen.id)` has a screen-level `protect` but no field that \(context.profile.id) requires protected"],
                fix: respondingAction.map { "remove the screen-level `protect` of `\(screen.id)` once `\($0.id)` no longer relies on its window flag to respond to capture (CAP012)" },
                fixes: respondingAction != nil ? [] : context.fixes { [ManifestFix("remove the screen-level `protect` of `\(screen.id)`", [ManifestEdit(path: screen.location.path, key: "protect", change: .remove)])] },
                detail: "screen"))
        }
        let actions = context.manifest.screens.flatMap(\.actions)
        if !context.manifest.hasLeftOutScreens, !actions.isEmpty, actions.allSatisfy({ $0.onCapture == .disable || $0.onCapture == .hide }),
            let unrequired = actions.first(where: {
                context.profile.actionRequirement(kind: $0.kind, risk: $0.risk) == nil && !HostedScreenCheck.opensExposedScreen($0, context)
            })
        {
            emissions.append(Emission(
                location: unrequired.location,
                arguments: ["screen": "", "what": "every action of the app is disabled or hidden during capture, including `\(unrequired.id)`, which \(context.profile.id) does not require"],
                fixes: context.fixes { [ManifestFix("let `\(unrequired.id)` work during capture, keeping `disable` for the actions the policy names", [.set("on-capture", to: .name(OnCapture.allow.rawValue), at: unrequired.location.path)])] },
                detail: "actions"))
        }
        return emissions
    }
}

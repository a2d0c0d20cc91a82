/// CAP015 (preview): a hosted screen (a browser view, a sign-in session or another app, which the
/// app presents but does not draw) shows a sensitive field in full or takes one as input. No
/// mechanism of the app reaches that window; what the app controls is when it opens it. Case
/// `action`: an action that `opens` it is weaker during capture than the profile's minimum for a
/// high-risk action (unless CAP004 already asks at least as much of it); case `unlinked`: no action
/// opens it, so nothing says when the app shows it.
struct HostedScreenCheck: Check {
    static let name = "hosted-screen"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let requirement = context.profile.actionsByRisk[.high] else { return [] }
        let planner = FixPlanner(context: context)
        let minimum = requirement.minimum
        var emissions: [Emission] = []
        for hosted in context.manifest.screens where hosted.isHosted && !OptOutCheck.exempts(hosted) {
            let exposed = Self.exposedFields(of: hosted, context)
            guard !exposed.isEmpty else { continue }
            let protectNote = hosted.protect.isEmpty && exposed.allSatisfy(\.protect.isEmpty)
                ? "" : "; a `protect` there covers nothing, since the app does not draw that window"
            var arguments = [
                "screen": hosted.id, "fields": Phrases.code(exposed.map(\.id)), "minimum": minimum.rawValue, "profile": context.profile.id,
                "protect": protectNote,
            ]
            let openers = context.manifest.screens.flatMap { screen in screen.actions.filter { $0.opens == hosted.id }.map { (screen, $0) } }
            guard !openers.isEmpty else {
                emissions.append(Emission(
                    caseName: "unlinked", location: hosted.location, arguments: arguments,
                    fix: "on the action that shows `\(hosted.id)`, add `opens: \(hosted.id)`, set `on-capture: \(minimum.rawValue)` with a `message`, and add the capture signal that CAP004's help adds",
                    detail: hosted.id))
                continue
            }
            for (screen, action) in openers where action.onCapture.strength < minimum.strength && !policyAsksAsMuch(of: action, as: minimum, context) {
                arguments["action"] = action.id
                arguments["on-capture"] = action.onCapture.rawValue
                emissions.append(Emission(
                    caseName: "action", location: action.location, arguments: arguments,
                    fixes: context.fixes { [ManifestFix(
                        "make `\(action.id)` at least `\(minimum.rawValue)` while the screen is captured",
                        planner.actionFix(action, on: screen, minimum: minimum))] },
                    detail: hosted.id))
            }
        }
        return emissions
    }

    /// The fields of a hosted screen that show a sensitive value in full or take one as input.
    static func exposedFields(of screen: Screen, _ context: EvaluationContext) -> [Field] {
        screen.isHosted ? screen.fields.filter { context.isSensitive($0.kind) && ($0.isShownInFull || $0.input != .none) } : []
    }

    /// Whether the action opens a hosted screen that shows or takes a sensitive value, so that the
    /// action policy's high-risk row applies to it (CAP015), whatever its kind.
    static func opensExposedScreen(_ action: Action, _ context: EvaluationContext) -> Bool {
        guard let opened = action.opens.flatMap(context.screen) else { return false }
        return !OptOutCheck.exempts(opened) && !exposedFields(of: opened, context).isEmpty
    }

    /// Whether CAP004 already asks the action for at least `minimum`: its fix then clears both.
    private func policyAsksAsMuch(of action: Action, as minimum: OnCapture, _ context: EvaluationContext) -> Bool {
        guard let own = context.profile.actionRequirement(kind: action.kind, risk: action.risk) else { return false }
        return action.onCapture.strength < own.minimum.strength && own.minimum.strength >= minimum.strength
    }
}

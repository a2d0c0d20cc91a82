/// CAP005: a screen visibly changes during capture (redaction, disabled or hidden actions
/// without a `message` of their own) but nothing tells the person why.
struct SilentCaptureResponseCheck: Check {
    static let name = "silent-capture-response"

    let visibleMechanisms: Set<String>
    let visibleOnCapture: Set<String>

    static let parameters = [
        ParameterSpec("visible-mechanisms", .list(.name(.mechanism))),
        ParameterSpec("visible-on-capture", .list(.name(.values(of: OnCapture.self, noun: "on-capture")))),
    ]

    init(parameters: CheckParameters) {
        visibleMechanisms = Set(parameters.strings("visible-mechanisms"))
        visibleOnCapture = Set(parameters.strings("visible-on-capture"))
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        if let notice = context.manifest.capture.notice, notice.style != .none { return [] }
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !screen.isHosted {
            let told = screen.notices.contains { $0.when == .capture && $0.style != .none }
            guard !told else { continue }
            let redacting = screen.fields.first { field in
                !field.isOutsideAppWindow && context.manifest.app.platforms.filter(screen.appears).contains { platform in
                    context.effectiveMechanisms(field: field, screen: screen, platform: platform).contains { visibleMechanisms.contains($0.id) }
                }
            }
            // An action's own `message`, shown in its place while capture is active, tells the person about it.
            let changingAction = screen.actions.first { visibleOnCapture.contains($0.onCapture.rawValue) && $0.message == nil }
            guard redacting != nil || changingAction != nil else { continue }
            let cause = redacting.map { "field `\($0.id)` is redacted" } ?? changingAction.map { "action `\($0.id)` is \($0.onCapture == .hide ? "hidden" : "disabled")" } ?? ""
            emissions.append(Emission(
                location: screen.location, arguments: ["screen": screen.id, "cause": cause],
                fixes: context.fixes { [ManifestFix("tell the person on `\(screen.id)` what changes during capture", FixPlanner(context: context).captureNotice(for: screen))] }))
        }
        return emissions
    }
}

/// AND009 (preview): on Android, a credential typed in a secure input stands on a window without
/// `flag-secure` (field, screen, `capture.protect`, or a Compose or Flutter dialog's parent):
/// Android shows the last typed character for a moment and the keyboard previews each key, and a
/// recording or a remote viewer sees both.
struct SecureInputWindowCheck: Check {
    static let name = "secure-input-window"

    static let parameters = [
        ParameterSpec("window-protection", .name(.mechanism), required: true),
        ParameterSpec("categories", .list(.name(.category)), required: true),
    ]

    let windowProtection: String
    let categories: Set<String>

    init(parameters: CheckParameters) {
        windowProtection = parameters.string("window-protection") ?? ""
        categories = Set(parameters.strings("categories"))
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard context.manifest.app.ships(.android), context.taxonomy.mechanism(windowProtection, on: .android) != nil else { return [] }
        let planner = FixPlanner(context: context)
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !OptOutCheck.exempts(screen) {
            guard !context.windowHas(windowProtection, screen: screen, on: .android) else { continue }
            for field in screen.fields where field.input == .secure && !field.isOutsideAppWindow {
                guard categories.contains(context.taxonomy.dataKind(named: field.kind)?.category ?? ""),
                    !field.protect.contains(where: { $0.name == windowProtection && $0.applies(on: .android) })
                else { continue }
                let call = context.taxonomy.mechanism(windowProtection, on: .android)?.how(in: context.manifest.app.toolkit(on: .android)) ?? ""
                emissions.append(Emission(
                    location: field.location, platform: .android, arguments: ["field": field.id, "kind": field.kind, "mechanism": windowProtection],
                    fixes: context.fixes { [ManifestFix(
                        "add `\(windowProtection)` to `\(screen.id)` on Android (\(call))",
                        planner.adding([windowProtection], on: .android, to: screen.protect, at: screen.location.path, screen: nil))] }))
            }
        }
        return emissions
    }
}

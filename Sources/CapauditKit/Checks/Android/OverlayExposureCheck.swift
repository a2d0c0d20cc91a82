/// AND008 (preview): on Android, a screen with a credential input or a high-risk action has no
/// `hide-overlay-windows` (screen or `capture.protect`; a dialog never inherits it): another app's
/// overlay can cover it (tapjacking, fake prompts). One finding per screen.
struct OverlayExposureCheck: Check {
    static let name = "overlay-exposure"

    static let parameters = [
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("input-categories", .list(.name(.category)), required: true),
        ParameterSpec("action-risks", .list(.name(.values(of: Risk.self, noun: "risk"))), required: true),
    ]

    let mechanism: String
    let inputCategories: Set<String>
    let actionRisks: Set<String>

    init(parameters: CheckParameters) {
        mechanism = parameters.string("mechanism") ?? ""
        inputCategories = Set(parameters.strings("input-categories"))
        actionRisks = Set(parameters.strings("action-risks"))
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, let harden = context.taxonomy.mechanism(mechanism, on: .android) else { return [] }
        let planner = FixPlanner(context: context)
        return context.manifest.screens.compactMap { screen in
            guard !OptOutCheck.exempts(screen), !context.windowHas(mechanism, screen: screen, on: .android, inheriting: false) else { return nil }
            let inputs = screen.fields.filter { field in
                !field.isOutsideAppWindow && field.input != .none
                    && inputCategories.contains(context.taxonomy.dataKind(named: field.kind)?.category ?? "")
            }.map { "the input `\($0.id)`" }
            let actions = screen.actions.filter { actionRisks.contains($0.risk.rawValue) }.map { "the \($0.risk.rawValue)-risk action `\($0.id)`" }
            guard !inputs.isEmpty || !actions.isEmpty else { return nil }
            let level = harden.minVersion.flatMap { OSVersion(apiLevel: android.minSDK) < $0 ? $0 : nil }
            let below = level.map { "; it works from \(Platform.android.versionName($0)), and below that Android offers nothing for this" } ?? ""
            return Emission(
                location: screen.location, platform: .android,
                arguments: ["screen": screen.id, "what": Phrases.list(inputs + actions), "mechanism": mechanism, "below": below],
                fixes: context.fixes { [ManifestFix("add `\(mechanism)` to `\(screen.id)` on Android (\(harden.how(in: context.manifest.app.toolkit(on: .android))))", planner.adding([mechanism], on: .android, to: screen.protect, at: screen.location.path, screen: nil))] },
                detail: screen.id)
        }
    }
}

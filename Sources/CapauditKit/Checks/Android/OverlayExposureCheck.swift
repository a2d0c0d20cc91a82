/// AND008 (preview): on Android, a screen with a credential input or a high-risk action that
/// another app's overlay can cover. Case `hide`: neither the screen nor `capture.protect` has
/// `hide-overlay-windows` (a dialog never inherits it). Case `legacy`: below API 31, where that
/// call does not exist, an input or action named lacks `filter-obscured-touches` (its own
/// `protect`, the screen's or `capture.protect`). One finding per screen: `hide` when the overlay
/// mechanism is missing (naming the elements `legacy` would name too), else `legacy`.
struct OverlayExposureCheck: Check {
    static let name = "overlay-exposure"

    static let parameters = [
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("touch-filter", .name(.mechanism), required: true),
        ParameterSpec("input-categories", .list(.name(.category)), required: true),
        ParameterSpec("action-risks", .list(.name(.values(of: Risk.self, noun: "risk"))), required: true),
    ]

    let mechanism: String
    /// The per-view mechanism that discards obscured touches, needed where `mechanism` does not exist.
    let touchFilter: String
    let inputCategories: Set<String>
    let actionRisks: Set<String>

    init(parameters: CheckParameters) {
        mechanism = parameters.string("mechanism") ?? ""
        touchFilter = parameters.string("touch-filter") ?? ""
        inputCategories = Set(parameters.strings("input-categories"))
        actionRisks = Set(parameters.strings("action-risks"))
    }

    /// What an action of `risk` on the screen would need so that the rule leaves it alone, whatever
    /// its opt-out (the chains of CAP014 and CAP007): the overlay mechanism on the screen (with its
    /// permission), and below its API level the touch filter on the action's own control.
    func needs(forActionOf risk: Risk, on screen: Screen, _ context: EvaluationContext) -> (screen: [String], action: [String]) {
        guard let android = context.manifest.app.android, actionRisks.contains(risk.rawValue), !screen.isHosted, screen.appears(on: .android),
            let harden = context.taxonomy.mechanism(mechanism, on: .android)
        else { return ([], []) }
        let belowHarden = harden.minVersion.map { OSVersion(apiLevel: android.minSDK) < $0 } ?? false
        let hide = context.windowHas(mechanism, screen: screen, on: .android, inheriting: false) ? [] : [mechanism]
        let filter = belowHarden && !context.windowHas(touchFilter, screen: screen, on: .android, inheriting: false) ? [touchFilter] : []
        return (hide, filter)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, let harden = context.taxonomy.mechanism(mechanism, on: .android) else { return [] }
        let planner = FixPlanner(context: context)
        let belowHarden = harden.minVersion.map { OSVersion(apiLevel: android.minSDK) < $0 } ?? false
        return context.manifest.screens.compactMap { screen in
            guard !OptOutCheck.exempts(screen), !screen.isHosted, screen.appears(on: .android) else { return nil }
            let inputs = screen.fields.filter { field in
                !field.isOutsideAppWindow && field.input != .none
                    && inputCategories.contains(context.taxonomy.dataKind(named: field.kind)?.category ?? "")
            }
            let actions = screen.actions.filter { actionRisks.contains($0.risk.rawValue) }
            guard !inputs.isEmpty || !actions.isEmpty else { return nil }
            let hidden = context.windowHas(mechanism, screen: screen, on: .android, inheriting: false)
            let filtered = context.windowHas(touchFilter, screen: screen, on: .android, inheriting: false)
            let unfilteredInputs = belowHarden && !filtered ? inputs.filter { !AccessibilityExposureCheck.has(touchFilter, in: $0.protect) } : []
            let unfilteredActions = belowHarden && !filtered ? actions.filter { !AccessibilityExposureCheck.has(touchFilter, in: $0.protect) } : []
            guard !hidden || !unfilteredInputs.isEmpty || !unfilteredActions.isEmpty else { return nil }
            let caseName = hidden ? "legacy" : "hide"
            let named = hidden
                ? unfilteredInputs.map { "the input `\($0.id)`" } + unfilteredActions.map { "the \($0.risk.rawValue)-risk action `\($0.id)`" }
                : inputs.map { "the input `\($0.id)`" } + actions.map { "the \($0.risk.rawValue)-risk action `\($0.id)`" }
            let legacy = unfilteredInputs.map(\.id) + unfilteredActions.map(\.id)
            let below = belowHarden && !legacy.isEmpty && !hidden
                ? "; below \(Platform.android.versionName(harden.minVersion ?? OSVersion(apiLevel: android.minSDK))) (the app supports API \(android.minSDK)) only `\(touchFilter)` on \(Phrases.code(legacy)) discards the covered touches"
                : ""
            let toolkit = context.manifest.app.toolkit(on: .android)
            return Emission(
                caseName: caseName, location: screen.location, platform: .android,
                arguments: ["screen": screen.id, "what": Phrases.list(named), "mechanism": mechanism, "filter": touchFilter, "below": below],
                fixes: context.fixes {
                    var edits: [ManifestEdit] = hidden ? [] : planner.adding([mechanism], on: .android, to: screen.protect, at: screen.location.path, screen: nil)
                    for field in unfilteredInputs { edits.append(planner.addProtect([touchFilter], on: .android, to: field.protect, at: field.location.path)) }
                    for action in unfilteredActions { edits.append(planner.addProtect([touchFilter], on: .android, to: action.protect, at: action.location.path)) }
                    var calls = hidden ? [] : ["`\(mechanism)` on `\(screen.id)` (\(harden.how(in: toolkit)))"]
                    if !legacy.isEmpty, let filter = context.taxonomy.mechanism(touchFilter, on: .android) {
                        calls.append("`\(touchFilter)` on \(Phrases.code(legacy)) (\(filter.how(in: toolkit)))")
                    }
                    return [ManifestFix("keep other apps' overlays off `\(screen.id)` with \(Phrases.list(calls))", planner.merged(edits))]
                },
                detail: screen.id)
        }
    }
}

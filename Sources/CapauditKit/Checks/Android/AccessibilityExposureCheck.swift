/// AND007 (preview): on Android, a screen shows or takes a credential (or, under a profile that
/// says so, a card number or security code shown in full), or has an action of high risk, and
/// that element lacks the accessibility-tools-only mark in its own `protect`, its screen's or
/// `capture.protect` (never a parent's: the attribute is per view): any accessibility service,
/// including remote-control malware that FLAG_SECURE does not stop, reads the text and can press
/// the control. One finding per screen, naming the fields and actions.
struct AccessibilityExposureCheck: Check {
    static let name = "accessibility-exposure"

    static let parameters = [
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("categories", .list(.name(.category)), required: true),
        ParameterSpec("by-profile", .map(.profile, .list(.name(.dataKind)))),
        ParameterSpec("action-risks", .list(.name(.values(of: Risk.self, noun: "risk")))),
    ]

    let mechanism: String
    let categories: Set<String>
    /// Kinds shown in full that count too under a profile (or one that extends it).
    let kindsByProfile: [String: Set<String>]
    /// Risks of the actions whose controls count (an action's `risk`, or its kind's default).
    let actionRisks: Set<String>

    init(parameters: CheckParameters) {
        mechanism = parameters.string("mechanism") ?? ""
        categories = Set(parameters.strings("categories"))
        var kinds: [String: Set<String>] = [:]
        for pair in parameters["by-profile"]?.mapping ?? [] {
            guard let profile = pair.key.scalar?.value else { continue }
            kinds[profile] = Set((pair.value.sequence ?? []).compactMap { $0.scalar?.value })
        }
        kindsByProfile = kinds
        actionRisks = Set(parameters.strings("action-risks"))
    }

    func exposes(_ field: Field, _ context: EvaluationContext) -> Bool {
        guard !field.isOutsideAppWindow else { return false }
        let category = context.taxonomy.dataKind(named: field.kind)?.category
        if let category, categories.contains(category), field.isShownInFull || field.input != .none { return true }
        let profileKinds = context.profile.lineage.reduce(Set<String>()) { $0.union(kindsByProfile[$1] ?? []) }
        return profileKinds.contains(field.kind) && field.isShownInFull
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, let harden = context.taxonomy.mechanism(mechanism, on: .android) else { return [] }
        let planner = FixPlanner(context: context)
        return context.manifest.screens.compactMap { screen in
            guard !OptOutCheck.exempts(screen), !screen.isHosted, screen.appears(on: .android),
                !context.windowHas(mechanism, screen: screen, on: .android, inheriting: false)
            else { return nil }
            let fields = screen.fields.filter { exposes($0, context) && !Self.has(mechanism, in: $0.protect) }
            let actions = screen.actions.filter { actionRisks.contains($0.risk.rawValue) && !Self.has(mechanism, in: $0.protect) }
            guard !fields.isEmpty || !actions.isEmpty else { return nil }
            let level = harden.minVersion.flatMap { OSVersion(apiLevel: android.minSDK) < $0 ? $0 : nil }
            let below = level.map { "; below \(Platform.android.versionName($0)) (the app supports API \(android.minSDK)) Android offers nothing for this" } ?? ""
            let call = harden.how(in: context.manifest.app.toolkit(on: .android))
            let named = fields.map { "the field `\($0.id)`" } + actions.map { "the \($0.risk.rawValue)-risk action `\($0.id)`" }
            return Emission(
                location: screen.location, platform: .android,
                arguments: ["screen": screen.id, "fields": Phrases.list(named), "mechanism": mechanism, "below": below],
                fixes: context.fixes {
                    // Controls alone are marked one by one: a screen-level mark on a screen without a
                    // sensitive field is a blanket protection (CAP006).
                    guard fields.isEmpty else {
                        return [ManifestFix("add `\(mechanism)` to `\(screen.id)` on Android (\(call))", planner.adding([mechanism], on: .android, to: screen.protect, at: screen.location.path, screen: nil))]
                    }
                    let edits = actions.map { planner.addProtect([mechanism], on: .android, to: $0.protect, at: $0.location.path) }
                    return [ManifestFix("add `\(mechanism)` to \(Phrases.code(actions.map(\.id))) on Android (\(call))", planner.merged(edits))]
                },
                detail: screen.id)
        }
    }

    /// What an action of `risk` on the screen would need on its own control so that the rule leaves
    /// it alone, whatever its opt-out: the mechanism, unless the screen or `capture.protect` has it
    /// (the chains of CAP014, which makes an action riskier, and CAP007, which drops an opt-out).
    func mechanisms(forActionOf risk: Risk, on screen: Screen, _ context: EvaluationContext) -> [String] {
        guard context.manifest.app.android != nil, actionRisks.contains(risk.rawValue), !screen.isHosted, screen.appears(on: .android),
            !context.windowHas(mechanism, screen: screen, on: .android, inheriting: false)
        else { return [] }
        return [mechanism]
    }

    /// Whether an element's own `protect` has the mechanism on Android.
    static func has(_ mechanism: String, in protect: [MechanismUse]) -> Bool {
        protect.contains { $0.name == mechanism && $0.applies(on: .android) }
    }
}

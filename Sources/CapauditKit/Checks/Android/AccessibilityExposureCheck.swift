/// AND007 (preview): on Android, a screen shows or takes a credential (or, under a profile that
/// says so, a card number or security code shown in full) and neither the field, the screen nor
/// `capture.protect` marks it for accessibility tools only: any accessibility service, including
/// remote-control malware that FLAG_SECURE does not stop, reads the text. One finding per screen.
struct AccessibilityExposureCheck: Check {
    static let name = "accessibility-exposure"

    static let parameters = [
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("categories", .list(.name(.category)), required: true),
        ParameterSpec("by-profile", .map(.profile, .list(.name(.dataKind)))),
    ]

    let mechanism: String
    let categories: Set<String>
    /// Kinds shown in full that count too under a profile (or one that extends it).
    let kindsByProfile: [String: Set<String>]

    init(parameters: CheckParameters) {
        mechanism = parameters.string("mechanism") ?? ""
        categories = Set(parameters.strings("categories"))
        var kinds: [String: Set<String>] = [:]
        for pair in parameters["by-profile"]?.mapping ?? [] {
            guard let profile = pair.key.scalar?.value else { continue }
            kinds[profile] = Set((pair.value.sequence ?? []).compactMap { $0.scalar?.value })
        }
        kindsByProfile = kinds
    }

    func exposes(_ field: Field, _ context: EvaluationContext) -> Bool {
        guard !field.isOutsideAppWindow else { return false }
        let category = context.taxonomy.dataKind(named: field.kind)?.category
        if let category, categories.contains(category), field.showsFullValue || field.input != .none { return true }
        let profileKinds = context.profile.lineage.reduce(Set<String>()) { $0.union(kindsByProfile[$1] ?? []) }
        return profileKinds.contains(field.kind) && field.showsFullValue
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, let harden = context.taxonomy.mechanism(mechanism, on: .android) else { return [] }
        let planner = FixPlanner(context: context)
        return context.manifest.screens.compactMap { screen in
            guard !OptOutCheck.exempts(screen), !context.windowHas(mechanism, screen: screen, on: .android, inheriting: false) else { return nil }
            let exposed = screen.fields.filter { field in
                exposes(field, context) && !field.protect.contains { $0.name == mechanism && $0.applies(on: .android) }
            }
            guard !exposed.isEmpty else { return nil }
            let level = harden.minVersion.flatMap { OSVersion(apiLevel: android.minSDK) < $0 ? $0 : nil }
            let below = level.map { "; below \(Platform.android.versionName($0)) (the app supports API \(android.minSDK)) Android offers nothing for this" } ?? ""
            let call = harden.how(in: context.manifest.app.toolkit(on: .android))
            return Emission(
                location: screen.location, platform: .android,
                arguments: ["screen": screen.id, "fields": Phrases.code(exposed.map(\.id)), "mechanism": mechanism, "below": below],
                fixes: context.fixes { [ManifestFix("add `\(mechanism)` to `\(screen.id)` on Android (\(call))", planner.adding([mechanism], on: .android, to: screen.protect, at: screen.location.path, screen: nil))] },
                detail: screen.id)
        }
    }
}

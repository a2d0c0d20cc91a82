import YAML

/// AND011 (preview): on Android, a screen shows a credential (shown in full, revealed or typed) or,
/// under a profile that names them, other kinds or categories shown in full, to the system's
/// readers of a window's content. Case `assist`: the window is not window-protected and the field
/// is not a secure input, so an assistant the person invokes gets the views' text and a
/// screenshot. Case `content-capture`: neither the field, its screen nor `capture.protect`
/// excludes it from Content Capture (per view: a dialog inherits nothing). One finding per screen
/// and case, at the screen.
struct AssistantExposureCheck: Check {
    static let name = "assistant-exposure"

    static let parameters = [
        ParameterSpec("window-protection", .name(.mechanism), required: true),
        ParameterSpec("exclusion", .name(.mechanism), required: true),
        ParameterSpec("categories", .list(.name(.category)), required: true),
        ParameterSpec("kinds-by-profile", .map(.profile, .list(.name(.dataKind)))),
        ParameterSpec("categories-by-profile", .map(.profile, .list(.name(.category)))),
    ]

    let windowProtection: String
    let exclusion: String
    /// Categories that count shown in full, revealed or typed.
    let categories: Set<String>
    /// Kinds and categories that count shown in full or revealed under a profile (or one that extends it).
    let kindsByProfile: [String: Set<String>]
    let categoriesByProfile: [String: Set<String>]

    init(parameters: CheckParameters) {
        windowProtection = parameters.string("window-protection") ?? ""
        exclusion = parameters.string("exclusion") ?? ""
        categories = Set(parameters.strings("categories"))
        kindsByProfile = Self.namesByProfile(parameters["kinds-by-profile"])
        categoriesByProfile = Self.namesByProfile(parameters["categories-by-profile"])
    }

    static func namesByProfile(_ node: YAMLNode?) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        for pair in node?.mapping ?? [] {
            guard let profile = pair.key.scalar?.value else { continue }
            names[profile] = Set((pair.value.sequence ?? []).compactMap { $0.scalar?.value })
        }
        return names
    }

    func exposes(_ field: Field, _ context: EvaluationContext) -> Bool {
        let category = context.taxonomy.dataKind(named: field.kind)?.category ?? ""
        if categories.contains(category), field.isShownInFull || field.input != .none { return true }
        let lineage = context.profile.lineage
        let kinds = lineage.reduce(Set<String>()) { $0.union(kindsByProfile[$1] ?? []) }
        let profileCategories = lineage.reduce(Set<String>()) { $0.union(categoriesByProfile[$1] ?? []) }
        return (kinds.contains(field.kind) || profileCategories.contains(category)) && field.isShownInFull
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, let excluding = context.taxonomy.mechanism(exclusion, on: .android),
            context.taxonomy.mechanism(windowProtection, on: .android) != nil
        else { return [] }
        let planner = FixPlanner(context: context)
        let toolkit = context.manifest.app.toolkit(on: .android)
        var emissions: [Emission] = []
        for screen in context.manifest.screens where screen.appears(on: .android) && !screen.isHosted && !OptOutCheck.exempts(screen) {
            let exposed = screen.fields.filter { !context.isOutsideAppWindow($0, on: screen) && exposes($0, context) }
            let readByAssist = context.isWindowProtected(screen) ? [] : exposed.filter { $0.input != .secure }
            if !readByAssist.isEmpty {
                emissions.append(Emission(
                    caseName: "assist", location: screen.location, platform: .android,
                    arguments: ["screen": screen.id, "fields": Phrases.code(readByAssist.map(\.id)), "mechanism": windowProtection, "below": ""],
                    fixes: context.fixes { [ManifestFix(
                        "add `\(windowProtection)` to `\(screen.id)` on Android",
                        planner.adding([windowProtection], on: .android, to: screen.protect, at: screen.location.path, screen: screen))] },
                    detail: "\(screen.id)/assist"))
            }
            let screenExcluded = context.windowHas(exclusion, screen: screen, on: .android, inheriting: false)
            let captured = screenExcluded ? [] : exposed.filter { !$0.protect.contains { $0.name == exclusion && $0.applies(on: .android) } }
            guard !captured.isEmpty else { continue }
            let below = excluding.minVersion.flatMap { OSVersion(apiLevel: android.minSDK) < $0 ? $0 : nil }.map {
                "; `importantForContentCapture` needs \(Platform.android.versionName($0)), and the app supports API \(android.minSDK)"
            } ?? ""
            emissions.append(Emission(
                caseName: "content-capture", location: screen.location, platform: .android,
                arguments: ["screen": screen.id, "fields": Phrases.code(captured.map(\.id)), "mechanism": exclusion, "below": below],
                fixes: context.fixes { [ManifestFix(
                    "add `\(exclusion)` to `\(screen.id)` on Android (\(excluding.how(in: toolkit)))",
                    planner.adding([exclusion], on: .android, to: screen.protect, at: screen.location.path, screen: nil))] },
                detail: "\(screen.id)/content-capture"))
        }
        return emissions
    }
}

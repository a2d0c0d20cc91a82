/// IOS005 (preview): on iOS the app has a plain input of a sensitive kind in one of the named
/// categories, and `capture.protect` lacks the mechanism that refuses custom keyboards: a
/// keyboard the person installed receives every key typed into it. One finding per app, at
/// `app.platforms.ios`, naming the fields.
struct ThirdPartyKeyboardCheck: Check {
    static let name = "third-party-keyboard"

    static let parameters = [
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("categories", .list(.name(.category)), required: true),
    ]

    let mechanism: String
    let categories: Set<String>

    init(parameters: CheckParameters) {
        mechanism = parameters.string("mechanism") ?? ""
        categories = Set(parameters.strings("categories"))
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        let manifest = context.manifest
        guard let platform = manifest.app.location(of: .ios), context.taxonomy.mechanism(mechanism, on: .ios) != nil,
            !manifest.capture.protect.contains(where: { $0.name == mechanism && $0.applies(on: .ios) })
        else { return [] }
        var fields: [String] = []
        for screen in manifest.screens where screen.appears(on: .ios) {
            for field in screen.fields where field.input == .plain && !context.isOutsideAppWindow(field, on: screen) {
                guard context.isSensitive(field.kind), categories.contains(context.taxonomy.dataKind(named: field.kind)?.category ?? "") else { continue }
                fields.append("`\(screen.id).\(field.id)`")
            }
        }
        guard !fields.isEmpty else { return [] }
        let planner = FixPlanner(context: context)
        let call = context.taxonomy.mechanism(mechanism, on: .ios)?.how(in: manifest.app.toolkit(on: .ios)) ?? ""
        return [Emission(
            location: platform, platform: .ios, arguments: ["fields": Phrases.list(fields), "mechanism": mechanism],
            fixes: context.fixes { [ManifestFix(
                "refuse custom keyboards app-wide (\(call))",
                planner.adding([mechanism], on: .ios, to: manifest.capture.protect, at: "capture", screen: nil))] })]
    }
}

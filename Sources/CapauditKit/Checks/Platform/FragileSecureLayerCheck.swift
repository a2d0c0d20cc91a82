/// IOS002: `secure-layer` is a field's only iOS screenshot protection while the value is shown
/// in full. A field in a notification is outside the app's window (no requirement, no finding).
struct FragileSecureLayerCheck: Check {
    static let name = "fragile-secure-layer"
    static let mechanism = "secure-layer"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let screenshot = context.taxonomy.threat(named: "screenshot")?.bit else { return [] }
        return context.coverage.compactMap { coverage in
            guard coverage.platform == .ios, coverage.field.showsFullValue, !OptOutCheck.exempts(coverage.screen),
                coverage.requirement?.required.contains(screenshot) == true
            else { return nil }
            let screenshotCover = coverage.mechanisms.filter { $0.covers.contains(screenshot) }
            guard screenshotCover.count == 1, screenshotCover.first?.id == Self.mechanism else { return nil }
            let field = coverage.field
            var edits: [ManifestEdit] = []
            if field.display == .full { edits.append(.set("display", to: .name(Display.masked.rawValue), at: field.location.path)) }
            if field.reveal == .tap { edits.append(.set("reveal", to: .name(Reveal.none.rawValue), at: field.location.path)) }
            return Emission(
                location: field.location, platform: .ios, arguments: ["field": field.id, "kind": field.kind],
                fixes: context.fixes { [ManifestFix(
                    "show `\(field.id)` masked, keeping `secure-layer` as a second line (a secret the person must copy once is shown in full once, when it is created)",
                    edits)] })
        }
    }
}

/// IOS002: `secure-layer` is a field's only iOS screenshot protection while the value is shown in full.
struct FragileSecureLayerCheck: Check {
    static let name = "fragile-secure-layer"
    static let mechanism = "secure-layer"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let screenshot = context.taxonomy.threat(named: "screenshot")?.bit else { return [] }
        return context.coverage.compactMap { coverage in
            guard coverage.platform == .ios, coverage.field.showsFullValue, coverage.screen.optOut?.hasReason != true,
                coverage.requirement?.required.contains(screenshot) == true
            else { return nil }
            let screenshotCover = coverage.mechanisms.filter { $0.covers.contains(screenshot) }
            guard screenshotCover.count == 1, screenshotCover.first?.id == Self.mechanism else { return nil }
            return Emission(
                location: coverage.field.location, platform: .ios, arguments: ["field": coverage.field.id, "kind": coverage.field.kind],
                fix: "show the value masked (`display: masked`), so that a screenshot never holds it in full, and keep `secure-layer` as a second line")
        }
    }
}

/// IOS002: `secure-layer` is a field's only iOS screenshot protection while the value is shown
/// in full (`display: full`, `reveal: tap`, or a plain input whatever its display). A field
/// outside the app's window has no requirement (EvaluationContext.coverage), so no finding.
struct FragileSecureLayerCheck: Check {
    static let name = "fragile-secure-layer"
    static let mechanism = "secure-layer"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let screenshot = context.taxonomy.threat(named: "screenshot")?.bit else { return [] }
        return context.coverage.compactMap { coverage in
            guard coverage.platform == .ios, coverage.field.isShownInFull, !OptOutCheck.exempts(coverage.screen),
                coverage.requirement?.required.contains(screenshot) == true
            else { return nil }
            let screenshotCover = coverage.mechanisms.filter { $0.covers.contains(screenshot) }
            guard screenshotCover.count == 1, screenshotCover.first?.id == Self.mechanism else { return nil }
            let field = coverage.field
            let masked = SmallestFix(coverage: coverage, context: context).maskedFix(context)
            return Emission(
                location: field.location, platform: .ios, arguments: ["field": field.id, "kind": field.kind],
                fixes: context.fixes { [ManifestFix(
                    "\(masked.message), keeping `secure-layer` as a second line (a secret the person must copy once is shown in full once, when it is created)",
                    masked.edits)] })
        }
    }
}

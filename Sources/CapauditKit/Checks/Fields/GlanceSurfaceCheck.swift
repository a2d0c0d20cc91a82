/// CAP016 (preview): a widget field of a sensitive kind is shown in full. A widget is drawn by the
/// system from the app's data, outside the app's window: no capture mechanism reaches it, and where
/// the system shows it on the lock screen, in StandBy or on a watch, anyone near reads it. The
/// main case (`full`, at the kind's highest matrix severity) holds on Android, on iOS without the
/// redaction mechanism, and for the named categories anywhere; `unlocked` is the redacted iOS
/// value, which the unlocked home screen still shows. One finding per field and platform.
struct GlanceSurfaceCheck: Check {
    static let name = "glance-surface"

    static let parameters = [
        ParameterSpec("redaction", .name(.mechanism), required: true),
        ParameterSpec("never-glanceable", .list(.name(.category)), required: true),
    ]

    let redaction: String
    /// Categories that no redaction makes acceptable on a widget.
    let neverGlanceable: Set<String>

    init(parameters: CheckParameters) {
        redaction = parameters.string("redaction") ?? ""
        neverGlanceable = Set(parameters.strings("never-glanceable"))
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !screen.isHosted && !OptOutCheck.exempts(screen) {
            for field in screen.fields where field.context == .widget && field.showsFullValue {
                guard let severity = context.profile.coverage[field.kind]?.severities.map(\.severity).max() else { continue }
                let category = context.taxonomy.dataKind(named: field.kind)?.category ?? ""
                for platform in context.manifest.app.platforms where screen.appears(on: platform) {
                    let redacted = platform == .ios && !neverGlanceable.contains(category)
                        && context.effectiveMechanisms(field: field, screen: screen, platform: platform).contains { $0.id == redaction }
                    emissions.append(emission(field, platform: platform, severity: redacted ? nil : severity, category: category, context))
                }
            }
        }
        return emissions
    }

    /// The `full` finding at `severity`, or with none the `unlocked` one.
    private func emission(_ field: Field, platform: Platform, severity: Severity?, category: String, _ context: EvaluationContext) -> Emission {
        var edits: [ManifestEdit] = []
        if field.display == .full { edits.append(.set("display", to: .name(Display.masked.rawValue), at: field.location.path)) }
        if field.reveal == .tap { edits.append(.set("reveal", to: .name(Reveal.none.rawValue), at: field.location.path)) }
        var fixes = [ManifestFix("show `\(field.id)` masked on the widget (a count or a placeholder)", edits)]
        let why: String
        if severity == nil {
            fixes.append(.suppressing(
                "CAP016", reason: "the value stays glanceable on the unlocked home screen by decision", at: field.location.path,
                message: "record that decision in a suppression"))
            why = ""
        } else if neverGlanceable.contains(category) {
            why = "; a \(category) value is never glanceable, redacted or not"
        } else if platform == .android {
            why = "; Android app widgets have no redaction"
        } else {
            why = "; without `\(redaction)` nothing redacts it on the lock screen, in StandBy or on the Always-On display"
        }
        return Emission(
            caseName: severity == nil ? "unlocked" : nil, severity: severity, location: field.location, platform: platform,
            arguments: ["field": field.id, "kind": field.kind, "platform": platform.displayName, "mechanism": redaction, "why": why],
            fixes: context.fixes { fixes })
    }
}

/// CAP009: a screenshot or session-replay SDK captures a screen that shows a sensitive field
/// in full (a plain input whatever its display), and does not mask that field's kind itself. A
/// field outside the app's window (a notification, a widget, a hosted screen) is drawn where the
/// SDK never sees it.
struct CapturingSDKCheck: Check {
    static let name = "capturing-sdk"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for sdk in context.manifest.app.sdks {
            for screen in context.manifest.screens where sdk.screens?.contains(screen.id) ?? true {
                for field in screen.fields
                where field.isShownInFull && !context.isOutsideAppWindow(field, on: screen) && context.isSensitive(field.kind) && !sdk.masks.contains(field.kind) {
                    emissions.append(Emission(
                        location: field.location,
                        arguments: ["sdk": sdk.name, "field": field.id, "kind": field.kind, "screen": screen.id, "captures": sdk.captures.rawValue],
                        fixes: context.fixes { [ManifestFix(
                            "add `\(field.kind)` to the masks of `\(sdk.name)` (once its redaction API masks that view)",
                            [.append(.name(field.kind), to: "masks", at: sdk.location.path)])] },
                        detail: sdk.name))
                }
            }
        }
        return emissions
    }
}

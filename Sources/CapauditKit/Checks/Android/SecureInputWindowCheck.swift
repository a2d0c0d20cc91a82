/// AND009 (preview): on Android below API 35, a credential typed in a secure input stands on a
/// window without `flag-secure` (field, screen, `capture.protect`, or the parent of a dialog whose
/// toolkit inherits the flag; the device policy's `managed-capture-disabled` counts the same):
/// Android 14 and older show the last typed character for a moment and the keyboard previews
/// each key, and a recording or a remote viewer sees both. From API 35 the system keeps a window
/// with a password input out of full-screen sharing.
struct SecureInputWindowCheck: Check {
    static let name = "secure-input-window"

    static let parameters = [
        ParameterSpec("window-protection", .list(.name(.mechanism)), required: true),
        ParameterSpec("categories", .list(.name(.category)), required: true),
        ParameterSpec("protected-from-sdk", .integer, required: true),
    ]

    /// Mechanisms that secure the window; the first is the one the fix adds.
    let windowProtections: [String]
    let categories: Set<String>
    /// The API level from which the system keeps a password window out of full-screen sharing.
    let protectedFromSDK: Int

    init(parameters: CheckParameters) {
        windowProtections = parameters.strings("window-protection")
        categories = Set(parameters.strings("categories"))
        protectedFromSDK = parameters.integer("protected-from-sdk") ?? 0
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, android.minSDK < protectedFromSDK,
            let windowProtection = windowProtections.first, context.taxonomy.mechanism(windowProtection, on: .android) != nil
        else { return [] }
        let planner = FixPlanner(context: context)
        let range = "API \(android.minSDK)–\(protectedFromSDK - 1)"
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !OptOutCheck.exempts(screen) && !screen.isHosted && screen.appears(on: .android) {
            guard !context.isWindowProtected(screen) else { continue }
            for field in screen.fields where field.input == .secure && !field.isOutsideAppWindow {
                guard categories.contains(context.taxonomy.dataKind(named: field.kind)?.category ?? ""),
                    !windowProtections.contains(where: { AccessibilityExposureCheck.has($0, in: field.protect) })
                else { continue }
                let call = context.taxonomy.mechanism(windowProtection, on: .android)?.how(in: context.manifest.app.toolkit(on: .android)) ?? ""
                emissions.append(Emission(
                    location: field.location, platform: .android,
                    arguments: ["field": field.id, "kind": field.kind, "mechanism": windowProtection, "range": range],
                    fixes: context.fixes { [ManifestFix(
                        "add `\(windowProtection)` to `\(screen.id)` on Android (\(call))",
                        planner.adding([windowProtection], on: .android, to: screen.protect, at: screen.location.path, screen: nil))] }))
            }
        }
        return emissions
    }
}

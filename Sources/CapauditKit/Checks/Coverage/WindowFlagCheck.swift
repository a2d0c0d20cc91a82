/// AND005: a dialog, sheet or popup over a screen with `flag-secure` lacks the flag itself,
/// so a field that needs coverage is exposed on Android. Fires instead of CAP001.
struct WindowFlagCheck: Check {
    static let name = "window-flag"

    init(parameters: CheckParameters) {}

    static func isWindowWithoutFlag(_ coverage: FieldCoverage, _ context: EvaluationContext) -> Bool {
        guard coverage.platform == .android, coverage.screen.window != .screen, !coverage.missing.isEmpty,
            let parentID = coverage.screen.parent, let parent = context.screen(parentID)
        else { return false }
        let parentHasFlag = parent.protect.contains { $0.name == "flag-secure" && $0.applies(on: .android) }
        let ownHasFlag = coverage.mechanisms.contains { $0.id == "flag-secure" }
        return parentHasFlag && !ownHasFlag
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        context.coverage.filter { Self.isWindowWithoutFlag($0, context) && $0.screen.optOut?.hasReason != true }.map { coverage in
            Emission(
                location: coverage.field.location, platform: .android, missing: context.taxonomy.names(of: coverage.missing),
                arguments: [
                    "field": coverage.field.id, "screen": coverage.screen.id, "window": coverage.screen.window.rawValue,
                    "parent": coverage.screen.parent ?? "", "missing": Phrases.list(context.taxonomy.names(of: coverage.missing)),
                ],
                fix: "add `flag-secure` to the \(coverage.screen.window.rawValue)'s own screen-level `protect`: `protect: {android: [flag-secure]}` (in Compose, `SecureFlagPolicy.SecureOn` on the dialog's properties)")
        }
    }
}

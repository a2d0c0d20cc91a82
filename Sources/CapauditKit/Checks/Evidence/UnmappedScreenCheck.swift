/// EVD006: a screen with a field of a sensitive kind or a high-risk action names no `code` for a
/// shipped platform it appears on whose source the run has, so its claims there go unchecked. A hosted screen
/// (`host` other than `app`) is skipped: the app's code does not draw it.
struct UnmappedScreenCheck: Check {
    static let name = "unmapped-screen"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !screen.isHosted {
            let reason: String
            if let field = screen.fields.first(where: { context.isSensitive($0.kind) }) {
                reason = "`\(field.id)` (\(field.kind))"
            } else if let action = screen.actions.first(where: { $0.risk == .high }) {
                reason = "the high-risk action `\(action.id)`"
            } else {
                continue
            }
            for (platform, code) in context.platformsWithCode where screen.appears(on: platform) && screen.code(on: platform).isEmpty {
                emissions.append(Emission(
                    location: screen.idLocation, platform: platform,
                    arguments: ["screen": screen.id, "reason": reason, "platform": platform.displayName, "folder": code.rootNames],
                    fix: "add `code: {\(platform.rawValue): [TheScreensType]}` naming the \(platform == .android ? "activity or fragment" : "view controller or SwiftUI view") that shows it",
                    detail: platform.rawValue))
            }
        }
        return emissions
    }
}

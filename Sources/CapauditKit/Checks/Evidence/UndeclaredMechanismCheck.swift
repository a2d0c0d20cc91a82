import SourceScan

/// EVD004: a screen's code applies a mechanism that neither the screen, its fields nor
/// `capture` lists: the manifest is incomplete. A pattern that also shows a listed mechanism
/// (`isCaptured` for `redact-on-capture` and `screen-captured-flag`) is not counted twice.
struct UndeclaredMechanismCheck: Check {
    static let name = "undeclared-mechanism"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (platform, code) in context.platformsWithCode {
            for screen in context.manifest.screens {
                guard let search = context.codeSearch(screen, on: platform), let codeLocation = screen.codeLocation else { continue }
                let mechanisms = context.taxonomy.mechanisms.filter { $0.platform == platform }
                let listed = mechanisms.filter { context.lists($0.id, for: screen, on: platform) }
                let explained = Set(listed.flatMap { search.occurrences(of: code.patterns.sets($0.id)) }.map(\.location))
                for mechanism in mechanisms where !context.lists(mechanism.id, for: screen, on: platform) {
                    let found = search.occurrences(of: code.patterns.sets(mechanism.id))
                    guard let first = found.first, found.contains(where: { !explained.contains($0.location) }) else { continue }
                    emissions.append(Emission(
                        location: codeLocation, platform: platform,
                        arguments: [
                            "screen": screen.id, "mechanism": mechanism.id, "platform": platform.displayName,
                            "pattern": code.patterns.text(first.pattern),
                            "place": "\(code.folder.displayPath(first.location.file)):\(first.location.line)",
                        ],
                        fix: "add `\(mechanism.id)` to the screen's `protect` (or to `capture.\(mechanism.role == .detect ? "detect" : "protect")` if it is app-wide), so that the manifest says what the code does",
                        detail: mechanism.id,
                        related: found.map { code.related($0.location, "applies \(mechanism.id): `\(code.patterns.text($0.pattern))`") }))
                }
            }
        }
        return emissions
    }
}

/// EVD005: a screen's `code` entry names no declared type and no file of that platform's source.
/// A near name is suggested for the first `suggestedEntries` unknown entries of a platform only:
/// each suggestion reads every name of the source, so suggesting for all would be quadratic.
struct CodeReferenceCheck: Check {
    static let name = "code-reference"
    static let suggestedEntries = 16

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (platform, code) in context.platformsWithCode {
            let typeNames = code.index.declarations.map(\.name)
            let paths = code.index.files.map(\.path)
            var suggested = 0
            for screen in context.manifest.screens {
                guard let search = context.codeSearch(screen, on: platform) else { continue }
                for entry in search.unknown {
                    let what: String
                    let known: [String]
                    switch entry.kind {
                    case .type:
                        what = "no type declared in"
                        known = typeNames
                    case .path:
                        what = "no file of"
                        known = paths
                    }
                    suggested += 1
                    let hint = suggested <= Self.suggestedEntries ? NearestName.suggestion(for: entry.name, among: known) : nil
                    emissions.append(Emission(
                        location: entry.location, platform: platform,
                        arguments: ["entry": entry.name, "what": what, "platform": platform.displayName, "folder": code.rootNames],
                        fix: hint.map { "did you mean `\($0)`? Types are matched case-sensitively; paths are relative to \(code.rootNames)" }
                            ?? "name a class, object, struct or enum declared in \(code.rootNames), or a file path relative to \(code.roots.count > 1 ? "one of them" : "it")",
                        detail: entry.name))
                }
            }
        }
        return emissions
    }
}

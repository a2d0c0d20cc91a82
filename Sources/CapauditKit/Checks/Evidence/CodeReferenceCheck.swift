/// EVD005: a screen's `code` entry names no declared type and no file of that platform's source.
struct CodeReferenceCheck: Check {
    static let name = "code-reference"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (platform, code) in context.platformsWithCode {
            for screen in context.manifest.screens {
                guard let search = context.codeSearch(screen, on: platform) else { continue }
                for entry in search.unknown {
                    let what: String
                    let known: [String]
                    switch entry.kind {
                    case .type:
                        what = "no type declared in"
                        known = code.index.declarations.map(\.name)
                    case .path:
                        what = "no file of"
                        known = code.index.files.map(\.path)
                    }
                    let hint = NearestName.suggestion(for: entry.name, among: known)
                    emissions.append(Emission(
                        location: entry.location, platform: platform,
                        arguments: ["entry": entry.name, "what": what, "platform": platform.displayName, "folder": code.folder.path],
                        fix: hint.map { "did you mean `\($0)`? Types are matched case-sensitively; paths are relative to \(code.folder.path)" }
                            ?? "name a class, object, struct or enum declared in \(code.folder.path), or a file path relative to it",
                        detail: entry.name))
                }
            }
        }
        return emissions
    }
}

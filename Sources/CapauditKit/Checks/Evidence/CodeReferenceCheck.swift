/// EVD005: a screen's `code` entry names no declared type and no file of that platform's source,
/// or (case `ambiguous`) names declarations in several files, of which none is searched.
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
                emissions += search.ambiguous.map { Self.ambiguity($0, in: screen, code: code) }
            }
        }
        return emissions
    }

    /// One alternative per candidate, each replacing the entry in its list with the name or path
    /// that names that candidate alone.
    static func ambiguity(_ ambiguous: AmbiguousReference, in screen: Screen, code: PlatformCode) -> Emission {
        let entry = ambiguous.entry
        let entries = screen.code(on: entry.platform)
        let path = entry.location.path
        let (holder, key) = ManifestEdit.split(path.lastIndex(of: "[").map { String(path[..<$0]) } ?? path)
        var seen: Set<String> = []
        let fixes = zip(ambiguous.alternatives(in: code), ambiguous.candidates).filter { seen.insert($0.0).inserted }.map { alternative, candidate in
            let values = entries.map { EditValue.name($0.location.path == path ? alternative : $0.name) }
            return ManifestFix("name the one in \(code.folder.displayPath(candidate.file))", [.set(key, to: .list(values), at: holder)])
        }
        return Emission(
            caseName: "ambiguous", location: entry.location, platform: entry.platform,
            arguments: ["entry": entry.name, "count": String(ambiguous.candidates.count), "platform": entry.platform.displayName, "folder": code.rootNames],
            fixes: fixes, detail: entry.name,
            related: ambiguous.candidates.map { code.related($0, "candidate `\($0.fullName)`") })
    }
}

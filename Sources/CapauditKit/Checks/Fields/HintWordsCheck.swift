/// CAP010: a field without a kind whose id or label holds a hint word of a kind that is
/// sensitive under the profile.
struct HintWordsCheck: Check {
    static let name = "hint-words"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var hints: [String: DataKind] = [:]
        for kind in context.taxonomy.dataKinds where context.isSensitive(kind.id) {
            for hint in kind.hints where hints[hint] == nil { hints[hint] = kind }
        }
        var emissions: [Emission] = []
        for screen in context.manifest.screens {
            for field in screen.fields where field.kind == "text" {
                let words = Self.words(field.id) + Self.words(field.label ?? "")
                guard let hit = words.first(where: { hints[$0] != nil }), let kind = hints[hit] else { continue }
                emissions.append(Emission(
                    location: field.location,
                    arguments: ["field": field.id, "hint": hit, "suggested": kind.id, "title": kind.title],
                    fix: "tag it with its data kind: `kind: \(kind.id)` (or name the field so that it does not suggest one)"))
            }
        }
        return emissions
    }

    /// Lower-case words of an id or label, split on non-letters and at camelCase boundaries.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in text {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

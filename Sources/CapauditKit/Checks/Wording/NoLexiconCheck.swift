/// WRD009: a text in a language without a lexicon was not checked.
struct NoLexiconCheck: Check {
    static let name = "no-lexicon"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        let available = context.policy.languages
        return context.texts.filter { context.policy.lexicon(for: $0.entry.language) == nil }.map { text in
            Emission(
                location: text.entry.location, arguments: ["language": text.entry.language, "available": available.joined(separator: ", ")],
                fix: "add `Rules/wording/\(text.entry.language.lowercased()).yml` in a rule pack to check it, or accept that its wording is not checked")
        }
    }
}

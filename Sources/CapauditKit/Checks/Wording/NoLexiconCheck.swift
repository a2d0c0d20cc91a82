/// WRD009: a text that was not checked: its language has no lexicon, or (case `incomplete`)
/// matching it ran out of its work budget (`WordingBudget`) before the end.
struct NoLexiconCheck: Check {
    static let name = "no-lexicon"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        let available = context.policy.languages
        var emissions: [Emission] = []
        for text in context.texts {
            guard let matches = text.matches else {
                emissions.append(Emission(
                    location: text.entry.location, arguments: ["language": text.entry.language, "available": available.joined(separator: ", ")],
                    fix: "add `Rules/wording/\(text.entry.language.lowercased()).yml` in a rule pack to check it, or accept that its wording is not checked"))
                continue
            }
            guard !matches.isComplete else { continue }
            emissions.append(Emission(
                caseName: "incomplete", location: text.entry.location, arguments: ["steps": String(matches.steps), "language": text.entry.language],
                fix: "shorten the text, or simplify the rule pack's lexicon entries (fewer entries sharing a first word, shorter `except` phrases, smaller `gap`)",
                detail: "incomplete"))
        }
        return emissions
    }
}

/// WRD001, WRD004, WRD008: words or phrases of one of the lexicon's lists (alarm, blame,
/// scolding) in the texts the rule reads; each finding suggests the entry's neutral wording.
struct LexiconCheck: Check {
    static let name = "lexicon"

    let list: String
    let selection: TextSelection?

    static let parameters = [
        ParameterSpec("list", .name(.fixed(noun: "word list", Lexicon.listNames)), required: true),
        TextSelection.parameter,
    ]

    init(parameters: CheckParameters) {
        list = parameters.string("list") ?? ""
        selection = TextSelection(parameters: parameters, default: .personFacing)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let selection else { return [] }
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(selection) {
            let matches = lexicon.list(list).matches(in: text.tokens)
            for (occurrence, match) in matches.enumerated() {
                let suggestion = match.entry.suggestion.isEmpty ? "say calmly what is happening" : match.entry.suggestion
                emissions.append(context.wordingEmission(
                    text, from: match.start, to: match.end, arguments: ["suggestion": suggestion, "entry": match.entry.text],
                    fix: match.entry.suggestion.isEmpty ? nil : "write instead: \(match.entry.suggestion)",
                    detail: "\(match.entry.text)#\(occurrence)"))
            }
        }
        return emissions
    }
}

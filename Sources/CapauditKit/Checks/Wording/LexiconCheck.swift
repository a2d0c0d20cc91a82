/// WRD001, WRD004, WRD008: words or phrases of one of the lexicon's lists (alarm, blame,
/// scolding) in the texts the rule reads; each finding suggests the entry's neutral wording.
struct LexiconCheck: Check {
    static let name = "lexicon"

    let list: String
    let selection: TextSelection?

    init(parameters: CheckParameters) {
        list = parameters.string("list") ?? ""
        if let node = parameters["list"], !Lexicon.listNames.contains(list) {
            parameters.decoder.report("`list` must be one of \(Lexicon.listNames.joined(separator: ", ")), got `\(list)`", at: node, path: "\(parameters.path).list")
        }
        selection = TextSelection(parameters: parameters, default: .personFacing)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let selection else { return [] }
        var emissions: [Emission] = []
        for (text, _) in context.checkedTexts(selection) {
            let matches = text.matches?.list(list) ?? []
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

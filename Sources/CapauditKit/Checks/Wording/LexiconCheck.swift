/// WRD001, WRD004, WRD008: words or phrases of one of the lexicon's lists (alarm, blame,
/// scolding) in the texts the rule reads. An entry's `suggest` is either a true synonym, which
/// replaces the words in place, or a whole sentence (it ends with a full stop), which replaces the
/// text; a capture notice is offered the lexicon's neutral notice, never a word swap that leaves
/// the sentence meaningless.
struct LexiconCheck: Check {
    static let name = "lexicon"

    static let parameters = [
        ParameterSpec("list", .name(.fixed(noun: "word list", Lexicon.listNames)), required: true),
        TextSelection.parameter,
    ]

    let list: String
    let selection: TextSelection?

    init(parameters: CheckParameters) {
        list = parameters.string("list") ?? ""
        selection = TextSelection(parameters: parameters, default: .personFacing)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let selection else { return [] }
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(selection) {
            let matches = text.matches?.list(list) ?? []
            for (occurrence, match) in matches.enumerated() {
                let (suggestion, fixes) = advice(match.entry, text, lexicon, from: match.start, to: match.end, context)
                emissions.append(context.wordingEmission(
                    text, from: match.start, to: match.end, arguments: ["suggestion": suggestion, "entry": match.entry.text],
                    fix: suggestion, fixes: fixes, detail: "\(match.entry.text)#\(occurrence)"))
            }
        }
        return emissions
    }

    private func advice(
        _ entry: LexiconEntry, _ text: PersonFacingText, _ lexicon: Lexicon, from start: Int, to end: Int, _ context: EvaluationContext
    ) -> (String, [Fix]) {
        var fixes: [Fix] = []
        var parts: [String] = []
        let value = text.entry.value
        if entry.suggestsSentence {
            if let notice = context.neutralNotice(text, lexicon) {
                fixes.append(notice)
                parts.append("write the neutral notice instead: \"\(lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice)\"")
            } else {
                fixes.append(Fix("write instead: \"\(entry.suggestion)\"", [EvaluationContext.rewriting(text.entry, to: entry.suggestion)]))
                parts.append("write instead: \"\(entry.suggestion)\"")
            }
            return (Phrases.list(parts), fixes)
        }
        if !entry.suggestion.isEmpty {
            let synonym = Self.matchingCase(entry.suggestion, of: EvaluationContext.slice(value, from: start, to: end))
            let replaced = EvaluationContext.replacing(value, from: start, to: end, with: synonym)
            fixes.append(Fix("say \"\(synonym)\" instead", [EvaluationContext.rewriting(text.entry, to: replaced)]))
            parts.append("say \"\(synonym)\" instead")
        }
        if let notice = context.neutralNotice(text, lexicon) {
            fixes.append(notice)
            parts.append("write the neutral notice: \"\(lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice)\"")
        }
        if parts.isEmpty { parts.append("say calmly what is happening and what the app does, without naming who might be watching") }
        return (parts.joined(separator: ", or "), fixes)
    }

    /// The synonym capitalised like the words it replaces ("Warning:" becomes "Note:").
    static func matchingCase(_ synonym: String, of words: String) -> String {
        guard let first = words.first, first.isUppercase, let initial = synonym.first, initial.isLowercase else { return synonym }
        return initial.uppercased() + synonym.dropFirst()
    }
}

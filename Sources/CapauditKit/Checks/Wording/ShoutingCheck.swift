/// WRD002: an all-capitals word that is not an acronym of the lexicon's allow-list.
struct ShoutingCheck: Check {
    static let name = "shouting"

    let minLetters: Int

    static let parameters = [ParameterSpec("min-letters", .integer)]

    init(parameters: CheckParameters) {
        minLetters = parameters.integer("min-letters") ?? 3
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(.personFacing) {
            for token in text.tokens where isShouted(token.original) && !lexicon.acronyms.contains(token.original) {
                let sentenceCase = "\(token.original.prefix(1))\(token.original.dropFirst().lowercased())"
                emissions.append(context.wordingEmission(
                    text, from: token.start, to: token.end, arguments: ["word": token.original],
                    fix: "write it in sentence case: \(sentenceCase)",
                    fixes: context.fixes {
                        let calm = EvaluationContext.replacing(text.entry.value, from: token.start, to: token.end, with: sentenceCase)
                        return [Fix("write it in sentence case: \(sentenceCase)", [EvaluationContext.rewriting(text.entry, to: calm)])]
                    },
                    detail: token.original))
            }
        }
        return emissions
    }

    private func isShouted(_ word: String) -> Bool {
        var letters = 0
        for character in word where character.isLetter {
            guard character.isUppercase else { return false }
            letters += 1
        }
        return letters >= minLetters && word.lowercased() != word
    }
}

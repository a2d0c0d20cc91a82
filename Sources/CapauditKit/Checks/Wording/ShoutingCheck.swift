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
                    fix: nil,
                    fixes: context.fixes {
                        let calm = EvaluationContext.replacing(text.entry.value, from: token.start, to: token.end, with: sentenceCase)
                        return [ManifestFix("write it in sentence case", [EvaluationContext.rewriting(text.entry, to: calm)])]
                    },
                    detail: token.original,
                    edit: WordingEdit(entry: text.entry, range: token.start..<token.end, replacement: sentenceCase, keepsMeaning: true)))
            }
        }
        return emissions
    }

    private func isShouted(_ word: String) -> Bool {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return isShoutedASCII(word) }
        var letters = 0
        for character in word where character.isLetter {
            guard character.isUppercase else { return false }
            letters += 1
        }
        return letters >= minLetters && word.lowercased() != word
    }

    /// `isShouted` for an ASCII word (most words), by bytes rather than by characters: a capital
    /// is A-Z, and a word with no lowercase letter but one capital reads differently lowercased.
    private func isShoutedASCII(_ word: String) -> Bool {
        var capitals = 0
        for byte in word.utf8 {
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { return false }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { capitals += 1 }
        }
        return capitals >= minLetters && capitals > 0
    }
}

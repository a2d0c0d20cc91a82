/// WRD007: a capture notice that is long (sentences or characters) or names nothing affected.
struct NoticeClarityCheck: Check {
    static let name = "notice-clarity"

    let maxSentences: Int
    let maxLength: Int

    static let parameters = [ParameterSpec("max-sentences", .integer), ParameterSpec("max-length", .integer)]

    init(parameters: CheckParameters) {
        maxSentences = parameters.integer("max-sentences") ?? 2
        maxLength = parameters.integer("max-length") ?? 140
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(.captureNotice) {
            let value = text.entry.value
            var problems: [String] = []
            let sentences = Self.sentenceCount(value)
            if sentences > maxSentences { problems.append("\(sentences) sentences (at most \(maxSentences))") }
            let length = value.unicodeScalars.count
            if length > maxLength { problems.append("\(length) characters (at most \(maxLength))") }
            let tokens = text.tokens
            if !namesSomethingAffected(tokens, lexicon: lexicon, screen: text.screen, context: context) {
                problems.append("it does not say what is affected (content, details, a field's label, ...)")
            }
            guard !problems.isEmpty else { continue }
            let notice = lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice
            emissions.append(Emission(
                location: text.entry.location, arguments: ["problems": Phrases.list(problems), "language": text.entry.language],
                fix: "say in one or two short sentences what is happening and what is hidden, e.g. \"\(notice)\"",
                fixes: context.neutralNotice(text, lexicon).map { [$0] } ?? []))
        }
        return emissions
    }

    /// Sentences end at `.`, `!` or `?` followed by a space or the end of the text.
    static func sentenceCount(_ text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var count = 0
        var sawContent = false
        for (index, scalar) in scalars.enumerated() {
            if scalar == "." || scalar == "!" || scalar == "?" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if next == nil || next?.properties.isWhitespace == true {
                    if sawContent { count += 1 }
                    sawContent = false
                }
            } else if !scalar.properties.isWhitespace {
                sawContent = true
            }
        }
        return count + (sawContent ? 1 : 0)
    }

    private func namesSomethingAffected(_ tokens: [Token], lexicon: Lexicon, screen: Screen?, context: EvaluationContext) -> Bool {
        if !lexicon.affected.matches(in: tokens).isEmpty { return true }
        let fields = screen.map(\.fields) ?? context.manifest.screens.flatMap(\.fields)
        let words = tokens.map(\.folded)
        for label in fields.compactMap(\.label) {
            let labelWords = Tokenizer.tokens(label).map(\.folded)
            guard !labelWords.isEmpty, labelWords.count <= words.count else { continue }
            for start in 0...(words.count - labelWords.count) where Array(words[start..<start + labelWords.count]) == labelWords {
                return true
            }
        }
        return false
    }
}

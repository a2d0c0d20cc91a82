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
        var labels = FieldLabels(context.manifest)
        for (text, lexicon) in context.checkedTexts(.captureNotice) {
            var problems: [String] = []
            let sentences = Self.sentenceCount(text.scalars)
            if sentences > maxSentences { problems.append("\(sentences) sentences (at most \(maxSentences))") }
            let length = text.scalars.count
            if length > maxLength { problems.append("\(length) characters (at most \(maxLength))") }
            if !namesSomethingAffected(text, labels: &labels) {
                problems.append("it does not say what is affected (content, details, a field's label, ...)")
            }
            guard !problems.isEmpty else { continue }
            let notice = lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice
            emissions.append(Emission(
                location: text.entry.location, arguments: ["problems": Phrases.list(problems), "language": text.entry.language],
                fix: "say in one or two short sentences what is happening and what is hidden, e.g. \"\(notice)\"",
                fixes: context.fixes { context.neutralNotice(text, lexicon).map { [$0] } ?? [] }))
        }
        return emissions
    }

    /// Sentences end at `.`, `!` or `?` followed by a space or the end of the text.
    static func sentenceCount(_ scalars: [Unicode.Scalar]) -> Int {
        var count = 0
        var sawContent = false
        for (index, scalar) in scalars.enumerated() {
            if scalar == "." || scalar == "!" || scalar == "?" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if next == nil || next?.isWhitespace == true {
                    if sawContent { count += 1 }
                    sawContent = false
                }
            } else if !scalar.isWhitespace {
                sawContent = true
            }
        }
        return count + (sawContent ? 1 : 0)
    }

    /// Whether the notice names an affected-word or a field label; a notice whose affected-words
    /// were not fully matched (WRD009 says so) is not blamed for what went unchecked.
    private func namesSomethingAffected(_ text: PersonFacingText, labels: inout FieldLabels) -> Bool {
        guard let matches = text.matches, matches.isComplete(Lexicon.affectedList), matches.list(Lexicon.affectedList).isEmpty else { return true }
        let labelsByFirstWord = labels.byFirstWord(of: text.screen, at: text.screenIndex)
        let tokens = text.tokens
        for (start, token) in tokens.enumerated() {
            for labelWords in labelsByFirstWord[token.folded] ?? [] where tokens[start...].lazy.map(\.folded).starts(with: labelWords) {
                return true
            }
        }
        return false
    }
}

/// The words of field labels by their first word: a screen's own, or every screen's for an
/// app-wide notice. Split once per document, however many notices ask.
private struct FieldLabels {
    let manifest: Manifest
    private var split: [Int?: [String: [[String]]]] = [:]

    init(_ manifest: Manifest) {
        self.manifest = manifest
    }

    /// `index`: the screen's position in the manifest, nil with no screen.
    mutating func byFirstWord(of screen: Screen?, at index: Int?) -> [String: [[String]]] {
        if let known = split[index] { return known }
        let fields = screen.map(\.fields) ?? manifest.screens.flatMap(\.fields)
        var labelsByFirstWord: [String: [[String]]] = [:]
        for label in fields.compactMap(\.label) {
            let labelWords = Tokenizer.tokens(label).map(\.folded)
            if let first = labelWords.first { labelsByFirstWord[first, default: []].append(labelWords) }
        }
        split[index] = labelsByFirstWord
        return labelsByFirstWord
    }
}

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
        ParameterSpec("rewrite", .name(.fixed(noun: "rewrite", ["text", "sentence"]))),
    ]

    let list: String
    let selection: TextSelection?
    /// A sentence suggestion replaces only the sentence that holds the match (`sentence`), so that
    /// the text keeps every other thing it says; else the whole text (`text`, the default).
    let rewritesSentence: Bool

    init(parameters: CheckParameters) {
        list = parameters.string("list") ?? ""
        selection = TextSelection(parameters: parameters, default: .personFacing)
        rewritesSentence = parameters.string("rewrite") == "sentence"
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let selection else { return [] }
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(selection) {
            let matches = text.matches?.list(list) ?? []
            // A finding is told apart by the words it points at, never by the entry that matched
            // them: a lexicon change that matches the same words another way keeps the fingerprint.
            var earlier: [String: Int] = [:]
            for match in matches {
                let entry = match.entry
                let matched = text.words(from: match.start, to: match.end).lowercased()
                let occurrence = earlier[matched, default: 0]
                earlier[matched] = occurrence + 1
                let synonym = entry.suggestsSentence || entry.suggestion.isEmpty
                    ? nil : Self.matchingCase(entry.suggestion, of: text.words(from: match.start, to: match.end))
                let message = entry.suggestsSentence || rewritesSentence ? nil : calmText(for: text, context)
                let sentence = rewritesSentence ? Self.sentence(of: text, holding: match.start..<match.end) : nil
                let suggestion = advice(entry, synonym: synonym, notice: text.role == .captureNotice, message: message, sentence: sentence, lexicon)
                let offered = context.fixes { fixes(entry, synonym: synonym, message: message, text, lexicon, from: match.start, to: match.end, context) }
                emissions.append(context.wordingEmission(
                    text, from: match.start, to: match.end, arguments: ["suggestion": suggestion, "entry": entry.text, "reproach": Self.reproach(entry.category)], fix: suggestion,
                    fixes: offered, detail: "\(matched)#\(occurrence)",
                    edit: ownEdit(entry, synonym: synonym, message: message, text, lexicon, from: match.start, to: match.end)))
            }
        }
        return emissions
    }

    /// What the help says: the synonym, the neutral notice (capture notices) or the profile's
    /// calm message (action messages), or both.
    /// `sentence`: for a list whose rewrite is the sentence (WRD004), the sentence that holds the match.
    private func advice(_ entry: LexiconEntry, synonym: String?, notice: Bool, message: String?, sentence: String?, _ lexicon: SharedLexicon) -> String {
        let neutral = lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice
        if entry.suggestsSentence {
            return notice ? "write the neutral notice instead: \"\(neutral)\"" : "write instead: \"\(entry.suggestion)\""
        }
        var parts: [String] = []
        if let sentence, synonym == nil {
            return "rewrite only the sentence \"\(sentence)\" about what the app does, keep every other sentence as written, and keep any consequence it states (who is told, what happens next)"
        }
        if let synonym { parts.append("say \"\(synonym)\" instead") }
        if notice { parts.append("write the neutral notice: \"\(neutral)\"") }
        if let message, message != entry.suggestion { parts.append("write instead: \"\(message)\"") }
        if parts.isEmpty { parts.append("say calmly what is happening and what the app does, without naming who might be watching") }
        return parts.joined(separator: ", or ")
    }

    /// The same advice as edits of the manifest, for `explain` and the fix tests.
    private func fixes(
        _ entry: LexiconEntry, synonym: String?, message: String?, _ text: PersonFacingText, _ lexicon: SharedLexicon, from start: Int, to end: Int, _ context: EvaluationContext
    ) -> [ManifestFix] {
        if entry.suggestsSentence {
            // A capture notice is offered the neutral notice: the entry's sentence fits another role.
            if let notice = context.neutralNotice(text, lexicon) { return [notice] }
            guard rewritesSentence else {
                return [ManifestFix("write a calm sentence instead", [EvaluationContext.rewriting(text.entry, to: entry.suggestion)], applicability: .unsafe)]
            }
            let sentence = EvaluationContext.sentence(in: text.entry.value, holding: start..<end)
            let rewritten = EvaluationContext.replacing(text.entry.value, from: sentence.lowerBound, to: sentence.upperBound, with: entry.suggestion)
            return [ManifestFix(
                "rewrite that sentence calmly, keeping any consequence it states (who is told, what happens next)",
                [EvaluationContext.rewriting(text.entry, to: rewritten)], applicability: .unsafe)]
        }
        var fixes: [ManifestFix] = []
        if let synonym {
            let replaced = EvaluationContext.replacing(text.entry.value, from: start, to: end, with: synonym)
            fixes.append(ManifestFix("say \"\(synonym)\" instead", [EvaluationContext.rewriting(text.entry, to: replaced)], applicability: .safe))
        }
        if let notice = context.neutralNotice(text, lexicon) { fixes.append(notice) }
        if let message, message != text.entry.value {
            let what = text.role == .screenshotText ? "screenshot text" : "message"
            fixes.append(ManifestFix("write the calm \(what) instead", [EvaluationContext.rewriting(text.entry, to: message)], applicability: .unsafe))
        }
        return fixes
    }

    /// The role's calm text that replaces an action message or a screenshot text whole: the
    /// lexicon's example for the profile (and the action's kind). A capture notice gets the
    /// neutral notice instead (`EvaluationContext.neutralNotice`).
    private func calmText(for text: PersonFacingText, _ context: EvaluationContext) -> String? {
        switch text.role {
        case .actionMessage: return context.exampleText(.actionMessage, language: text.entry.language, actionKind: text.actionKind)
        case .screenshotText: return context.exampleText(.screenshotText, language: text.entry.language)
        case .captureNotice: return nil
        }
    }

    /// The finding's own change to the text, for the rewrite it shares with the text's other tone
    /// findings: what its first fix writes, as the part of the text it replaces.
    private func ownEdit(
        _ entry: LexiconEntry, synonym: String?, message: String?, _ text: PersonFacingText, _ lexicon: SharedLexicon, from start: Int, to end: Int
    ) -> WordingEdit {
        let value = text.entry.value
        let neutral = text.role == .captureNotice ? lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice : nil
        if entry.suggestsSentence {
            if let neutral, neutral != value { return .whole(text.entry, neutral) }
            guard rewritesSentence else { return .whole(text.entry, entry.suggestion) }
            return WordingEdit(entry: text.entry, range: EvaluationContext.sentence(in: value, holding: start..<end), replacement: entry.suggestion, keepsMeaning: false)
        }
        if let synonym { return WordingEdit(entry: text.entry, range: start..<end, replacement: synonym, keepsMeaning: true) }
        if let calm = neutral ?? message, calm != value { return .whole(text.entry, calm) }
        return .none(text.entry)
    }

    /// The words of the sentence of a text that holds value scalars `range`.
    static func sentence(of text: PersonFacingText, holding range: Range<Int>) -> String {
        let bounds = EvaluationContext.sentence(in: text.entry.value, holding: range)
        return text.words(from: bounds.lowerBound, to: bounds.upperBound)
    }

    /// What a `blame` entry does to the person, for WRD004's message: an impersonal ban blames no
    /// one, it forbids.
    static func reproach(_ category: LexiconCategory?) -> String {
        category == .command ? "commands or forbids an ordinary act" : "blames the person"
    }

    /// The synonym capitalised like the words it replaces ("Warning:" becomes "Note:").
    static func matchingCase(_ synonym: String, of words: String) -> String {
        guard let first = words.first, first.isUppercase, let initial = synonym.first, initial.isLowercase else { return synonym }
        return initial.uppercased() + synonym.dropFirst()
    }
}

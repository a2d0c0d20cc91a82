/// Which person-facing texts a wording check reads.
enum TextSelection: String, CaseIterable {
    case personFacing = "person-facing"
    case captureNotice = "capture-notice"
    case screenshot = "screenshot"

    func includes(_ role: PersonFacingText.Role) -> Bool {
        switch self {
        case .personFacing: return true
        case .captureNotice: return role == .captureNotice
        case .screenshot: return role == .screenshotText
        }
    }

    static let parameter = ParameterSpec("texts", .name(.values(of: TextSelection.self, noun: "text selection")))

    init?(parameters: CheckParameters, default value: TextSelection) {
        guard let name = parameters.string("texts") else {
            self = value
            return
        }
        guard let selection = TextSelection(rawValue: name) else { return nil }
        self = selection
    }
}

extension EvaluationContext {
    /// The texts a check reads that have a lexicon, with it.
    func checkedTexts(_ selection: TextSelection) -> [(text: PersonFacingText, lexicon: SharedLexicon)] {
        if let gathered = checkedTextsBySelection[selection] { return gathered }
        let gathered = texts.compactMap { text -> (text: PersonFacingText, lexicon: SharedLexicon)? in
            guard selection.includes(text.role), let lexicon = text.lexicon else { return nil }
            return (text, lexicon)
        }
        checkedTextsBySelection[selection] = gathered
        return gathered
    }

    /// An emission pointing at value scalars `start..<end` of a text.
    func wordingEmission(
        _ text: PersonFacingText, from start: Int, to end: Int, arguments: [String: String], fix: String?, fixes: [ManifestFix] = [], detail: String,
        edit: WordingEdit? = nil
    ) -> Emission {
        let (location, endPosition) = location(of: text.entry, from: start, to: end)
        var arguments = arguments
        arguments["words"] = text.words(from: start, to: end)
        arguments["language"] = text.entry.language
        return Emission(location: location, end: endPosition, arguments: arguments, fix: fix, fixes: fixes, detail: detail, textEdit: edit)
    }

    /// The edit that gives a text a new value: the key its path ends with, under its parent.
    static func rewriting(_ entry: TextEntry, to value: String) -> ManifestEdit {
        let path = entry.location.path
        guard let dot = path.lastIndex(of: ".") else { return .set(path, to: .text(value), at: "") }
        return .set(String(path[path.index(after: dot)...]), to: .text(value), at: String(path[..<dot]))
    }

    /// The scalars of the sentence of `text` that holds `match`: from after the previous `.`, `!`
    /// or `?` and the space that follows it, to its own closing marks (or the end of the text).
    static func sentence(in text: String, holding match: Range<Int>) -> Range<Int> {
        let scalars = Array(text.unicodeScalars)
        let isMark = { (scalar: Unicode.Scalar) in scalar == "." || scalar == "!" || scalar == "?" }
        var start = min(max(match.lowerBound, 0), scalars.count)
        while start > 0, !(isMark(scalars[start - 1]) && start < scalars.count && scalars[start].properties.isWhitespace) { start -= 1 }
        while start < match.lowerBound, scalars[start].properties.isWhitespace { start += 1 }
        var end = min(max(match.upperBound, start), scalars.count)
        while end < scalars.count, !isMark(scalars[end]) { end += 1 }
        while end < scalars.count, isMark(scalars[end]) { end += 1 }
        return start..<end
    }

    /// The text with value scalars `start..<end` replaced.
    static func replacing(_ text: String, from start: Int, to end: Int, with replacement: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard start >= 0, end >= start, end <= scalars.count else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<start])
        result.append(contentsOf: replacement.unicodeScalars)
        result.append(contentsOf: scalars[end...])
        return String(result)
    }

    /// The text a fix writes for a role (RULES.md, "Help and fix data" 5): from the lexicon of
    /// `language` (the language of the text it replaces), else of `app.language`, else English,
    /// for the profile, the action kind and the data category (`WordingExamples.text`); nil when
    /// no lexicon has one for the role.
    func exampleText(_ role: WordingExamples.Role, language: String? = nil, actionKind: String? = nil, dataCategory: String? = nil) -> String? {
        let lexicons = [language, manifest.app.language, "en"].compactMap { $0 }.compactMap { policy.lexicon(for: $0) }
        return lexicons.lazy.compactMap { $0.example(role, profile: self.profile.id, actionKind: actionKind, dataCategory: dataCategory) }.first
    }

    /// A capture notice rewritten as the lexicon's neutral notice, the calm sentence that says
    /// what happens and what is hidden; nil for other texts, which it would not describe.
    func neutralNotice(_ text: PersonFacingText, _ lexicon: SharedLexicon) -> ManifestFix? {
        guard text.role == .captureNotice else { return nil }
        let notice = lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice
        guard notice != text.entry.value else { return nil }
        return ManifestFix("write the neutral notice instead", [Self.rewriting(text.entry, to: notice)], applicability: .unsafe)
    }
}

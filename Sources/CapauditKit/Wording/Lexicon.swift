/// The wording lexicon of one language (`Rules/wording/<tag>.yml`), ready to match.
public struct Lexicon: Sendable {
    public var language: String
    public var name: String
    public var lists: [String: WordList]
    /// Words and phrases that name what a capture notice affects (WRD007).
    public var affected: WordList
    /// Upper-case forms allowed by WRD002.
    public var acronyms: Set<String>
    /// A calm capture notice in this language, which WRD001 offers instead of an alarming text.
    public var neutralNotice: String?
    public var file: String

    /// The notice offered where no lexicon gives one (a pack's language without `neutral-notice`).
    public static let fallbackNeutralNotice = "Screen sharing is active. Some details are hidden."

    public static let listNames = ["alarm", "blame", "scolding", "capture-kinds"]

    public func list(_ name: String) -> WordList { lists[name] ?? WordList(entries: []) }

    /// Adds entries and words from a pack or a config to this lexicon.
    mutating func merge(_ other: Lexicon) {
        for (name, list) in other.lists {
            lists[name] = WordList(entries: (lists[name]?.entries ?? []) + list.entries)
        }
        affected = WordList(entries: affected.entries + other.affected.entries)
        acronyms.formUnion(other.acronyms)
        if let notice = other.neutralNotice { neutralNotice = notice }
    }
}

/// One entry of a word list: a word or a phrase, its inflections, the gaps it allows,
/// the phrases that cancel it, and a neutral suggestion.
public struct LexiconEntry: Sendable {
    /// The entry as written in the lexicon, for messages.
    public var text: String
    /// For each word of the phrase, every accepted folded form (alternatives × suffixes).
    public var forms: [Set<String>]
    public var gap: Int
    /// Phrases that cancel a match lying inside them, word by word (folded).
    public var exceptions: [[String]]
    /// Folded inflection endings, also allowed on the words of an exception phrase.
    public var suffixes: [String]
    /// A true synonym that replaces the words in place, or a whole sentence (ending in a full
    /// stop) that replaces the text; empty when the entry has none.
    public var suggestion: String

    /// Whether the suggestion is a sentence for the whole text rather than a synonym.
    public var suggestsSentence: Bool { suggestion.hasSuffix(".") || suggestion.hasSuffix("?") }

    public init(text: String, alternatives: [[String]], suffixes: [String], gap: Int, exceptions: [String], suggestion: String) {
        self.text = text
        self.forms = alternatives.map { words in
            var set = Set<String>()
            for word in words {
                let folded = Tokenizer.fold(word)
                set.insert(folded)
                for suffix in suffixes { set.insert(folded + Tokenizer.fold(suffix)) }
            }
            return set
        }
        self.gap = gap
        self.exceptions = exceptions.map { Tokenizer.tokens($0).map(\.folded) }
        self.suffixes = suffixes.map(Tokenizer.fold)
        self.suggestion = suggestion
    }
}

extension LexiconEntry {
    /// Whether a text word is an exception word, or that word with one of the entry's endings.
    func accepts(_ word: String, as exceptionWord: String) -> Bool {
        if word == exceptionWord { return true }
        guard word.hasPrefix(exceptionWord) else { return false }
        return suffixes.contains(String(word.dropFirst(exceptionWord.count)))
    }
}

/// A match of a lexicon entry in a text: token range and the entry.
public struct WordMatch: Sendable {
    public var entry: LexiconEntry
    /// Unicode-scalar offsets in the text, end exclusive.
    public var start: Int
    public var end: Int
}

/// Entries indexed by the forms of their first word, so that matching is one dictionary
/// lookup per token plus a bounded look-ahead per candidate: linear in the text.
public struct WordList: Sendable {
    public var entries: [LexiconEntry]
    private var firstWord: [String: [Int]] = [:]

    public init(entries: [LexiconEntry]) {
        self.entries = entries
        for (index, entry) in entries.enumerated() {
            for form in entry.forms.first ?? [] { firstWord[form, default: []].append(index) }
        }
    }

    public func matches(in tokens: [Token]) -> [WordMatch] {
        var found: [WordMatch] = []
        var coveredUntil = -1
        for (index, token) in tokens.enumerated() where index > coveredUntil {
            guard let candidates = firstWord[token.folded] else { continue }
            for candidate in candidates {
                let entry = entries[candidate]
                guard let last = matchRest(entry, from: index, in: tokens), !isCancelled(entry, from: index, to: last, in: tokens) else { continue }
                found.append(WordMatch(entry: entry, start: token.start, end: tokens[last].end))
                coveredUntil = last
                break
            }
        }
        return found
    }

    /// The index of the phrase's last token, allowing at most `gap` other words between words.
    private func matchRest(_ entry: LexiconEntry, from index: Int, in tokens: [Token]) -> Int? {
        var position = index
        for forms in entry.forms.dropFirst() {
            var next: Int?
            var probe = position + 1
            while probe < tokens.count, probe <= position + 1 + entry.gap {
                if forms.contains(tokens[probe].folded) {
                    next = probe
                    break
                }
                probe += 1
            }
            guard let found = next else { return nil }
            position = found
        }
        return position
    }

    private func isCancelled(_ entry: LexiconEntry, from first: Int, to last: Int, in tokens: [Token]) -> Bool {
        for exception in entry.exceptions where exception.count >= last - first + 1 {
            let lowest = max(0, last - exception.count + 1)
            guard lowest <= first else { continue }
            for start in lowest...first where start + exception.count <= tokens.count {
                if exception.indices.allSatisfy({ entry.accepts(tokens[start + $0].folded, as: exception[$0]) }) { return true }
            }
        }
        return false
    }
}

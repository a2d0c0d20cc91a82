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
    /// Its figures on its corpus (`measured`), by part; empty for a lexicon that has none.
    public var measured: [CorpusMeasurement] = []

    /// The notice offered where no lexicon gives one (a pack's language without `neutral-notice`).
    public static let fallbackNeutralNotice = "Screen sharing is active. Some details are hidden."

    public static let listNames = ["alarm", "blame", "scolding", "capture-kinds"]
    /// The name under which `TextMatches` keeps the matches of `affected`.
    public static let affectedList = "affected-words"

    public func list(_ name: String) -> WordList { lists[name] ?? WordList(entries: []) }

    /// Every list's matches in one text, each list within its own work budget.
    public func matches(in tokens: [Token]) -> TextMatches {
        var result = TextMatches()
        let cuts = tokens.map { WordCut($0.folded) }
        for (name, list) in lists.sorted(by: { $0.key < $1.key }) + [(Self.affectedList, affected)] {
            var budget = WordingBudget(words: tokens.count)
            let found = list.matches(in: tokens, cuts: cuts, budget: &budget)
            result.record(found, of: name, budget: budget)
        }
        return result
    }

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

/// The categories of the `alarm` list (WRD001) and of the `blame` list (WRD004): RULES.md,
/// "Lexicon categories". Every shipped entry of those lists names one.
public enum LexiconCategory: String, CaseIterable, Sendable {
    case threat, exposure, insinuation, urgency
    case fearAppeal = "fear-appeal"
    case headline, blame, command

    /// The categories an entry of a list may name; empty for a list without categories.
    public static func categories(ofList list: String) -> [LexiconCategory] {
        switch list {
        case "alarm": [.threat, .exposure, .insinuation, .urgency, .fearAppeal, .headline]
        case "blame": [.blame, .command]
        default: []
        }
    }
}

/// One entry of a word list: a word or a phrase, its inflections, the gaps it allows,
/// the phrases that cancel it, and a neutral suggestion.
public struct LexiconEntry: Sendable {
    /// The entry as written in the lexicon, for messages.
    public var text: String
    /// For each word of the phrase, its folded `|` alternatives: the stems that take the endings.
    public var words: [Set<String>]
    public var gap: Int
    /// Phrases that cancel a match lying inside them, word by word (folded).
    public var exceptions: [[String]]
    /// Folded inflection endings, also allowed on the words of an exception phrase.
    public var suffixes: Set<String>
    /// The lengths of `suffixes`, in characters, shortest first: a word is split once per length,
    /// never once per ending.
    let suffixLengths: [Int]
    /// A true synonym that replaces the words in place, or a whole sentence (ending in a full
    /// stop) that replaces the text; empty when the entry has none.
    public var suggestion: String
    /// What kind of alarm or blame the entry stands for (`alarm` and `blame` lists); nil elsewhere,
    /// and for a rule-pack entry that names none.
    public var category: LexiconCategory?

    /// Whether the suggestion is a sentence for the whole text rather than a synonym.
    public var suggestsSentence: Bool { suggestion.hasSuffix(".") || suggestion.hasSuffix("?") }

    public init(
        text: String, alternatives: [[String]], suffixes: [String], gap: Int, exceptions: [String], suggestion: String, category: LexiconCategory? = nil
    ) {
        self.text = text
        self.category = category
        words = alternatives.map { Set($0.map(Tokenizer.fold)) }
        self.gap = gap
        self.exceptions = exceptions.map { Tokenizer.tokens($0).map(\.folded) }
        self.suffixes = Set(suffixes.map(Tokenizer.fold).filter { !$0.isEmpty })
        suffixLengths = Set(self.suffixes.map(\.count)).sorted()
        self.suggestion = suggestion
    }
}

extension LexiconEntry {
    /// Whether a text word is word `index` of the phrase: an alternative, bare or with one of the entry's endings.
    func accepts(_ word: String, at index: Int) -> Bool {
        let stems = words[index]
        return stems.contains(word) || stemWithEnding(of: word).contains { stems.contains($0) }
    }

    /// Whether a text word is an exception word, or that word with one of the entry's endings.
    func accepts(_ word: String, as exceptionWord: String) -> Bool {
        if word == exceptionWord { return true }
        guard word.hasPrefix(exceptionWord) else { return false }
        return suffixes.contains(String(word.dropFirst(exceptionWord.count)))
    }

    /// The word without each of the entry's endings it has.
    func stemWithEnding(of word: String) -> [String] {
        let cut = WordCut(word)
        return suffixLengths.compactMap { ending in
            guard ending < cut.length, suffixes.contains(cut.ending(ofLength: ending)) else { return nil }
            return cut.stem(droppingLast: ending)
        }
    }
}

/// A word to be cut before an ending, with endings counted in characters as the lexicon counts
/// them. Most words are ASCII, where a character is a byte: they are cut by bytes, without
/// walking grapheme clusters.
struct WordCut {
    let word: String
    let isASCII: Bool
    /// In characters.
    let length: Int

    init(_ word: String) {
        self.word = word
        isASCII = word.utf8.allSatisfy { $0 < 0x80 }
        length = isASCII ? word.utf8.count : word.count
    }

    /// The word without its last `count` characters.
    func stem(droppingLast count: Int) -> String {
        guard isASCII else { return String(word.dropLast(count)) }
        return String(word[..<word.utf8.index(word.utf8.endIndex, offsetBy: -min(count, length))])
    }

    /// The word's last `count` characters.
    func ending(ofLength count: Int) -> String {
        guard isASCII else { return String(word.suffix(count)) }
        return String(word[word.utf8.index(word.utf8.endIndex, offsetBy: -min(count, length))...])
    }
}

/// A set of bytes, for the first byte of every stem a word list indexes: a word that starts with
/// another byte has no candidate entry, which is known without hashing it.
struct ByteSet: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << (byte & 63)
        switch byte >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << (byte & 63)
        switch byte >> 6 {
        case 0: return bits.0 & bit != 0
        case 1: return bits.1 & bit != 0
        case 2: return bits.2 & bit != 0
        default: return bits.3 & bit != 0
        }
    }
}

/// A match of a lexicon entry in a text: token range and the entry.
public struct WordMatch: Sendable {
    public var entry: LexiconEntry
    /// Unicode-scalar offsets in the text, end exclusive.
    public var start: Int
    public var end: Int
}

/// Entries indexed by the stems of their first word, so that a text word finds its candidate
/// entries with one lookup per ending length the list knows (not one per entry, alternative or
/// ending); each candidate then costs a look-ahead bounded by its gap. Every lookup and
/// comparison is a step of the caller's `WordingBudget`.
public struct WordList: Sendable {
    public var entries: [LexiconEntry]
    private var firstWord: [String: [Int]] = [:]
    private var stemLeadBytes = ByteSet()
    /// Every ending length of the list's entries, in characters.
    private var suffixLengths: [Int] = []

    public init(entries: [LexiconEntry]) {
        self.entries = entries
        for (index, entry) in entries.enumerated() {
            for stem in entry.words.first ?? [] {
                firstWord[stem, default: []].append(index)
                if let lead = stem.utf8.first { stemLeadBytes.insert(lead) }
            }
        }
        suffixLengths = Set(entries.flatMap(\.suffixLengths)).sorted()
    }

    /// The matches in the tokens, found left to right, until the budget runs out.
    func matches(in tokens: [Token], budget: inout WordingBudget) -> [WordMatch] {
        matches(in: tokens, cuts: tokens.map { WordCut($0.folded) }, budget: &budget)
    }

    /// `cuts`: each token's folded word, ready to be cut before an ending (made once for every list).
    func matches(in tokens: [Token], cuts: [WordCut], budget: inout WordingBudget) -> [WordMatch] {
        var found: [WordMatch] = []
        var coveredUntil = -1
        for (index, (token, cut)) in zip(tokens, cuts).enumerated() where index > coveredUntil {
            for candidate in candidates(for: cut, budget: &budget) where !budget.isExhausted {
                let entry = entries[candidate]
                guard let last = matchRest(entry, from: index, in: tokens, budget: &budget),
                    !isCancelled(entry, from: index, to: last, in: tokens, budget: &budget)
                else { continue }
                found.append(WordMatch(entry: entry, start: token.start, end: tokens[last].end))
                coveredUntil = last
                break
            }
            if budget.isExhausted { break }
        }
        return found
    }

    /// The entries whose first word this word is, in list order.
    private func candidates(for cut: WordCut, budget: inout WordingBudget) -> [Int] {
        guard budget.spend(1 + suffixLengths.count) else { return [] }
        // A word and its stems share their first byte.
        guard let lead = cut.word.utf8.first, stemLeadBytes.contains(lead) else { return [] }
        var found = firstWord[cut.word] ?? []
        for ending in suffixLengths where ending < cut.length {
            guard let stemmed = firstWord[cut.stem(droppingLast: ending)] else { continue }
            let suffix = cut.ending(ofLength: ending)
            found += stemmed.filter { entries[$0].suffixes.contains(suffix) }
        }
        return found.count > 1 ? Set(found).sorted() : found
    }

    /// The index of the phrase's last token, allowing at most `gap` other words between words.
    private func matchRest(_ entry: LexiconEntry, from index: Int, in tokens: [Token], budget: inout WordingBudget) -> Int? {
        var position = index
        for word in entry.words.indices.dropFirst() {
            var next: Int?
            var probe = position + 1
            while probe < tokens.count, probe <= position + 1 + entry.gap {
                guard budget.spend(1) else { return nil }
                if entry.accepts(tokens[probe].folded, at: word) {
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

    private func isCancelled(_ entry: LexiconEntry, from first: Int, to last: Int, in tokens: [Token], budget: inout WordingBudget) -> Bool {
        for exception in entry.exceptions where exception.count >= last - first + 1 {
            let lowest = max(0, last - exception.count + 1)
            guard lowest <= first else { continue }
            for start in lowest...first where start + exception.count <= tokens.count {
                // Out of budget, the match is left unreported rather than reported unchecked.
                guard budget.spend(exception.count) else { return true }
                if exception.indices.allSatisfy({ entry.accepts(tokens[start + $0].folded, as: exception[$0]) }) { return true }
            }
        }
        return false
    }
}

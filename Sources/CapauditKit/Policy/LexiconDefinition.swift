/// A wording lexicon as its file writes it (`Rules/wording/<tag>.yml`): the data that
/// `PolicyLoader` reads and `PolicyCompiler` writes into the binary, before it is folded and
/// indexed into a `Lexicon` on first use.
struct LexiconDefinition: Sendable {
    /// One entry of a word list, as written.
    struct Entry: Sendable, Equatable {
        var match: String
        /// For each word of `match`, its `|` alternatives, as the tokenizer splits them.
        var alternatives: [[String]]
        var suffixes: [String]
        var gap: Int
        var exceptions: [String]
        var suggestion: String
        /// The entry's `LexiconCategory` (raw value), for the `alarm` and `blame` lists; validated on load.
        var category: String?

        /// A phrase matched word for word, as a plain string of `affected-words` is.
        static func phrase(_ text: String) -> Entry {
            Entry(match: text, alternatives: Tokenizer.tokens(text).map { [$0.original] }, suffixes: [], gap: 0, exceptions: [], suggestion: "")
        }

        var lexiconEntry: LexiconEntry {
            LexiconEntry(
                text: match, alternatives: alternatives, suffixes: suffixes, gap: gap, exceptions: exceptions, suggestion: suggestion,
                category: category.flatMap(LexiconCategory.init(rawValue:)))
        }
    }

    var language: String
    var name: String
    /// By list name (`alarm`, `blame`, ...), entries in file order.
    var lists: [String: [Entry]]
    /// `affected-words`: phrases matched word for word, or entries with their inflections.
    var affected: [Entry]
    var acronyms: [String]
    var neutralNotice: String?
    var file: String
    /// The `measured` block: the lexicon's figures on its corpus, by part.
    var measured: [CorpusMeasurement] = []
    /// The `examples` block, keyed as `WordingExamples` keys it.
    var examples: [String: String] = [:]

    /// The lexicon ready to match.
    var lexicon: Lexicon {
        Lexicon(
            language: language, name: name, lists: lists.mapValues { WordList(entries: $0.map(\.lexiconEntry)) },
            affected: WordList(entries: affected.map(\.lexiconEntry)),
            acronyms: Set(acronyms), neutralNotice: neutralNotice, file: file, measured: measured, examples: WordingExamples(texts: examples))
    }
}

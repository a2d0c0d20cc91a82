/// A wording lexicon as its file writes it (`Rules/wording/<tag>.yml`): the data that
/// `PolicyLoader` reads and `PolicyCompiler` writes into the binary, before it is folded and
/// indexed into a `Lexicon` on first use.
struct LexiconDefinition: Sendable {
    /// One entry of a word list, as written.
    struct Entry: Sendable {
        var match: String
        /// For each word of `match`, its `|` alternatives, as the tokenizer splits them.
        var alternatives: [[String]]
        var suffixes: [String]
        var gap: Int
        var exceptions: [String]
        var suggestion: String
        /// The entry's `LexiconCategory` (raw value), for the `alarm` and `blame` lists; validated on load.
        var category: String?

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
    /// `affected-words`: phrases matched word for word.
    var affected: [String]
    var acronyms: [String]
    var neutralNotice: String?
    var file: String
    /// The `measured` block: the lexicon's figures on its corpus, by part.
    var measured: [CorpusMeasurement] = []

    /// The lexicon ready to match.
    var lexicon: Lexicon {
        Lexicon(
            language: language, name: name, lists: lists.mapValues { WordList(entries: $0.map(\.lexiconEntry)) },
            affected: WordList(entries: affected.map { phrase in
                LexiconEntry(text: phrase, alternatives: Tokenizer.tokens(phrase).map { [$0.original] }, suffixes: [], gap: 0, exceptions: [], suggestion: "")
            }),
            acronyms: Set(acronyms), neutralNotice: neutralNotice, file: file, measured: measured)
    }
}

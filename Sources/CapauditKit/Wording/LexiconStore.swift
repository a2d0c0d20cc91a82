import Dispatch

/// The shipped lexicons, each built once on first use (folded and indexed for matching) and
/// shared by every store made from this policy (a config's additions make a new store, not a new
/// build).
final class ShippedLexicons: Sendable {
    private let definitions: [String: @Sendable () -> LexiconDefinition?]
    /// Held while a lexicon is built: a second reader waits for the first instead of building twice.
    private let built = Locked<[String: Lexicon?]>([:])

    init(_ definitions: [String: @Sendable () -> LexiconDefinition?]) {
        self.definitions = definitions
    }

    var languages: [String] { Array(definitions.keys) }

    func lexicon(for language: String) -> Lexicon? {
        guard let definition = definitions[language] else { return nil }
        return built.withLock { cache in
            if let done = cache[language] { return done }
            let lexicon = definition()?.lexicon
            cache[language] = lexicon
            return lexicon
        }
    }

    /// Builds a language on another thread now, so that it is ready when a text needs it.
    func prepare(_ language: String) {
        guard definitions[language] != nil else { return }
        DispatchQueue.global().async { _ = self.lexicon(for: language) }
    }
}

/// The wording lexicons by language. The shipped ones are built on first use, so that a run
/// builds only the languages its texts are written in; those from rule packs are parsed when the
/// policy loads, so that a broken pack is reported before any file is checked.
final class LexiconStore: Sendable {
    private let shipped: ShippedLexicons
    private let fromPacks: [String: Lexicon]
    private let additions: WordingAdditions
    /// Whose data kinds' and action kinds' names also count as affected words (WRD007).
    private let taxonomy: Taxonomy
    private let merged = Locked<[String: Lexicon]>([:])
    /// The texts read with these lexicons.
    let readings = TextReadings()

    init(shipped: ShippedLexicons, fromPacks: [String: Lexicon], taxonomy: Taxonomy, additions: WordingAdditions = WordingAdditions()) {
        self.shipped = shipped
        self.fromPacks = fromPacks
        self.taxonomy = taxonomy
        self.additions = additions
    }

    /// Every language with a lexicon, sorted.
    var languages: [String] { Set(shipped.languages).union(fromPacks.keys).sorted() }

    func adding(_ more: WordingAdditions) -> LexiconStore {
        var combined = additions
        combined.everyLanguage = [additions.everyLanguage, more.everyLanguage].compactMap { $0 }.reduce(nil) { merged, next in
            guard var merged else { return next }
            merged.merge(next)
            return merged
        }
        combined.byLanguage.merge(more.byLanguage) { first, second in
            var merged = first
            merged.merge(second)
            return merged
        }
        return LexiconStore(shipped: shipped, fromPacks: fromPacks, taxonomy: taxonomy, additions: combined)
    }

    func lexicon(for language: String) -> Lexicon? {
        if let cached = merged.withLock({ $0[language] }) { return cached }
        var lexicon = shipped.lexicon(for: language)
        if let pack = fromPacks[language] {
            if lexicon == nil {
                lexicon = pack
            } else {
                lexicon?.merge(pack)
            }
        }
        guard var lexicon else { return nil }
        if let every = additions.everyLanguage { lexicon.merge(every) }
        if let own = additions.byLanguage[language] { lexicon.merge(own) }
        lexicon.affected = WordList(entries: lexicon.affected.entries + Self.kindNames(in: taxonomy, language: language))
        let loaded = lexicon
        merged.withLock { $0[language] = loaded }
        return loaded
    }

    /// RULES.md, WRD007: a capture notice that names a data kind or an action kind, by its title
    /// (English) or a hint of the notice's language, names what is affected. A hint's `except`
    /// phrases do not apply: "account name" still names something.
    static func kindNames(in taxonomy: Taxonomy, language: String) -> [LexiconEntry] {
        let base = HintMatcher<Int>.baseLanguage(of: language)
        let hints = (taxonomy.dataKinds.flatMap(\.hints) + taxonomy.actionKinds.flatMap(\.hints)).filter { $0.language == base }.map(\.words)
        let titles = base == "en" ? taxonomy.dataKinds.map { Tokenizer.tokens($0.title).map(\.original) } : []
        return Set(hints + titles).sorted { $0.lexicographicallyPrecedes($1) }.filter { !$0.isEmpty }.map { words in
            LexiconEntry(text: words.joined(separator: " "), alternatives: words.map { [$0] }, suffixes: [], gap: 0, exceptions: [], suggestion: "")
        }
    }
}

import YAML

/// The wording lexicons by language. The shipped ones are parsed on first use, so that a run
/// reads only the languages its texts are written in; those from rule packs are parsed when the
/// policy loads, so that a broken pack is reported before any file is checked.
final class LexiconStore: Sendable {
    private let shipped: [String: PolicySource]
    private let fromPacks: [String: Lexicon]
    private let additions: WordingAdditions
    private let cache = Locked<[String: Lexicon]>([:])

    init(shipped: [String: PolicySource], fromPacks: [String: Lexicon], additions: WordingAdditions = WordingAdditions()) {
        self.shipped = shipped
        self.fromPacks = fromPacks
        self.additions = additions
    }

    /// Every language with a lexicon, sorted.
    var languages: [String] { Set(shipped.keys).union(fromPacks.keys).sorted() }

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
        return LexiconStore(shipped: shipped, fromPacks: fromPacks, additions: combined)
    }

    func lexicon(for language: String) -> Lexicon? {
        if let cached = cache.withLock({ $0[language] }) { return cached }
        var lexicon: Lexicon?
        if let source = shipped[language] {
            lexicon = PolicyLoader.lexicon(from: source)
        }
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
        let loaded = lexicon
        cache.withLock { $0[language] = loaded }
        return loaded
    }
}

/// The words of an id or a label, for hint matching (CAP010, CAP014): lowercase tokens split on
/// anything but letters and at camelCase boundaries, so that `cardNumber`, `card-number` and
/// "Card number" all read as `card number`. A German compound stays one token (`Kartennummer`).
enum IdentifierWords {
    /// The longest hint phrase, in words: keeps matching linear whatever a pack says.
    static let maxPhraseWords = 4

    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in text {
            guard character.isLetter else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// Whether `phrase` occurs as consecutive words of `words`.
    static func phrase(_ phrase: [String], occursIn words: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        return (0...words.count - phrase.count).contains { words[$0..<$0 + phrase.count].elementsEqual(phrase) }
    }
}

/// The hint that an id or a label names (MANIFEST.md, "Data kinds"): the `en` hints and those
/// of the app's base language apply; a match lying inside one of its hint's `except` phrases is
/// cancelled; a match lying inside a longer match is dropped whatever the longer one's kind (so
/// "card expiry" never suggests `card-number`); of the rest, among the kinds asked about, the one
/// with most words wins, ties going to the kind listed first.
struct HintMatcher<Kind> {
    private struct Entry {
        let kind: Kind
        /// The kind's place in the taxonomy.
        let order: Int
        let except: [[String]]
    }

    private struct Match {
        let start: Int
        let length: Int
        let entry: Entry
        var end: Int { start + length }

        func lies(inside other: Match) -> Bool { other.length > length && other.start <= start && end <= other.end }
    }

    private var entries: [[String]: [Entry]] = [:]

    /// `kinds` in taxonomy order, each with its hints.
    init(_ kinds: [(kind: Kind, hints: [Hint])], appLanguage: String) {
        let languages: Set<String> = ["en", Self.baseLanguage(of: appLanguage)]
        for (order, item) in kinds.enumerated() {
            for hint in item.hints where languages.contains(hint.language) {
                entries[hint.words, default: []].append(Entry(kind: item.kind, order: order, except: hint.except))
            }
        }
    }

    /// `de` for `de-AT`.
    static func baseLanguage(of tag: String) -> String {
        let lowered = tag.lowercased()
        return lowered.split(separator: "-").first.map(String.init) ?? lowered
    }

    /// The winning hint in `text` among the kinds that `value` gives a value for, as the words
    /// of the text it matched.
    func suggestion<Value>(in text: String, _ value: (Kind) -> Value?) -> (phrase: String, value: Value)? {
        let words = IdentifierWords.split(text)
        var matches: [Match] = []
        for start in words.indices {
            for length in 1...min(IdentifierWords.maxPhraseWords, words.count - start) {
                for entry in entries[Array(words[start..<start + length])] ?? []
                where !Self.isCancelled(start: start, length: length, by: entry.except, in: words) {
                    matches.append(Match(start: start, length: length, entry: entry))
                }
            }
        }
        var best: (match: Match, value: Value)?
        for match in matches where !matches.contains(where: { match.lies(inside: $0) }) {
            if let current = best?.match,
                current.length > match.length || (current.length == match.length && current.entry.order <= match.entry.order)
            {
                continue
            }
            guard let found = value(match.entry.kind) else { continue }
            best = (match, found)
        }
        return best.map { (words[$0.match.start..<$0.match.end].joined(separator: " "), $0.value) }
    }

    /// Whether an `except` phrase occurs around the words `start..<start + length`.
    private static func isCancelled(start: Int, length: Int, by except: [[String]], in words: [String]) -> Bool {
        except.contains { phrase in
            let first = max(0, start + length - phrase.count)
            let last = min(start, words.count - phrase.count)
            guard first <= last else { return false }
            return (first...last).contains { words[$0..<$0 + phrase.count].elementsEqual(phrase) }
        }
    }
}

/// The words of an id or a label, for hint matching (CAP010, CAP014): lowercase tokens split on
/// anything but letters and digits and at camelCase boundaries, so that `cardNumber`,
/// `card-number` and "Card number" all read as `card number`.
enum IdentifierWords {
    /// The longest hint phrase, in words: keeps matching linear whatever a pack says.
    static let maxPhraseWords = 3

    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in text {
            guard character.isLetter || character.isNumber else {
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

    /// The first hint phrase found as consecutive words (at the earliest word, longest first),
    /// with what it stands for.
    static func firstHint<Value>(in words: [String], among hints: [[String]: Value]) -> (phrase: String, value: Value)? {
        for start in words.indices {
            for length in stride(from: min(maxPhraseWords, words.count - start), through: 1, by: -1) {
                let phrase = Array(words[start..<start + length])
                if let value = hints[phrase] { return (phrase.joined(separator: " "), value) }
            }
        }
        return nil
    }
}
